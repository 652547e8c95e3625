import { Alert, Badge, Button, Card, Collapse, Group, List, Text, Textarea } from '@mantine/core';
import { IconChevronDown } from '@tabler/icons-react';
import { useId, useState } from 'react';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { PublicationComplianceList } from '../../../components/PublicationComplianceList';
import { QueryState } from '../../../components/QueryState';
import { useCodeNames } from '../../../lib/api/lookups';
import {
  formatDay,
  formatInstant,
  formatMoney,
  formatNumber,
  isolated,
  type Language,
  localName,
} from '../../../lib/i18n/format';
import { useLanguage, useT } from '../../../lib/i18n/I18nProvider';
import {
  type RosterApprovalCost,
  type RosterApprovalItem,
  type RosterChanges,
  useApprovalCompliance,
} from '../api';

type LineChange = RosterChanges['added'][number];

export interface ApprovalItemProps {
  item: RosterApprovalItem;
  timeZone: string;
  busy: 'approve' | 'reject' | null;
  error: string | null;
  onDecide: (decision: 'approve' | 'reject', comment: string) => void;
}

const MAX_LISTED = 8;

/**
 * One published version awaiting approval: its department, period, version and publisher, its
 * coverage, its cost and what it changes against the version that stood before; opened, what it breaks
 * or comes near (read only then: it checks every line). Then the decision: an approval may carry a
 * comment, a rejection needs one (it withdraws the version, and the planner needs to know why).
 */
