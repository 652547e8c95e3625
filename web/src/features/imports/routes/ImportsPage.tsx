import {
  Alert,
  Anchor,
  Button,
  Card,
  FileInput,
  Group,
  Select,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { PageHeader } from '../../../components/PageHeader';
import { Pager } from '../../../components/Pager';
import { ErrorNotice, QueryState } from '../../../components/QueryState';
import { formatInstant, formatNumber } from '../../../lib/i18n/format';
import { useLanguage, useT } from '../../../lib/i18n/I18nProvider';
import { paths } from '../../../lib/paths';
import { useUnit } from '../../../lib/unit';
import { JOBS_PAGE_SIZE, UploadRefused, useDownload, useImportJobs, useUploadWorkbook } from '../api';
import { JobStatusBadge } from '../components/JobStatusBadge';
import { RefusalNotice } from '../components/RefusalNotice';
import { JOB_STATUSES, localRefusal, type Refusal, refusalOf } from '../logic';

/** The employee import: the template and today's data to start from, the upload, the jobs so far. */
export default function ImportsPage() {
  const t = useT();
  const download = useDownload();
  return (
    <>
      <PageHeader title={t('imports.title')} description={t('imports.description')} />
      <Stack gap="lg">
        <SimpleGrid cols={{ base: 1, md: 2 }}>
          <Card withBorder>
            <Title order={2} size="h4" mb="xs">
              {t('imports.start.title')}
            </Title>
            <Text size="sm" c="dimmed" mb="sm">
              {t('imports.start.body')}
            </Text>
            <Group gap="sm">
              <Button
                variant="light"
                onClick={() => download.mutate({ kind: 'template' })}
                loading={download.isPending && download.variables?.kind === 'template'}
                data-testid="download-template"
              >
                {t('imports.download.template')}
              </Button>
              <Button
                variant="light"
                onClick={() => download.mutate({ kind: 'current' })}
                loading={download.isPending && download.variables?.kind === 'current'}
                data-testid="download-current"
              >
                {t('imports.download.current')}
              </Button>
            </Group>
            {download.error && (
              <Stack mt="sm">
                <ErrorNotice error={download.error} />
              </Stack>
            )}
          </Card>
          <UploadCard />
        </SimpleGrid>
        <History />
      </Stack>
    </>
  );
}

function UploadCard() {
  const t = useT();
  const navigate = useNavigate();
  const upload = useUploadWorkbook();
  const [file, setFile] = useState<File | null>(null);
  const [refusal, setRefusal] = useState<Refusal | null>(null);
  const [duplicateOf, setDuplicateOf] = useState<{ job: string; earlier: string } | null>(null);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!file) return;
    setDuplicateOf(null);
    const local = localRefusal(file);
    setRefusal(local);
    if (local) return;
    upload.mutate(file, {
      onSuccess: (created) => {
        if (created.warning === 'DUPLICATE_FILE' && created.duplicateOfJobId)
          setDuplicateOf({ job: created.job.id, earlier: created.duplicateOfJobId });
        else navigate(paths.importJob(created.job.id));
      },
      onError: (error) =>
        setRefusal(
          error instanceof UploadRefused
            ? refusalOf(error.status, error.problem, error.retryAfter)
            : { kind: 'other', detail: null },
        ),
    });
  };
  return (
    <Card withBorder component="form" onSubmit={submit} aria-labelledby="upload-title">
      <Title order={2} size="h4" mb="xs" id="upload-title">
        {t('imports.upload.title')}
      </Title>
      <Text size="sm" c="dimmed" mb="sm">
        {t('imports.upload.body')}
      </Text>
      <FileInput
        label={t('imports.upload.file')}
        placeholder={t('imports.upload.choose')}
        accept=".xlsx,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
        value={file}
        onChange={(chosen) => {
          setFile(chosen);
          setRefusal(null);
          setDuplicateOf(null);
        }}
        clearable
        clearButtonProps={{ 'aria-label': t('imports.upload.clear') }}
        data-testid="upload-file"
      />
      {refusal && (
        <Stack mt="sm">
          <RefusalNotice refusal={refusal} />
        </Stack>
      )}
      {duplicateOf && (
        <Alert
          color="yellow"
          mt="sm"
          role="status"
          title={t('imports.duplicate.title')}
          data-testid="duplicate-warning"
        >
          <Text size="sm">{t('imports.duplicate.body')}</Text>
          <Group gap="md" mt="xs">
            <Anchor component={Link} to={paths.importJob(duplicateOf.job)}>
              {t('imports.duplicate.thisJob')}
            </Anchor>
            <Anchor component={Link} to={paths.importJob(duplicateOf.earlier)}>
              {t('imports.duplicate.earlierJob')}
            </Anchor>
          </Group>
        </Alert>
      )}
      <Group justify="flex-end" mt="sm">
        <Button type="submit" disabled={!file} loading={upload.isPending} data-testid="upload-submit">
          {t('imports.upload.submit')}
        </Button>
      </Group>
    </Card>
  );
}

