import { Card, SimpleGrid, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { BarChart } from '../../../components/bar-chart/BarChart';
import { PageHeader } from '../../../components/PageHeader';
import { QueryState } from '../../../components/QueryState';
import { type Range, RangeFilters, rangeQuery } from '../../../components/RangeFilters';
import { useDepartments } from '../../../lib/api/lookups';
import { addDays, today } from '../../../lib/dates';
import { formatDay, formatNumber, localName } from '../../../lib/i18n/format';
import { useLanguage, useT } from '../../../lib/i18n/I18nProvider';
import { useUnit } from '../../../lib/unit';
import { useUtilization, useVariance } from '../api';
import { headsByDate, utilizationPercent } from '../components/variance';

/** Required, planned and actual heads per date, and utilization per department, over a range. */
export default function VariancePage() {
  const t = useT();
  const lang = useLanguage();
  const unit = useUnit();
  const yesterday = addDays(today(unit.timeZone), -1);
  const [range, setRange] = useState<Range>({
    from: addDays(yesterday, -13),
    to: yesterday,
    departmentId: null,
  });
  const query = rangeQuery(range);
  const variance = useVariance(query);
  const utilization = useUtilization(query);
  const departments = useDepartments();
  const number = (value: number) => formatNumber(lang, value);
  const percent = (value: number) =>
    formatNumber(lang, value / 100, { style: 'percent', maximumFractionDigits: 1 });
  const series = [
    { key: 'required', label: t('reconciliation.variance.required'), color: 'var(--mantine-color-gray-6)' },
    { key: 'planned', label: t('reconciliation.variance.planned'), color: 'var(--mantine-color-blue-7)' },
    { key: 'actual', label: t('reconciliation.variance.actual'), color: 'var(--mantine-color-teal-8)' },
  ];
  const days = headsByDate(variance.data?.lines ?? []);
  const totals = variance.data?.totals;
  const departmentName = (id: string | null) => {
    const node = id ? departments.data?.get(id) : undefined;
    return node ? localName(lang, node) : t('reconciliation.variance.noDepartment');
  };
  const overall = utilizationPercent(utilization.data?.overall.utilization ?? null);
  return (
    <>
      <PageHeader
        title={t('reconciliation.variance.title')}
        description={t('reconciliation.variance.description')}
      />
      <RangeFilters value={range} onChange={setRange} />
      <Stack gap="lg">
        <QueryState query={variance}>
          {totals && (
            <SimpleGrid cols={{ base: 1, xs: 3 }} data-testid="variance-totals">
              {series.map((s) => (
                <Card key={s.key} withBorder padding="sm">
                  <Text size="sm" c="dimmed">
                    {s.label}
                  </Text>
                  <Text fw={700} size="xl">
                    {number(totals[s.key as keyof typeof totals])}
                  </Text>
                </Card>
              ))}
            </SimpleGrid>
          )}
          {days.length === 0 ? (
            <Text c="dimmed">{t('reconciliation.variance.empty')}</Text>
          ) : (
            <Card withBorder>
              <BarChart
                testId="variance-chart"
                title={t('reconciliation.variance.chartTitle')}
                series={series}
                categories={days.map((day) => ({
                  key: day.date,
                  label: formatDay(lang, day.date, { weekday: 'short', day: 'numeric', month: 'short' }),
                  values: { required: day.required, planned: day.planned, actual: day.actual },
                }))}
                format={number}
              />
            </Card>
          )}
        </QueryState>
        <QueryState query={utilization}>
          {utilization.data && (
            <Card withBorder>
              <Text size="sm" c="dimmed">
                {t('reconciliation.utilization.overall')}
              </Text>
              <Text fw={700} size="xl" mb="sm" data-testid="utilization-overall">
                {overall === null ? '—' : percent(overall)}
              </Text>
              {utilization.data.departments.length === 0 ? (
                <Text c="dimmed">{t('reconciliation.utilization.empty')}</Text>
              ) : (
                <BarChart
                  testId="utilization-chart"
                  title={t('reconciliation.utilization.chartTitle')}
                  series={[
                    {
                      key: 'utilization',
                      label: t('reconciliation.utilization.label'),
                      color: 'var(--mantine-color-indigo-7)',
                    },
                  ]}
                  max={Math.max(
                    100,
                    ...utilization.data.departments.map((d) => utilizationPercent(d.utilization) ?? 0),
                  )}
                  categories={utilization.data.departments.map((d) => ({
                    key: d.departmentId ?? 'none',
                    label: `${departmentName(d.departmentId)} · ${t('reconciliation.utilization.hours', {
                      actual: number(Math.round(d.actualHours)),
                      planned: number(Math.round(d.plannedHours)),
                    })}`,
                    values: { utilization: utilizationPercent(d.utilization) ?? 0 },
                  }))}
                  format={percent}
                />
              )}
            </Card>
          )}
        </QueryState>
      </Stack>
    </>
  );
}
