import { Badge } from '@mantine/core';
import { useT } from '../../../lib/i18n/I18nProvider';
import type { PlanStatus } from '../api';

const COLOURS: Record<PlanStatus, string> = {
  Draft: 'gray',
  Approved: 'blue',
  Locked: 'green',
  Archived: 'dark',
};

export const statusLabel = (t: ReturnType<typeof useT>, status: PlanStatus) =>
  t(`demand.status.${status}` as 'demand.status.Draft');

export function StatusBadge({ status }: { status: PlanStatus }) {
  const t = useT();
  return (
    <Badge color={COLOURS[status]} variant="light" data-testid="plan-status">
      {statusLabel(t, status)}
    </Badge>
  );
}