function History() {
  const t = useT();
  const lang = useLanguage();
  const unit = useUnit();
  const [params, setParams] = useSearchParams();
  const status = params.get('status') ?? '';
  const page = Math.max(1, Number(params.get('page')) || 1);
  const jobs = useImportJobs(status, page);
  const change = (key: string, value: string) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (key !== 'page') next.delete('page');
        if (value) next.set(key, value);
        else next.delete(key);
        return next;
      },
      { replace: true },
    );
  const data = jobs.data;
  return (
    <section aria-labelledby="history-title">
      <Group justify="space-between" align="flex-end" mb="xs">
        <Title order={2} size="h4" id="history-title">
          {t('imports.history.title')}
        </Title>
        <Select
          label={t('imports.history.status')}
          data={JOB_STATUSES.map((s) => ({ value: s, label: t(`imports.status.${s}`) }))}
          value={status || null}
          onChange={(value) => change('status', value ?? '')}
          clearable
          w={220}
          maw="100%"
        />
      </Group>
      <QueryState query={jobs}>
        {data &&
          (data.items.length === 0 ? (
            <Text c="dimmed">{t('imports.history.empty')}</Text>
          ) : (
            <>
              <Table.ScrollContainer minWidth={640}>
                <Table striped highlightOnHover aria-label={t('imports.history.title')}>
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th>{t('imports.history.file')}</Table.Th>
                      <Table.Th>{t('imports.history.started')}</Table.Th>
                      <Table.Th>{t('imports.history.by')}</Table.Th>
                      <Table.Th>{t('imports.history.status')}</Table.Th>
                      <Table.Th>{t('imports.history.rows')}</Table.Th>
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {data.items.map((job) => (
                      <Table.Tr key={job.id} data-testid="job-row">
                        <Table.Td>
                          <Anchor component={Link} to={paths.importJob(job.id)}>
                            <bdi>{job.fileName ?? t('imports.job.unnamed')}</bdi>
                          </Anchor>
                        </Table.Td>
                        <Table.Td>{formatInstant(lang, job.createdAt, unit.timeZone)}</Table.Td>
                        <Table.Td>
                          <bdi>{job.createdBy ?? '—'}</bdi>
                        </Table.Td>
                        <Table.Td>
                          <JobStatusBadge status={job.status} />
                        </Table.Td>
                        <Table.Td>
                          {t('imports.history.rowsSummary', {
                            done: formatNumber(lang, job.rowsDone),
                            total: formatNumber(lang, job.rowsTotal),
                            failed: job.rowsFailed,
                            failedText: formatNumber(lang, job.rowsFailed),
                          })}
                        </Table.Td>
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              </Table.ScrollContainer>
              <Pager
                page={page}
                total={data.total}
                pageSize={JOBS_PAGE_SIZE}
                onChange={(p) => change('page', String(p))}
              />
            </>
          ))}
      </QueryState>
    </section>
  );
}
