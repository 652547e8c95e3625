import { Stack, Text } from '@mantine/core';
import { useMemo } from 'react';
import { PageHeader } from '../../../components/PageHeader';
import { problemText, QueryState } from '../../../components/QueryState';
import { ApiError } from '../../../lib/api/client';
import { localName } from '../../../lib/i18n/format';
import { useLanguage, useT } from '../../../lib/i18n/I18nProvider';
import { useUnit } from '../../../lib/unit';
import { useDepartments } from '../../lookups/api';
import { type PublishedRoster, useDecideRoster, usePendingRosterApprovals, usePublishedRoster } from '../api';
import { ApprovalItem } from '../components/ApprovalItem';
import { diffRosters } from '../components/rosterChanges';

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

function PendingVersion({ item }: { item: PublishedRoster }) {
  const t = useT();
  const lang = useLanguage();
  const unit = useUnit();
  const departments = useDepartments();
  const current = usePublishedRoster(item.supersedesId ? item.id : null);
  const previous = usePublishedRoster(item.supersedesId);
  const decide = useDecideRoster();
  const changes = useMemo(() => {
    if (!item.supersedesId) return undefined;
    if (!current.data || !previous.data) return null;
    return diffRosters(previous.data.lines, current.data.lines);
  }, [item.supersedesId, current.data, previous.data]);
  const department = departments.data?.get(item.departmentId);
  const error = decide.error
    ? decide.error instanceof ApiError
      ? problemText(t, decide.error)
      : t('error.network')
    : null;
  return (
    <ApprovalItem
      item={item}
      departmentName={department ? localName(lang, department) : null}
      timeZone={unit.timeZone}
      changes={changes}
      busy={decide.isPending ? (decide.variables?.decision ?? null) : null}
      error={error}
      onDecide={(decision, comment) => decide.mutate({ approvalId: item.approval.id, decision, comment })}
    />
  );
}
