import { Card, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { QueryState } from '../../../components/QueryState';
import { formatMoney } from '../../../lib/i18n/format';
import { useLanguage, useT } from '../../../lib/i18n/I18nProvider';
import { useRunCost } from '../api';
import { CostBreakdown } from './CostBreakdown';

/** What a run's proposal costs before it is locked, and on a rerun what changed from the one before. */
export function RunCostPanel({ runId, executions }: { runId: string; executions: number }) {
  const t = useT();
  const lang = useLanguage();
  const cost = useRunCost(runId, executions);
  return (
    <QueryState query={cost}>
      {cost.data && (
        <Stack gap="sm" mt="lg" data-testid="run-cost">
          <Title order={3} size="h5">
            {t('costs.run.title')}
          </Title>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <Card withBorder padding="sm">
              <Text size="xs" c="dimmed">
                {t('costs.run.total')}
              </Text>
              <Text size="xl" fw={700} data-testid="run-cost-total">
                {formatMoney(lang, cost.data.cost.total, cost.data.cost.currency)}
              </Text>
            </Card>
            {cost.data.difference && (
              <Card withBorder padding="sm">
                <Text size="xs" c="dimmed">
                  {t('costs.run.difference', { execution: cost.data.execution - 1 })}
                </Text>
                <Text
                  size="xl"
                  fw={700}
                  data-testid="run-cost-difference"
                  c={cost.data.difference.total.startsWith('-') ? 'teal.9' : 'red.9'}
                >
                  {cost.data.difference.total.startsWith('-') ? '' : '+'}
                  {formatMoney(lang, cost.data.difference.total, cost.data.cost.currency)}
                </Text>
              </Card>
            )}
          </SimpleGrid>
          <CostBreakdown cost={cost.data.cost} label={t('costs.run.title')} testId="run-cost-breakdown" />
        </Stack>
      )}
    </QueryState>
  );
}
