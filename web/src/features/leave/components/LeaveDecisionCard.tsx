import { Alert, List, Text } from '@mantine/core';
import { DecisionCard } from '../../../components/DecisionCard';
import { announcements } from '../../../lib/announcements';
import { useCodeNames } from '../../../lib/api/lookups';
import { useEmployeeAssignments } from '../../../lib/api/rosters';
import { usePermissions } from '../../../lib/auth/permissions';
import { formatDay, localName } from '../../../lib/i18n/format';
import { useLanguage, useT } from '../../../lib/i18n/I18nProvider';
import { type LeaveRequest, useDecideLeave } from '../api';
import { LeaveStatusBadge, LeaveSteps } from './LeaveSteps';

interface Conflict {
  key: string;
  date: string;
  shift: string;
  terminal: string;
}

/**
 * One request awaiting the caller: the person, the dates, the steps so far, and the shifts of the live
 * roster the leave would collide with, shown before the decision.
 */
export function LeaveDecisionCard({ request }: { request: LeaveRequest }) {
  const t = useT();
  const lang = useLanguage();
  const names = useCodeNames();
  const { has } = usePermissions();
  const decide = useDecideLeave();
  const fromAnswer = request.conflicts;
  const live = useEmployeeAssignments(
    request.employee.id,
    request.from,
    request.to,
    !fromAnswer && has('roster.view'),
  );
  const conflicts: Conflict[] | null = fromAnswer
    ? fromAnswer.map((c) => ({
        key: c.assignmentId,
        date: c.date,
        shift: names.shift(c.shiftTemplateCode),
        terminal: names.terminal(c.terminalCode),
      }))
    : live.data
      ? live.data.items.map((a) => ({
          key: a.id,
          date: a.date,
          shift: `${localName(lang, a.shiftTemplate)} ${a.shiftTemplate.start}–${a.shiftTemplate.end}`,
          terminal: localName(lang, a.terminal),
        }))
      : null;
  return (
    <DecisionCard
      attributes={{ 'data-testid': 'leave-queue-item' }}
      employee={request.employee}
      aside={<LeaveStatusBadge status={request.Status} />}
      commentLabel={t('leave.decide.comment')}
      decisions={[
        { value: 'approve', label: t('leave.decide.approve'), color: 'green' },
        {
          value: 'reject',
          label: t('leave.decide.reject'),
          color: 'red',
          needsComment: t('leave.decide.rejectNeedsComment'),
        },
      ]}
      decide={{
        mutate: (decision, comment) =>
          decide.mutate(
            { request, decision, comment },
            {
              onSuccess: () =>
                announcements.say(
                  t(decision === 'approve' ? 'leave.decide.doneApproved' : 'leave.decide.doneRejected', {
                    name: localName(lang, request.employee),
                    from: formatDay(lang, request.from),
                    to: formatDay(lang, request.to),
                  }),
                ),
            },
          ),
        pending: decide.isPending ? (decide.variables?.decision ?? null) : null,
        error: decide.error,
      }}
    >
      <Text size="sm">
        {formatDay(lang, request.from)} – {formatDay(lang, request.to)} ·{' '}
        {t('leave.form.days', { count: request.days })}
      </Text>
      {request.comment && (
        <Text size="sm" c="dimmed">
          “{request.comment}”
        </Text>
      )}
      <LeaveSteps request={request} />
      {conflicts === null ? (
        !has('roster.view') && (
          <Text size="sm" c="dimmed" mt="xs">
            {t('leave.conflicts.hidden')}
          </Text>
        )
      ) : conflicts.length === 0 ? (
        <Alert color="green" mt="sm" data-testid="leave-conflicts" data-count={0}>
          {t('leave.conflicts.none')}
        </Alert>
      ) : (
        <Alert
          color="orange"
          mt="sm"
          title={t('leave.conflicts.title', { count: conflicts.length })}
          data-testid="leave-conflicts"
          data-count={conflicts.length}
        >
          <List size="sm">
            {conflicts.map((c) => (
              <List.Item key={c.key}>
                {formatDay(lang, c.date, { weekday: 'short', day: 'numeric', month: 'short' })}:{' '}
                <bdi>{c.shift}</bdi> · <bdi>{c.terminal}</bdi>
              </List.Item>
            ))}
          </List>
        </Alert>
      )}
    </DecisionCard>
  );
}
