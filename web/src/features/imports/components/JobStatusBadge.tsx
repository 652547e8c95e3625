import { Badge } from '@mantine/core';
import { useT } from '../../../lib/i18n/I18nProvider';
import { type JobStatus, statusColor } from '../logic';

export function JobStatusBadge({ status }: { status: JobStatus }) {
  const t = useT();
  return (
    <Badge color={statusColor(status)} variant="light" data-testid="job-status" data-status={status}>
      {t(`imports.status.${status}`)}
    </Badge>
  );
}
