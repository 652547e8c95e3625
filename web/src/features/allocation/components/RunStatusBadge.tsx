import { Badge } from '@mantine/core';
import type { MessageId } from '../../../lib/i18n/I18nProvider';
import { useT } from '../../../lib/i18n/I18nProvider';
import type { AllocationRun } from '../api';

const colors: Record<AllocationRun['Status'], string> = {
  Draft: 'gray',
  Executing: 'blue',
  Executed: 'cyan',
  Reviewed: 'teal',
  Locked: 'green',
  Archived: 'dark',
};

export function RunStatusBadge({ status }: { status: AllocationRun['Status'] }) {
  const t = useT();
  return (
    <Badge
      color={colors[status]}
      variant="light"
      style={{ flexShrink: 0, overflow: 'visible' }}
      miw="fit-content"
      data-testid="run-status"
      data-status={status}
    >
      {t(`allocation.status.${status}` as MessageId)}
    </Badge>
  );
}
