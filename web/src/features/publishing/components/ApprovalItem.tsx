import { Alert, Badge, Button, Card, Group, List, Loader, Text, Textarea } from '@mantine/core';
import { useState } from 'react';
import { formatDay, formatInstant, formatNumber, localName } from '../../../lib/i18n/format';
import { useLanguage, useT } from '../../../lib/i18n/I18nProvider';
import type { PublishedRoster } from '../api';
import type { LineChange, RosterChanges } from './rosterChanges';

export interface ApprovalItemProps {
  item: PublishedRoster;
  departmentName: string | null;
  timeZone: string;
  /** null while loading; undefined when there is no previous version (a first publication). */
  changes: RosterChanges | null | undefined;
  coverage?: { required: number; assigned: number } | null;
  busy: 'approve' | 'reject' | null;
  error: string | null;
  onDecide: (decision: 'approve' | 'reject', comment: string) => void;
}

const MAX_LISTED = 8;

/**
 * One published version awaiting approval: its department, period and version, what it changes against
 * the previous version, its coverage, and the decision (a rejection needs a comment: it withdraws the
 * version, and the planner needs to know why).
 */
export function ApprovalItem({
  item,
  departmentName,
  timeZone,
  changes,
  coverage,
  busy,
  error,
  onDecide,
}: ApprovalItemProps) {
  const t = useT();
  const lang = useLanguage();
  const [comment, setComment] = useState('');
  const [rejecting, setRejecting] = useState(false);
  return (
    <Card withBorder data-testid="approval-item">
      <Group justify="space-between" wrap="wrap">
        <Text fw={700}>
          {departmentName ?? t('approvals.unknownDepartment')} ·{' '}
          {t('approvals.version', { version: item.version })}
        </Text>
        <Badge color="yellow">{t('approvals.pending')}</Badge>
      </Group>
      <Text size="sm">
        {t('approvals.period', { from: formatDay(lang, item.from), to: formatDay(lang, item.to) })}
      </Text>
      <Text size="sm" c="dimmed">
        {t('approvals.publishedAt', { at: formatInstant(lang, item.publishedAt, timeZone) })}
        {item.reason ? ` · ${t('approvals.reason', { reason: item.reason })}` : ''}
      </Text>
      <Text size="sm" mt="xs" data-testid="approval-coverage">
        {coverage
          ? t('approvals.coverage', {
              assigned: formatNumber(lang, coverage.assigned),
              required: formatNumber(lang, coverage.required),
            })
          : t('approvals.lines', { count: item.lineCount })}
      </Text>
      <div data-testid="approval-changes">
        {changes === null ? (
          <Loader size="xs" aria-label={t('common.loading')} />
        ) : changes === undefined ? (
          <Text size="sm">{t('approvals.firstVersion')}</Text>
        ) : (
          <ChangeList changes={changes} lang={lang} />
        )}
      </div>
      {rejecting && (
        <Textarea
          mt="sm"
          label={t('approvals.rejectComment')}
          required
          autosize
          minRows={2}
          maxLength={1000}
          value={comment}
          onChange={(event) => setComment(event.currentTarget.value)}
        />
      )}
      {error && (
        <Alert color="red" mt="sm" role="alert">
          {error}
        </Alert>
      )}
      <Group mt="sm">
        <Button
          color="green"
          loading={busy === 'approve'}
          disabled={busy !== null}
          onClick={() => onDecide('approve', '')}
        >
          {t('approvals.approve')}
        </Button>
        {rejecting ? (
          <Button
            color="red"
            loading={busy === 'reject'}
            disabled={busy !== null || comment.trim() === ''}
            onClick={() => onDecide('reject', comment)}
          >
            {t('approvals.confirmReject')}
          </Button>
        ) : (
          <Button color="red" variant="light" disabled={busy !== null} onClick={() => setRejecting(true)}>
            {t('approvals.reject')}
          </Button>
        )}
      </Group>
    </Card>
  );
}

function ChangeList({ changes, lang }: { changes: RosterChanges; lang: 'en' | 'ar' }) {
  const t = useT();
  const total = changes.added.length + changes.removed.length + changes.moved.length;
  if (total === 0) return <Text size="sm">{t('approvals.noChanges')}</Text>;
  const line = (change: LineChange, kind: 'added' | 'removed' | 'moved') => (
    <List.Item key={`${kind}-${change.employee.id}-${change.date}`}>
      {formatDay(lang, change.date, { day: 'numeric', month: 'short' })} · {localName(lang, change.employee)}:{' '}
      {kind === 'added' &&
        t('approvals.change.added', { shift: change.after!.shift, terminal: change.after!.terminal })}
      {kind === 'removed' &&
        t('approvals.change.removed', { shift: change.before!.shift, terminal: change.before!.terminal })}
      {kind === 'moved' &&
        t('approvals.change.moved', {
          from: `${change.before!.shift} ${change.before!.terminal}`,
          to: `${change.after!.shift} ${change.after!.terminal}`,
        })}
    </List.Item>
  );
  const all = [
    ...changes.added.map((c) => line(c, 'added')),
    ...changes.removed.map((c) => line(c, 'removed')),
    ...changes.moved.map((c) => line(c, 'moved')),
  ];
  return (
    <>
      <Text size="sm" fw={600} mt="xs">
        {t('approvals.changes', {
          added: changes.added.length,
          removed: changes.removed.length,
          moved: changes.moved.length,
        })}
      </Text>
      <List size="sm">{all.slice(0, MAX_LISTED)}</List>
      {all.length > MAX_LISTED && (
        <Text size="xs" c="dimmed">
          {t('approvals.more', { count: all.length - MAX_LISTED })}
        </Text>
      )}
    </>
  );
}
