import { Badge, Button, Card, Group, Select, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { BarChart } from '../../../components/bar-chart/BarChart';
import { PageHeader } from '../../../components/PageHeader';
import { QueryState } from '../../../components/QueryState';
import { addMonths, monthOf, today } from '../../../lib/dates';
import { formatMoney, localName, monthTitle } from '../../../lib/i18n/format';
import { useLanguage, useT } from '../../../lib/i18n/I18nProvider';
import { useUnit } from '../../../lib/unit';
import { type DepartmentMonthCost, useCostReportFile, useMonthCost } from '../api';
import { CostBreakdown } from '../components/CostBreakdown';
import { amountForChart } from '../components/money';

/** A month of each department in scope: its budget against the planned roster's cost and attendance's. */
export default function LabourCostPage() {
  const t = useT();
  const lang = useLanguage();
  const unit = useUnit();
  const current = monthOf(today(unit.timeZone));
  const [month, setMonth] = useState(current);
  const months = Array.from({ length: 9 }, (_, index) => addMonths(current, 2 - index));
  const cost = useMonthCost(month);
  const file = useCostReportFile();
  const currency = cost.data?.currency ?? 'SAR';
  const money = (amount: number) => formatMoney(lang, amount.toFixed(2), currency);
  const series = [
    { key: 'budget', label: t('costs.month.budget'), color: 'var(--mantine-color-gray-6)' },
    { key: 'planned', label: t('costs.month.planned'), color: 'var(--mantine-color-blue-7)' },
    { key: 'actual', label: t('costs.month.actual'), color: 'var(--mantine-color-teal-8)' },
  ];
  const departments = cost.data?.departments ?? [];
  return (
    <>
      <PageHeader title={t('costs.month.title')} description={t('costs.month.description')} />
      <Group mb="md" align="end" wrap="wrap">
        <Select
          label={t('costs.month.pick')}
          data={months.map((value) => ({ value, label: monthTitle(lang, value) }))}
          value={month}
          onChange={(value) => value && setMonth(value)}
          allowDeselect={false}
          w={240}
        />
        {(['xlsx', 'pdf'] as const).map((format) => (
          <Button
            key={format}
            variant="default"
            loading={file.isPending && file.variables?.format === format}
            onClick={() => file.mutate({ month, format, lang })}
          >
            {t(format === 'pdf' ? 'costs.month.pdf' : 'costs.month.xlsx')}
          </Button>
        ))}
      </Group>
      <QueryState query={cost}>
        <Stack gap="lg">
          {departments.length === 0 ? (
            <Text c="dimmed">{t('costs.month.empty')}</Text>
          ) : (
            <Card withBorder>
              <BarChart
                title={t('costs.month.chart', { month: monthTitle(lang, month) })}
                series={series}
                categories={departments.map((department) => ({
                  key: department.department.id,
                  label: localName(lang, department.department),
                  values: {
                    budget: amountForChart(department.budget),
                    planned: amountForChart(department.planned.total),
                    actual: amountForChart(department.actual.total),
                  },
                }))}
                format={money}
                testId="cost-chart"
              />
            </Card>
          )}
          {departments.map((department) => (
            <DepartmentCard key={department.department.id} month={department} />
          ))}
        </Stack>
      </QueryState>
    </>
  );
}

function DepartmentCard({ month }: { month: DepartmentMonthCost }) {
  const t = useT();
  const lang = useLanguage();
  const money = (amount: string) => formatMoney(lang, amount, month.currency);
  const over = month.plannedShareOfBudget !== null && Number(month.plannedShareOfBudget) > 100;
  const name = localName(lang, month.department);
  return (
    <Card withBorder data-testid={`cost-department-${month.department.code}`}>
      <Group justify="space-between" mb="sm" wrap="wrap">
        <Title order={3} size="h5">
          {name}
        </Title>
        {month.plannedShareOfBudget !== null && (
          <Badge color={over ? 'red' : 'teal'} variant="light">
            {t(over ? 'costs.month.over' : 'costs.month.within', { share: month.plannedShareOfBudget })}
          </Badge>
        )}
      </Group>
      <SimpleGrid cols={{ base: 1, sm: 3 }} mb="sm">
        <Figure
          label={t('costs.month.budget')}
          value={month.budget === null ? t('costs.month.noBudget') : money(month.budget)}
          testId="cost-budget"
        />
        <Figure label={t('costs.month.planned')} value={money(month.planned.total)} testId="cost-planned" />
        <Figure label={t('costs.month.actual')} value={money(month.actual.total)} testId="cost-actual" />
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, md: 2 }}>
        <CostBreakdown cost={month.planned} label={`${name}: ${t('costs.month.planned')}`} />
        <CostBreakdown cost={month.actual} label={`${name}: ${t('costs.month.actual')}`} />
      </SimpleGrid>
    </Card>
  );
}

function Figure({ label, value, testId }: { label: string; value: string; testId: string }) {
  return (
    <div>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="lg" fw={700} data-testid={testId}>
        {value}
      </Text>
    </div>
  );
}
