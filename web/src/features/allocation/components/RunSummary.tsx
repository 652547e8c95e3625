import { Card, SimpleGrid, Table, Text, Title } from '@mantine/core';
import { useReasonName } from '../../../components/RuleReasons';
import { formatDay, formatNumber } from '../../../lib/i18n/format';
import { useLanguage, useT } from '../../../lib/i18n/I18nProvider';
import type { AllocationRunResult } from '../api';

function Figure({ label, value, testId }: { label: string; value: string; testId?: string }) {
  return (
    <Card withBorder padding="sm">
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="xl" fw={700} data-testid={testId}>
        {value}
      </Text>
    </Card>
  );
}

/** The result at a glance: coverage, what it proposes, and the fairness figures per cohort. */
export function RunSummary({ result }: { result: AllocationRunResult }) {
  const t = useT();
  const lang = useLanguage();
  const n = (value: number, digits = 1) => formatNumber(lang, value, { maximumFractionDigits: digits });
  const { coverage, fairness } = result;
  const cohorts = ['gradeDepartment', 'pool', 'shiftType'] as const;
  return (
    <>
      <SimpleGrid cols={{ base: 2, sm: 3, lg: 6 }} mb="md">
        <Figure
          label={t('allocation.result.coverage')}
          value={formatNumber(lang, coverage.ratio, { style: 'percent', maximumFractionDigits: 1 })}
          testId="run-coverage"
        />
        <Figure label={t('allocation.result.required')} value={n(coverage.required)} />
        <Figure label={t('allocation.result.assigned')} value={n(coverage.assigned)} />
        <Figure
          label={t('allocation.result.unfilled')}
          value={n(coverage.required - coverage.assigned)}
          testId="run-unfilled"
        />
        <Figure label={t('allocation.result.lent')} value={n(result.lent)} />
        <Figure label={t('allocation.result.fixed')} value={n(result.fixed)} />
        {result.wishes && result.wishes.asked > 0 && (
          <Figure
            label={t('allocation.result.wishes')}
            value={t('allocation.result.wishesValue', {
              granted: n(result.wishes.granted, 0),
              asked: n(result.wishes.asked, 0),
            })}
            testId="run-wishes"
          />
        )}
      </SimpleGrid>
      <Title order={3} size="h5" mb="xs">
        {t('allocation.fairness.title')}
      </Title>
      <Text size="sm" c="dimmed" mb="xs">
        {t('allocation.fairness.description')}
      </Text>
      <Table.ScrollContainer minWidth={360} mb="md">
        <Table data-testid="fairness">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('allocation.fairness.cohort')}</Table.Th>
              <Table.Th>{t('allocation.fairness.spreadHours')}</Table.Th>
              <Table.Th>{t('allocation.fairness.spreadShifts')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {cohorts.map((cohort) => (
              <Table.Tr key={cohort}>
                <Table.Td>{t(`allocation.fairness.${cohort}`)}</Table.Td>
                <Table.Td>{n(fairness.spreadHours[cohort])}</Table.Td>
                <Table.Td>{n(fairness.spreadShifts[cohort])}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {fairness.unsocialShifts && (
        <Text size="sm" mb="md">
          {t('allocation.fairness.unsocial', {
            nights: n(fairness.unsocialShifts.periodNights),
            weekends: n(fairness.unsocialShifts.periodWeekends),
          })}
        </Text>
      )}
      {result.search?.exactWindows && (
        <Text size="sm" mb="xs" data-testid="run-exact-report">
          {t('allocation.result.exact', {
            solved: result.search.exactWindows.solved,
            gained: result.search.exactWindows.gained,
          })}
        </Text>
      )}
      <Text size="xs" c="dimmed">
        {t('allocation.result.timing', {
          seconds: n(result.executionMs / 1000),
          employees: result.employees,
          engine: result.engineVersion,
        })}
      </Text>
      <DroppedLiveWork result={result} />
    </>
  );
}

/** Live work the run did not keep because it breaks a rule now (leave approved since, …): the conflicts. */
function DroppedLiveWork({ result }: { result: AllocationRunResult }) {
  const t = useT();
  const lang = useLanguage();
  const reason = useReasonName();
  if (!result.droppedLiveWork.length) return null;
  return (
    <>
      <Title order={3} size="h5" mt="md" mb="xs">
        {t('allocation.conflicts.title')}
      </Title>
      <Text size="sm" c="dimmed" mb="xs">
        {t('allocation.conflicts.description')}
      </Text>
      <Table data-testid="dropped-live-work">
        <Table.Tbody>
          {result.droppedLiveWork.map((item) => (
            <Table.Tr key={item.assignmentId}>
              <Table.Td>{formatDay(lang, item.date)}</Table.Td>
              <Table.Td>{reason(item.rule)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </>
  );
}