export function ApprovalItem({ item, timeZone, busy, error, onDecide }: ApprovalItemProps) {
  const t = useT();
  const lang = useLanguage();
  const [comment, setComment] = useState('');
  const [rejecting, setRejecting] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [approvalComment, setApprovalComment] = useState('');
  const [opened, setOpened] = useState(false);
  const detailsId = useId();
  const what = `${localName(lang, item.department)} · ${t('approvals.version', { version: item.version })}`;
  return (
    <Card withBorder data-testid="approval-item">
      <ConfirmDialog
        opened={confirming}
        title={t('approvals.confirmApprove.title')}
        confirmLabel={t('approvals.approve')}
        color="green"
        loading={busy === 'approve'}
        onCancel={() => setConfirming(false)}
        onConfirm={() => {
          setConfirming(false);
          onDecide('approve', approvalComment);
        }}
        field={
          <Textarea
            mt="sm"
            label={t('approvals.approveComment')}
            autosize
            minRows={2}
            maxLength={1000}
            value={approvalComment}
            onChange={(event) => setApprovalComment(event.currentTarget.value)}
            data-testid="approve-comment"
          />
        }
      >
        {t('approvals.confirmApprove.body', {
          what,
          from: formatDay(lang, item.from),
          to: formatDay(lang, item.to),
        })}
      </ConfirmDialog>
      <Group justify="space-between" wrap="wrap">
        <Text fw={700}>
          {localName(lang, item.department)} · {t('approvals.version', { version: item.version })}
        </Text>
        <Badge color="yellow">{t('approvals.pending')}</Badge>
      </Group>
      <Text size="sm">
        {t('approvals.period', { from: formatDay(lang, item.from), to: formatDay(lang, item.to) })}
      </Text>
      <Text size="sm" c="dimmed">
        {t('approvals.publishedBy', {
          name: isolated(item.publishedBy.displayName),
          at: isolated(formatInstant(lang, item.publishedAt, timeZone)),
        })}
        {item.reason ? ` · ${t('approvals.reason', { reason: item.reason })}` : ''}
      </Text>
      <Text size="sm" mt="xs" data-testid="approval-coverage">
        {t('approvals.coverage', {
          assigned: formatNumber(lang, item.coverage.assigned),
          required: formatNumber(lang, item.coverage.required),
        })}{' '}
        · {t('approvals.lines', { count: item.lineCount })}
      </Text>
      {item.cost && <CostLine cost={item.cost} previous={item.previousVersion} lang={lang} />}
      <div data-testid="approval-changes">
        {item.changes === null || item.previousVersion === null ? (
          <Text size="sm">{t('approvals.firstVersion')}</Text>
        ) : (
          <ChangeList changes={item.changes} previous={item.previousVersion} lang={lang} />
        )}
      </div>
      <Group mt="xs">
        <Button
          variant="subtle"
          size="compact-sm"
          aria-expanded={opened}
          aria-controls={detailsId}
          onClick={() => setOpened((open) => !open)}
          data-testid="approval-open"
          leftSection={
            <IconChevronDown
              size={16}
              aria-hidden
              style={{ transform: opened ? 'rotate(180deg)' : undefined }}
            />
          }
        >
          {t('approvals.details')}
        </Button>
      </Group>
      <Collapse expanded={opened} id={detailsId}>
        {opened && <VersionCompliance approvalId={item.id} />}
      </Collapse>
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
          onClick={() => setConfirming(true)}
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

/** The version's cost and, against the version it replaces, the difference (a saving or an increase). */
function CostLine({
  cost,
  previous,
  lang,
}: {
  cost: RosterApprovalCost;
  previous: number | null;
  lang: Language;
}) {
  const t = useT();
  const { currency } = cost.cost;
  const hours = (text: string) => formatNumber(lang, Number(text), { minimumFractionDigits: 2 });
  return (
    <div data-testid="approval-cost">
      <Text size="sm" mt="xs" fw={600}>
        {t('approvals.cost', {
          total: isolated(formatMoney(lang, cost.cost.total, currency)),
          hours: isolated(hours(cost.cost.hours)),
        })}
        {cost.difference && previous !== null && (
          <>
            {' · '}
            <Text
              span
              inherit
              c={cost.difference.total.startsWith('-') ? 'teal.9' : 'red.9'}
              data-testid="approval-cost-difference"
            >
              {t('approvals.costDifference', {
                difference: isolated(
                  formatMoney(lang, cost.difference.total, currency, { signDisplay: 'exceptZero' }),
                ),
                version: previous,
              })}
            </Text>
          </>
        )}
      </Text>
      {cost.cost.unratedHours !== '0.00' && (
        <Text size="xs" c="dimmed">
          {t('approvals.costUnrated', { hours: isolated(hours(cost.cost.unratedHours)) })}
        </Text>
      )}
    </div>
  );
}

/** What the version breaks or comes near, per person, read when the card is opened. */
function VersionCompliance({ approvalId }: { approvalId: string }) {
  const t = useT();
  const compliance = useApprovalCompliance(approvalId, true);
  return (
    <div data-testid="approval-compliance">
      <QueryState query={compliance}>
        {compliance.data && (
          <PublicationComplianceList compliance={compliance.data} title={t('approvals.complianceTitle')} />
        )}
      </QueryState>
    </div>
  );
}

function ChangeList({
  changes,
  previous,
  lang,
}: {
  changes: RosterChanges;
  previous: number;
  lang: Language;
}) {
  const t = useT();
  const names = useCodeNames();
  const total = changes.added.length + changes.removed.length + changes.moved.length;
  if (total === 0) return <Text size="sm">{t('approvals.noChanges')}</Text>;
  const line = (change: LineChange, kind: 'added' | 'removed' | 'moved') => (
    <List.Item key={`${kind}-${change.employeeId}-${change.date}`}>
      {formatDay(lang, change.date, { day: 'numeric', month: 'short' })} ·{' '}
      <bdi dir="ltr">{change.employeeNumber}</bdi>:{' '}
      {kind === 'added' &&
        t('approvals.change.added', {
          shift: names.shift(change.after?.shiftCode ?? ''),
          terminal: names.terminal(change.after?.terminalCode ?? ''),
        })}
      {kind === 'removed' &&
        t('approvals.change.removed', {
          shift: names.shift(change.before?.shiftCode ?? ''),
          terminal: names.terminal(change.before?.terminalCode ?? ''),
        })}
      {kind === 'moved' &&
        t('approvals.change.moved', {
          from: `${names.shift(change.before?.shiftCode ?? '')} ${names.terminal(change.before?.terminalCode ?? '')}`,
          to: `${names.shift(change.after?.shiftCode ?? '')} ${names.terminal(change.after?.terminalCode ?? '')}`,
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
          version: previous,
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
