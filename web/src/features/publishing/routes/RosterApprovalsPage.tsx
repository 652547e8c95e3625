import { Stack, Text } from '@mantine/core';
import { PageHeader } from '../../../components/PageHeader';
import { problemText, QueryState } from '../../../components/QueryState';
import { announcements } from '../../../lib/announcements';
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
  return (
    <>
      <PageHeader title={t('approvals.title')} description={t('approvals.description')} />

      <QueryState query={pending}>
        {items.length === 0 ? (
          <Text c="dimmed" data-testid="queue-empty">
            {t('approvals.empty')}
          </Text>
        ) : (
          <Stack>
            {items.map((item) => (
              <PendingVersion key={item.id} item={item} />
            ))}
          </Stack>
        )}
      </QueryState>
    </>
  );
}

function PendingVersion({ item }: { item: RosterApprovalItem }) {
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
              announcements.say(
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
