import { Alert, Badge, List, Text } from '@mantine/core';
import { isolated } from '../../../lib/i18n/format';
import { type MessageId, useT } from '../../../lib/i18n/I18nProvider';
import type { AllocationRun } from '../api';

type Change = AllocationRun['changedSinceRun'][number];

/**
 * What changed under the run after it last ran: the service's list, or the plan alone for a run that can no
 * longer be rerun (locked), whose plan the service still compares.
 */
function changesOf(run: AllocationRun): Change[] {
  if (run.changedSinceRun.length) return run.changedSinceRun;
  return run.planChangedSinceRun ? [{ kind: 'plan', count: 1, latestAt: run.updatedAt }] : [];
}

export const isStale = (run: AllocationRun) => run.changedSinceRun.length > 0;

/** The run page's notice: each kind of change on a line of its own, with how many. */
export function StaleRunAlert({ run }: { run: AllocationRun }) {
  const t = useT();
  const changes = changesOf(run);
  if (!changes.length) return null;
  return (
    <Alert color="yellow" title={t('allocation.stale.title')} data-testid="run-stale">
      <Text size="sm">{t('allocation.stale.intro')}</Text>
      <List size="sm" my="xs">
        {changes.map((change) => (
          <List.Item key={change.kind} data-kind={change.kind}>
            {change.kind === 'plan'
              ? t('allocation.stale.plan', { plan: isolated(run.plan.name) })
              : t(`allocation.stale.${change.kind}` as MessageId, { count: change.count })}
          </List.Item>
        ))}
      </List>
      {isStale(run) && <Text size="sm">{t('allocation.stale.rerun')}</Text>}
    </Alert>
  );
}

/** The runs list's mark of a run whose input changed after it ran. */
export function StaleRunBadge({ run }: { run: AllocationRun }) {
  const t = useT();
  if (!isStale(run)) return null;
  return (
    <Badge
      color="yellow"
      variant="outline"
      // As the status badge beside it: whole, never cut to an ellipsis in a narrow column.
      style={{ flexShrink: 0, overflow: 'visible' }}
      miw="fit-content"
      title={t('allocation.stale.badgeHint')}
      data-testid="run-stale-badge"
    >
      {t('allocation.stale.badge')}
    </Badge>
  );
}
