import { Alert, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { PageHeader } from '../../../components/PageHeader';
import { problemText, QueryState } from '../../../components/QueryState';
import { ApiError } from '../../../lib/api/client';
import { formatDay, localName } from '../../../lib/i18n/format';
import { useLanguage, useT } from '../../../lib/i18n/I18nProvider';
import { useUnit } from '../../../lib/unit';
import { type RosterApprovalItem, useDecideRoster, usePendingRosterApprovals } from '../api';
import { ApprovalItem } from '../components/ApprovalItem';

export default function RosterApprovalsPage() {
  const t = useT();
  const pending = usePendingRosterApprovals();
  const items = pending.data?.items ?? [];
  // A decided item leaves the queue: what was decided is said here, so nothing just vanishes.
  const [decided, setDecided] = useState<string | null>(null);
  return (
    <>
      <PageHeader title={t('approvals.title')} description={t('approvals.description')} />
      {decided && (
        <Alert color="green" role="status" mb="md" data-testid="decision-done">
          {decided}
        </Alert>
      )}
      <QueryState query={pending}>
        {items.length === 0 ? (
          <Text c="dimmed" data-testid="queue-empty">
            {t('approvals.empty')}
          </Text>
        ) : (
          <Stack>
            {items.map((item) => (
              <PendingVersion key={item.id} item={item} onDecided={setDecided} />
            ))}
          </Stack>
        )}
      </QueryState>
    </>
  );
}

function PendingVersion({
  item,
  onDecided,
}: {
  item: RosterApprovalItem;
  onDecided: (said: string) => void;
}) {
  const t = useT();
  const lang = useLanguage();
  const unit = useUnit();
  const decide = useDecideRoster();
  const error = decide.error
    ? decide.error instanceof ApiError
      ? problemText(t, decide.error)
      : t('error.network')
    : null;
  return (
    <ApprovalItem
      item={item}
      timeZone={unit.timeZone}
      busy={decide.isPending ? (decide.variables?.decision ?? null) : null}
      error={error}
      onDecide={(decision, comment) =>
        decide.mutate(
          { itemId: item.id, decision, comment },
          {
            onSuccess: () =>
              onDecided(
                t(decision === 'approve' ? 'approvals.done.approved' : 'approvals.done.rejected', {
                  what: `${localName(lang, item.department)} · ${t('approvals.version', { version: item.version })}`,
                  from: formatDay(lang, item.from),
                  to: formatDay(lang, item.to),
                }),
              ),
          },
        )
      }
    />
  );
}
