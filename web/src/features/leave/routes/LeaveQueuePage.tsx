import { Stack, Text } from '@mantine/core';
import { PageHeader } from '../../../components/PageHeader';
import { QueryState } from '../../../components/QueryState';
import { useT } from '../../../lib/i18n/I18nProvider';
import { useLeaveQueue } from '../api';
import { LeaveDecisionCard } from '../components/LeaveDecisionCard';

export default function LeaveQueuePage() {
  const t = useT();
  const queue = useLeaveQueue();
  const items = queue.data?.items ?? [];
  return (
    <>
      <PageHeader title={t('leave.queue.title')} description={t('leave.queue.description')} />
      <QueryState query={queue}>
        {items.length === 0 ? (
          <Text c="dimmed" data-testid="queue-empty">
            {t('leave.queue.empty')}
          </Text>
        ) : (
          <Stack>
            {items.map((request) => (
              <LeaveDecisionCard key={request.id} request={request} />
            ))}
          </Stack>
        )}
      </QueryState>
    </>
  );
}
