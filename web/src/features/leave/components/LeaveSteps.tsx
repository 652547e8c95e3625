import { Badge, Group, Text, Timeline } from '@mantine/core';
import { formatInstant, isolated } from '../../../lib/i18n/format';
import { useLanguage, useT } from '../../../lib/i18n/I18nProvider';
import { useUnit } from '../../../lib/unit';
import type { LeaveRequest } from '../api';

const STATUS_COLOR: Record<LeaveRequest['Status'], string> = {
  Pending: 'yellow',
  ManagerApproved: 'blue',
  Approved: 'green',
  Rejected: 'red',
  Cancelled: 'gray',
};

export function LeaveStatusBadge({ status }: { status: LeaveRequest['Status'] }) {
  const t = useT();
  return (
    <Badge color={STATUS_COLOR[status]} data-testid="leave-status" data-status={status}>
      {t(`leave.status.${status}`)}
    </Badge>
  );
}

/** The two steps of the chain: who decided what and when, and who decides next. */
export function LeaveSteps({ request }: { request: LeaveRequest }) {
  const t = useT();
  const lang = useLanguage();
  const unit = useUnit();
  const next = request.nextStep;
  return (
    <Timeline active={request.steps.length - 1} bulletSize={14} lineWidth={2} mt="xs">
      {request.steps.map((step) => (
        <Timeline.Item key={step.step} title={t('leave.step', { step: step.step })}>
          <Group gap={4}>
            <Badge color={step.decision === 'Approved' ? 'green' : 'red'}>
              {t(`leave.decision.${step.decision}`)}
            </Badge>
            <Text size="sm">
              {t('leave.by', {
                name: isolated(step.by.displayName),
                at: isolated(formatInstant(lang, step.at, unit.timeZone)),
              })}
            </Text>
          </Group>
          {step.comment && (
            <Text size="sm" c="dimmed">
              “{step.comment}”
            </Text>
          )}
        </Timeline.Item>
      ))}
      {next !== null && (request.Status === 'Pending' || request.Status === 'ManagerApproved') && (
        <Timeline.Item title={t('leave.step', { step: next })} lineVariant="dashed">
          <Text size="sm" data-testid="leave-next">
            {t(next === 1 ? 'leave.next.step1' : 'leave.next.step2')}
          </Text>
          {request.nextDecider && request.nextDecider.people.length > 0 && (
            <Text size="sm" c="dimmed" data-testid="leave-next-people">
              {t('leave.next.people', {
                names: new Intl.ListFormat(lang, { type: 'disjunction' }).format(
                  request.nextDecider.people.map((person) => person.displayName),
                ),
              })}
            </Text>
          )}
        </Timeline.Item>
      )}
    </Timeline>
  );
}
