import { Alert, Button, Card, Group, List, Text, Textarea } from '@mantine/core';
import { useState } from 'react';
import { problemText } from '../../../components/QueryState';
import { ApiError } from '../../../lib/api/client';
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
  const { has } = usePermissions();
  const decide = useDecideLeave();
  const [comment, setComment] = useState('');
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
        shift: c.shiftTemplateCode,
        terminal: c.terminalCode,
      }))
    : live.data
      ? live.data.items.map((a) => ({
          key: a.id,
          date: a.date,
          shift: `${localName(lang, a.shiftTemplate)} ${a.shiftTemplate.start}–${a.shiftTemplate.end}`,
          terminal: a.terminal.code,
        }))
      : null;
  const run = (decision: 'approve' | 'reject') => decide.mutate({ request, decision, comment });
  return (
    <Card withBorder data-testid="leave-queue-item">
      <Group justify="space-between" wrap="wrap">
        <Text fw={700}>
          {localName(lang, request.employee)} <bdi dir="ltr">({request.employee.employeeNumber})</bdi>
        </Text>
        <LeaveStatusBadge status={request.Status} />
      </Group>
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
      <Textarea
        mt="sm"
        label={t('leave.decide.comment')}
        autosize
        minRows={1}
        maxLength={1000}
        value={comment}
        onChange={(event) => setComment(event.currentTarget.value)}
      />
      {decide.error && (
        <Alert color="red" mt="sm" role="alert">
          {decide.error instanceof ApiError ? problemText(t, decide.error) : t('error.network')}
        </Alert>
      )}
      <Group mt="sm">
        <Button
          color="green"
          loading={decide.isPending && decide.variables?.decision === 'approve'}
          onClick={() => run('approve')}
        >
          {t('leave.decide.approve')}
        </Button>
        <Button
          color="red"
          variant="light"
          loading={decide.isPending && decide.variables?.decision === 'reject'}
          disabled={comment.trim() === ''}
          title={comment.trim() === '' ? t('leave.decide.rejectNeedsComment') : undefined}
          onClick={() => run('reject')}
        >
          {t('leave.decide.reject')}
        </Button>
      </Group>
    </Card>
  );
}
