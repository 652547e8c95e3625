import { Alert, Anchor, Button, Card, Group, Progress, SimpleGrid, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import { PageHeader } from '../../../components/PageHeader';
import { ErrorNotice, QueryState } from '../../../components/QueryState';
import { useProfile } from '../../../lib/api/profile';
import { usePermissions } from '../../../lib/auth/permissions';
import { formatInstant, formatList, formatNumber, isolated } from '../../../lib/i18n/format';
import { useLanguage, useT } from '../../../lib/i18n/I18nProvider';
import { paths } from '../../../lib/paths';
import { useUnit } from '../../../lib/unit';
import { useCancelJob, useDownload, useImportJob } from '../api';
import { JobStatusBadge } from '../components/JobStatusBadge';
import { isActive, progressPercent } from '../logic';

function Figure({ label, value, testId }: { label: string; value: ReactNode; testId?: string }) {
  return (
    <div>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text fw={700} size="lg" component="div" data-testid={testId}>
        {value}
      </Text>
    </div>
  );
}

/** One import job: its progress while it runs (read every second), then its result and error report. */
export default function ImportJobPage() {
  const t = useT();
  const lang = useLanguage();
  const unit = useUnit();
  const { id = '' } = useParams();
  const job = useImportJob(id);
  const cancel = useCancelJob();
  const download = useDownload();
  const profile = useProfile();
  const { has } = usePermissions();
  // The service lets only a SYS_ADMIN holding imports.view_history cancel (DELETE /imports/jobs/:id).
  const mayCancel = has('imports.view_history') && (profile.data?.roles ?? []).includes('SYS_ADMIN');
  const j = job.data;
  const percent = j ? progressPercent(j) : 0;
  return (
    <>
      <PageHeader
        title={t('imports.job.title')}
        description={j ? (j.fileName ?? t('imports.job.unnamed')) : undefined}
        actions={
          <Anchor component={Link} to={paths.imports}>
            {t('imports.job.back')}
          </Anchor>
        }
      />
      <QueryState query={job}>
        {j && (
          <Stack gap="lg">
            <Card withBorder>
              <Group justify="space-between" mb="sm">
                <JobStatusBadge status={j.status} />
                {j.cancelRequested && isActive(j.status) && (
                  <Text size="sm" c="dimmed">
                    {t('imports.job.cancelRequested')}
                  </Text>
                )}
              </Group>
              <Progress
                value={percent}
                animated={isActive(j.status)}
                aria-label={t('imports.job.progress', { percent })}
                size="lg"
                color={j.rowsFailed > 0 ? 'orange' : 'blue'}
              />
              <Text size="sm" mt={4} aria-live="polite">
                {isActive(j.status)
                  ? t('imports.job.running', {
                      done: formatNumber(lang, j.rowsDone),
                      total: formatNumber(lang, j.rowsTotal),
                    })
                  : t(
                      `imports.job.finished.${j.status === 'CompletedWithErrors' ? 'withErrors' : j.status}` as
                        | 'imports.job.finished.Completed'
                        | 'imports.job.finished.withErrors'
                        | 'imports.job.finished.Failed'
                        | 'imports.job.finished.Cancelled',
                    )}
              </Text>
              <SimpleGrid cols={{ base: 2, sm: 4 }} mt="md">
                <Figure label={t('imports.job.rowsTotal')} value={formatNumber(lang, j.rowsTotal)} />
                <Figure label={t('imports.job.rowsDone')} value={formatNumber(lang, j.rowsDone)} />
                <Figure
                  label={t('imports.job.rowsChanged')}
                  value={formatNumber(lang, j.rowsChanged)}
                  testId="rows-changed"
                />
                <Figure
                  label={t('imports.job.rowsFailed')}
                  value={formatNumber(lang, j.rowsFailed)}
                  testId="rows-failed"
                />
              </SimpleGrid>
              <SimpleGrid cols={{ base: 1, sm: 3 }} mt="md">
                <Figure
                  label={t('imports.job.created')}
                  value={<Text size="sm">{formatInstant(lang, j.createdAt, unit.timeZone)}</Text>}
                />
                <Figure
                  label={t('imports.job.finishedAt')}
                  value={
                    <Text size="sm">
                      {j.finishedAt ? formatInstant(lang, j.finishedAt, unit.timeZone) : '—'}
                    </Text>
                  }
                />
                <Figure label={t('imports.history.by')} value={<Text size="sm">{j.createdBy ?? '—'}</Text>} />
              </SimpleGrid>
            </Card>
            {j.error && (
              <Alert color="red" role="alert" title={t('imports.job.error')}>
                <bdi>{j.error}</bdi>
              </Alert>
            )}
            {j.notices.length > 0 && (
              <Alert color="yellow" title={t('imports.job.notices.title')} data-testid="import-notices">
                <Stack gap={4}>
                  <Text size="sm">
                    {t('imports.job.notices.gradeWithoutRate', {
                      grades: formatList(
                        lang,
                        j.notices.map((notice) => isolated(notice.gradeCode)),
                      ),
                    })}
                  </Text>
                  {has('labour_cost.view') && (
                    <Anchor component={Link} to={paths.costSettings} size="sm">
                      {t('imports.job.notices.setRates')}
                    </Anchor>
                  )}
                </Stack>
              </Alert>
            )}
            <Group gap="sm">
              {j.rowsFailed > 0 && !isActive(j.status) && (
                <Button
                  onClick={() => download.mutate({ kind: 'errors', jobId: j.id })}
                  loading={download.isPending}
                  data-testid="download-errors"
                >
                  {t('imports.job.errorReport', { count: j.rowsFailed })}
                </Button>
              )}
              {mayCancel && isActive(j.status) && !j.cancelRequested && (
                <Button
                  color="red"
                  variant="light"
                  onClick={() => cancel.mutate(j.id)}
                  loading={cancel.isPending}
                >
                  {t('imports.job.cancel')}
                </Button>
              )}
            </Group>
            {download.error && <ErrorNotice error={download.error} />}
            {cancel.error && <ErrorNotice error={cancel.error} />}
          </Stack>
        )}
      </QueryState>
    </>
  );
}
