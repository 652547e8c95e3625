import { Alert, Button, Group, Paper, SegmentedControl, Select, SimpleGrid, Text } from '@mantine/core';
import { useState } from 'react';
import { DayInput, MonthInput } from '../../../components/DayInput';
import { PageHeader } from '../../../components/PageHeader';
import { ApiError } from '../../../lib/api/client';
import { useDepartments } from '../../../lib/api/lookups';
import { usePermissions } from '../../../lib/auth/permissions';
import { monthOf, today } from '../../../lib/dates';
import { formatDay, formatNumber, isolated, localName } from '../../../lib/i18n/format';
import { useLanguage, useT } from '../../../lib/i18n/I18nProvider';
import { useUnit } from '../../../lib/unit';
import {
  type FileFormat,
  type ReportFile,
  type ReportKind,
  type ReportLanguage,
  useDraftRuns,
  useReportFile,
} from '../api';
import { reportsProblem } from '../components/problem';
import { UtilizationTable } from '../components/UtilizationTable';

const PUBLISHED = 'published';

/** Hands a fetched file to the browser: saved under its name, or opened in a tab (a PDF). */
function deliver(file: ReportFile, tab: Window | null) {
  const url = URL.createObjectURL(file.blob);
  if (tab) tab.location.href = url;
  else {
    const link = document.createElement('a');
    link.href = url;
    link.download = file.name;
    document.body.append(link);
    link.click();
    link.remove();
  }
  // The tab or the download has read the object by then; the memory goes back.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

/**
 * The daily and monthly roster (published, or the draft of a run), the variance and the utilization, in
 * either language, as a PDF or a workbook, opened in a tab or downloaded; the utilization shows here.
 */
export default function ReportsPage() {
  const t = useT();
  const lang = useLanguage();
  const unit = useUnit();
  const { has } = usePermissions();
  const departments = useDepartments();
  const kinds: ReportKind[] = [
    ...(has('roster.view') ? (['daily', 'monthly'] as const) : []),
    ...(has('reconciliation.view') ? (['variance', 'utilization'] as const) : []),
  ];
  const [kind, setKind] = useState<ReportKind | undefined>(kinds[0]);
  const now = today(unit.timeZone);
  const [date, setDate] = useState(now);
  const [month, setMonth] = useState(monthOf(now));
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const [departmentId, setDepartmentId] = useState<string | null>(null);
  const [reportLang, setReportLang] = useState<ReportLanguage>(lang);
  const [format, setFormat] = useState<FileFormat>('pdf');
  const [source, setSource] = useState<string>(PUBLISHED);
  const [utilizationQuery, setUtilizationQuery] = useState<{
    from?: string;
    to?: string;
    departmentId?: string;
  } | null>(null);
  const roster = kind === 'daily' || kind === 'monthly';
  const runs = useDraftRuns(roster && has('allocation_run.read'));
  const file = useReportFile();
  const [delivered, setDelivered] = useState<ReportFile | null>(null);

  if (!kind)
    return (
      <Alert color="orange" title={t('error.forbidden.title')} role="alert">
        {t('error.forbidden.body')}
      </Alert>
    );

  const fetchFile = (open: boolean) => {
    if (kind === 'utilization') return;
    // The tab opens in the click itself, or the browser would block it as a pop-up.
    const tab = open ? window.open('about:blank', '_blank') : null;
    setDelivered(null);
    file.mutate(
      {
        kind,
        format: open ? 'pdf' : format,
        lang: reportLang,
        departmentId: departmentId ?? undefined,
        ...(kind === 'daily' ? { date } : kind === 'monthly' ? { month } : { from, to }),
        ...(roster && source !== PUBLISHED ? { runId: source } : {}),
      },
      {
        onSuccess: (result) => {
          deliver(result, tab);
          setDelivered(result);
        },
        onError: () => tab?.close(),
      },
    );
  };

  const runLabel = (run: (typeof runs.data & object)[number]) =>
    t('reports.source.run', {
      plan: run.plan.name,
      from: formatDay(lang, run.from),
      to: formatDay(lang, run.to),
    });

  return (
    <>
      <PageHeader title={t('reports.title')} description={t('reports.description')} />
      <Paper withBorder p="md" data-testid="report-form">
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <Select
            label={t('reports.kind')}
            data={kinds.map((value) => ({
              value,
              label: t(`reports.kind.${value}` as 'reports.kind.daily'),
            }))}
            value={kind}
            onChange={(value) => {
              if (value) setKind(value as ReportKind);
              setDelivered(null);
            }}
            allowDeselect={false}
            data-testid="report-kind"
          />
          <Select
            label={t('reports.department')}
            placeholder={t('reports.allDepartments')}
            clearable
            data={[...(departments.data?.values() ?? [])].map((node) => ({
              value: node.id,
              label: localName(lang, node),
            }))}
            value={departmentId}
            onChange={setDepartmentId}
          />
          {roster && has('allocation_run.read') && (
            <Select
              label={t('reports.source')}
              description={t('reports.sourceHint')}
              data={[
                { value: PUBLISHED, label: t('reports.source.published') },
                ...(runs.data ?? []).map((run) => ({ value: run.id, label: runLabel(run) })),
              ]}
              value={source}
              onChange={(value) => setSource(value ?? PUBLISHED)}
              allowDeselect={false}
              data-testid="report-source"
            />
          )}
          {kind === 'daily' && (
            <DayInput
              label={t('reports.date')}
              value={date}
              onChange={setDate}
              required
              data-testid="report-date"
            />
          )}
          {kind === 'monthly' && (
            <MonthInput
              label={t('reports.month')}
              value={month}
              onChange={setMonth}
              required
              data-testid="report-month"
            />
          )}
          {(kind === 'variance' || kind === 'utilization') && (
            <>
              <DayInput
                label={t('reports.from')}
                description={t('reports.fromHint')}
                value={from}
                onChange={setFrom}
              />
              <DayInput
                label={t('reports.to')}
                description={t('reports.toHint')}
                value={to}
                onChange={setTo}
              />
            </>
          )}
        </SimpleGrid>
        {kind !== 'utilization' && (
          <Group mt="md" gap="xl" wrap="wrap">
            <div>
              <Text size="sm" fw={500} id="report-lang-label" mb={4}>
                {t('reports.language')}
              </Text>
              <SegmentedControl
                aria-labelledby="report-lang-label"
                value={reportLang}
                onChange={(value) => setReportLang(value as ReportLanguage)}
                data={[
                  { value: 'en', label: t('reports.language.en') },
                  { value: 'ar', label: t('reports.language.ar') },
                ]}
                data-testid="report-lang"
              />
            </div>
            <div>
              <Text size="sm" fw={500} id="report-format-label" mb={4}>
                {t('reports.format')}
              </Text>
              <SegmentedControl
                aria-labelledby="report-format-label"
                value={format}
                onChange={(value) => setFormat(value as FileFormat)}
                data={[
                  { value: 'pdf', label: t('reports.format.pdf') },
                  { value: 'xlsx', label: t('reports.format.xlsx') },
                ]}
                data-testid="report-format"
              />
            </div>
          </Group>
        )}
        <Group mt="md" gap="sm">
          {kind === 'utilization' ? (
            <Button
              onClick={() =>
                setUtilizationQuery({
                  ...(from ? { from } : {}),
                  ...(to ? { to } : {}),
                  ...(departmentId ? { departmentId } : {}),
                })
              }
              data-testid="report-show"
            >
              {t('reports.show')}
            </Button>
          ) : (
            <>
              <Button onClick={() => fetchFile(false)} loading={file.isPending} data-testid="report-download">
                {t('reports.download')}
              </Button>
              {format === 'pdf' && (
                <Button
                  variant="light"
                  onClick={() => fetchFile(true)}
                  disabled={file.isPending}
                  data-testid="report-open"
                >
                  {t('reports.open')}
                </Button>
              )}
            </>
          )}
        </Group>
      </Paper>
      {file.error && (
        <Alert color="red" role="alert" mt="md">
          {file.error instanceof ApiError ? reportsProblem(t, file.error) : t('error.network')}
        </Alert>
      )}
      {delivered && (
        <Alert color="green" role="status" mt="md" data-testid="report-delivered">
          {t('reports.delivered', {
            name: isolated(delivered.name),
            size: formatNumber(lang, Math.max(1, Math.round(delivered.blob.size / 1024))),
          })}
        </Alert>
      )}
      {kind === 'utilization' && utilizationQuery && <UtilizationTable query={utilizationQuery} />}
    </>
  );
}
