import {
  Alert,
  Badge,
  Button,
  Card,
  FileInput,
  Group,
  List,
  SegmentedControl,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { useState } from 'react';
import { Link } from 'react-router';
import { PageHeader } from '../../../components/PageHeader';
import { formatDay, formatInstant, formatNumber } from '../../../lib/i18n/format';
import { useLanguage, useT } from '../../../lib/i18n/I18nProvider';
import { paths } from '../../../lib/paths';
import { useUnit } from '../../../lib/unit';
import { downloadTemplate, type ImportRow, useCommitImport, usePreviewImport } from '../api';
import { refusalText, rowReasonText } from '../components/problems';
import { ValuesText } from '../components/ValuesText';

type Verdict = ImportRow['verdict'];
const VERDICTS: Verdict[] = ['new', 'changed', 'unchanged', 'rejected'];
const VERDICT_COLOR: Record<Verdict, string> = {
  new: 'blue',
  changed: 'orange',
  unchanged: 'gray',
  rejected: 'red',
};

/**
 * The attendance import: the template, a workbook checked row by row (new, changed with the values
 * before and after, unchanged, refused with the reasons) and then committed, the valid rows at once.
 */
export default function AttendanceImportPage() {
  const t = useT();
  const lang = useLanguage();
  const unit = useUnit();
  const [file, setFile] = useState<File | null>(null);
  const [shown, setShown] = useState<Verdict | 'all'>('all');
  const [templateFailed, setTemplateFailed] = useState(false);
  const preview = usePreviewImport();
  const commit = useCommitImport();
  const data = preview.data;
  const committed = commit.data && data && commit.data.previewId === data.previewId ? commit.data : null;
  const rows = (data?.rows ?? []).filter((row) => shown === 'all' || row.verdict === shown);
  const check = () => {
    if (!file) return;
    commit.reset();
    setShown('all');
    preview.mutate(file);
  };
  const writable = data ? data.summary.new + data.summary.changed : 0;
  return (
    <>
      <PageHeader
        title={t('attendanceAdmin.import.title')}
        description={t('attendanceAdmin.import.description')}
        actions={
          <Button
            variant="light"
            onClick={() => {
              setTemplateFailed(false);
              downloadTemplate().catch(() => setTemplateFailed(true));
            }}
          >
            {t('attendanceAdmin.import.template')}
          </Button>
        }
      />
      {templateFailed && (
        <Alert color="red" mb="md" role="alert">
          {t('error.network')}
        </Alert>
      )}
      <Card withBorder mb="md">
        <Group align="flex-end" wrap="wrap" gap="sm">
          <FileInput
            label={t('attendanceAdmin.import.file')}
            description={t('attendanceAdmin.import.fileHint')}
            placeholder={t('attendanceAdmin.import.choose')}
            accept=".xlsx,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
            value={file}
            onChange={(chosen) => {
              setFile(chosen);
              preview.reset();
              commit.reset();
            }}
            clearable
            clearButtonProps={{ 'aria-label': t('common.filter.clear') }}
            w={{ base: '100%', sm: 360 }}
            data-testid="import-file"
          />
          <Button onClick={check} disabled={!file} loading={preview.isPending}>
            {t('attendanceAdmin.import.check')}
          </Button>
        </Group>
        {preview.error && (
          <Alert color="red" mt="sm" role="alert" data-testid="import-refusal">
            {refusalText(t, preview.error)}
          </Alert>
        )}
      </Card>
      {data && (
        <Stack gap="md" data-testid="import-preview">
          <SimpleGrid cols={{ base: 2, sm: 5 }}>
            {(['rows', ...VERDICTS] as const).map((key) => (
              <Card key={key} withBorder padding="xs" data-testid={`summary-${key}`}>
                <Text size="xs" c="dimmed">
                  {t(`attendanceAdmin.import.summary.${key}`)}
                </Text>
                <Text fw={700} size="lg">
                  {formatNumber(lang, data.summary[key])}
                </Text>
              </Card>
            ))}
          </SimpleGrid>
          {committed ? (
            <Alert
              color="green"
              role="status"
              data-testid="import-committed"
              title={t('attendanceAdmin.import.committed')}
            >
              <Text size="sm">
                {t('attendanceAdmin.import.result', {
                  inserted: committed.inserted,
                  updated: committed.updated,
                  unchanged: committed.unchanged,
                  rejected: committed.rejected,
                })}
              </Text>
              <Group gap="md" mt="xs">
                <Button component={Link} to={paths.reconciliationExceptions} variant="default" size="xs">
                  {t('attendanceAdmin.import.toExceptions')}
                </Button>
                <Button component={Link} to={paths.attendanceRecords} variant="default" size="xs">
                  {t('attendanceAdmin.import.toRecords')}
                </Button>
              </Group>
            </Alert>
          ) : (
            <Card withBorder>
              <Text size="sm">
                {t('attendanceAdmin.import.commitHint', {
                  count: writable,
                  until: formatInstant(lang, data.expiresAt, unit.timeZone),
                })}
              </Text>
              {commit.error && (
                <Alert color="red" mt="sm" role="alert">
                  {refusalText(t, commit.error)}
                </Alert>
              )}
              <Group mt="sm">
                <Button
                  color="green"
                  onClick={() => commit.mutate(data.previewId)}
                  loading={commit.isPending}
                  disabled={writable === 0}
                >
                  {t('attendanceAdmin.import.commit', { count: writable })}
                </Button>
              </Group>
            </Card>
          )}
          <Title order={2} size="h4">
            {t('attendanceAdmin.import.rows')}
          </Title>
          <SegmentedControl
            value={shown}
            onChange={(value) => setShown(value as Verdict | 'all')}
            aria-label={t('attendanceAdmin.import.show')}
            data={[
              { value: 'all', label: t('attendanceAdmin.import.all', { count: data.summary.rows }) },
              ...VERDICTS.map((verdict) => ({
                value: verdict,
                label: `${t(`attendanceAdmin.import.verdict.${verdict}`)} (${formatNumber(lang, data.summary[verdict])})`,
              })),
            ]}
            style={{ maxWidth: '100%', overflowX: 'auto' }}
          />
          <Table.ScrollContainer minWidth={720}>
            <Table striped data-testid="preview-table" style={{ whiteSpace: 'nowrap' }}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('attendanceAdmin.import.row')}</Table.Th>
                  <Table.Th>{t('attendanceAdmin.import.employee')}</Table.Th>
                  <Table.Th>{t('common.attendance.date')}</Table.Th>
                  <Table.Th>{t('attendanceAdmin.import.verdict')}</Table.Th>
                  <Table.Th>{t('reviews.before')}</Table.Th>
                  <Table.Th>{t('attendanceAdmin.import.fromFile')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {rows.map((row) => (
                  <Table.Tr
                    key={row.rowNumber}
                    data-testid="preview-row"
                    data-verdict={row.verdict}
                    data-employee={row.employeeNumber}
                  >
                    <Table.Td>{formatNumber(lang, row.rowNumber)}</Table.Td>
                    <Table.Td>
                      <bdi dir="ltr">{row.employeeNumber || '—'}</bdi>
                    </Table.Td>
                    <Table.Td>{row.date ? formatDay(lang, row.date) : '—'}</Table.Td>
                    <Table.Td>
                      <Badge color={VERDICT_COLOR[row.verdict]} styles={{ label: { overflow: 'visible' } }}>
                        {t(`attendanceAdmin.import.verdict.${row.verdict}`)}
                      </Badge>
                    </Table.Td>
                    <Table.Td>{row.before ? <ValuesText values={row.before} /> : '—'}</Table.Td>
                    <Table.Td>
                      {row.verdict === 'rejected' ? (
                        <List
                          size="sm"
                          data-testid="row-reasons"
                          style={{ whiteSpace: 'normal', minWidth: 260 }}
                        >
                          {row.errors.map((reason) => (
                            <List.Item key={`${reason.column}-${reason.code}`}>
                              <bdi>{reason.column}</bdi>: {rowReasonText(t, reason)}
                            </List.Item>
                          ))}
                        </List>
                      ) : (
                        <ValuesText
                          values={{
                            Time_In: row.Time_In,
                            Time_Out: row.Time_Out,
                            statusCode: row.statusCode ?? '—',
                          }}
                        />
                      )}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        </Stack>
      )}
    </>
  );
}
