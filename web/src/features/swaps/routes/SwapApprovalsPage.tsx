import { Alert, Anchor, Button, Group, Stack, Tabs, Text, Textarea } from '@mantine/core';
import { useState } from 'react';
import { Link } from 'react-router';
import { PageHeader } from '../../../components/PageHeader';
import { QueryState } from '../../../components/QueryState';
import { announcements } from '../../../lib/announcements';
import { usePermissions } from '../../../lib/auth/permissions';
import { formatNumber } from '../../../lib/i18n/format';
import { useLanguage, useT } from '../../../lib/i18n/I18nProvider';
import { paths } from '../../../lib/paths';
import { type ShiftSwap, useCoveringVersions, useDecideSwap, useDepartmentSwaps } from '../api';
import { useSwapRefusal } from '../components/refusal';
import { SwapCard } from '../components/SwapCard';

/**
 * Swaps of the caller's departments: accepted ones wait for a manager's decision; approved ones changed the
 * live roster, and where a published version covers their dates the planner is sent to republish it.
 */
export default function SwapApprovalsPage() {
  const t = useT();
  const { has } = usePermissions();
  const waiting = useDepartmentSwaps('Accepted');
  const approved = useDepartmentSwaps('Approved');
  return (
    <>
      <PageHeader
        title={t('swaps.queue.title')}
        description={t(has('shift_swap.approve') ? 'swaps.queue.description' : 'swaps.queue.descriptionView')}
      />
      <Tabs defaultValue="waiting" keepMounted={false}>
        <Tabs.List mb="md">
          <Tabs.Tab value="waiting">
            {t('swaps.queue.waiting', { count: waiting.data?.length ?? 0 })}
          </Tabs.Tab>
          <Tabs.Tab value="approved" data-testid="swaps-approved-tab">
            {t('swaps.queue.approved')}
          </Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="waiting">
          <QueryState query={waiting}>
            {(waiting.data ?? []).length === 0 ? (
              <Text c="dimmed" data-testid="swaps-queue-empty">
                {t('swaps.queue.empty')}
              </Text>
            ) : (
              <Stack data-testid="swaps-waiting">
                {waiting.data?.map((swap) => (
                  <SwapDecision key={swap.id} swap={swap} />
                ))}
              </Stack>
            )}
          </QueryState>
        </Tabs.Panel>
        <Tabs.Panel value="approved">
          <QueryState query={approved}>
            {(approved.data ?? []).length === 0 ? (
              <Text c="dimmed">{t('swaps.queue.noneApproved')}</Text>
            ) : (
              <Stack data-testid="swaps-approved">
                {approved.data?.map((swap) => (
                  <SwapCard key={swap.id} swap={swap}>
                    <RepublishHint swap={swap} />
                  </SwapCard>
                ))}
              </Stack>
            )}
          </QueryState>
        </Tabs.Panel>
      </Tabs>
    </>
  );
}

/** The manager's approval or rejection of an accepted swap, with a comment. */
function SwapDecision({ swap }: { swap: ShiftSwap }) {
  const t = useT();
  const { has } = usePermissions();
  const decide = useDecideSwap();
  const refusal = useSwapRefusal();
  const [comment, setComment] = useState('');
  const run = (decision: 'approve' | 'reject') =>
    decide.mutate(
      { swap, decision, comment },
      {
        onSuccess: () =>
          announcements.say(
            t(decision === 'approve' ? 'swaps.queue.doneApproved' : 'swaps.queue.doneRejected'),
          ),
      },
    );
  return (
    <SwapCard swap={swap}>
      {has('shift_swap.approve') && (
        <Stack gap="xs" mt="sm">
          <Textarea
            label={t('swaps.queue.comment')}
            value={comment}
            onChange={(event) => setComment(event.currentTarget.value)}
            maxLength={1000}
          />
          {decide.error && (
            <Alert color="red" role="alert" data-testid="swap-decision-refusal">
              {refusal(decide.error)}
            </Alert>
          )}
          <Group gap="xs">
            <Button
              size="xs"
              loading={decide.isPending && decide.variables?.decision === 'approve'}
              onClick={() => run('approve')}
              data-testid="swap-approve"
            >
              {t('swaps.approve')}
            </Button>
            <Button
              size="xs"
              variant="light"
              color="red"
              loading={decide.isPending && decide.variables?.decision === 'reject'}
              onClick={() => run('reject')}
            >
              {t('swaps.reject')}
            </Button>
          </Group>
        </Stack>
      )}
    </SwapCard>
  );
}

/** The live roster around the swap's dates; where a published version covers them, its republish is due. */
function RepublishHint({ swap }: { swap: ShiftSwap }) {
  const t = useT();
  const lang = useLanguage();
  const { has } = usePermissions();
  const dates = [swap.offered.date, ...(swap.wanted ? [swap.wanted.date] : [])].sort();
  const from = dates[0]!;
  const to = dates[dates.length - 1]!;
  const canRead = has('roster.view');
  const versions = useCoveringVersions(swap.departmentId, from, to, canRead);
  if (!canRead) return null;
  const link = `${paths.liveRoster}?from=${from}&to=${to}&department=${swap.departmentId}`;
  const due = versions.data ?? [];
  return (
    <Stack gap={4} mt="sm">
      {due.length > 0 && (
        <Alert color="yellow" data-testid="swap-republish-due">
          {t('swaps.republish.due', {
            count: due.length,
            versions: due.map((v) => formatNumber(lang, v.version)).join('، '),
          })}
        </Alert>
      )}
      <Anchor component={Link} to={link} data-testid="swap-live-roster">
        {due.length > 0 && has('roster.publish') ? t('swaps.republish.open') : t('swaps.republish.view')}
      </Anchor>
    </Stack>
  );
}
