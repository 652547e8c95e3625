import { Badge, Card, Group, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { formatDay, isolated, localName } from '../../../lib/i18n/format';
import { type MessageId, useLanguage, useT } from '../../../lib/i18n/I18nProvider';
import type { ShiftSwap, SwapShift } from '../api';

const statusColor: Record<string, string> = {
  Proposed: 'yellow',
  Accepted: 'blue',
  Approved: 'green',
  Declined: 'gray',
  Cancelled: 'gray',
  Rejected: 'red',
};

export function SwapStatusBadge({ status }: { status: ShiftSwap['status'] }) {
  const t = useT();
  return (
    <Badge
      color={statusColor[status] ?? 'gray'}
      variant="light"
      tt="none"
      data-testid="swap-status"
      data-status={status}
    >
      {t(`swaps.status.${status}` as MessageId)}
    </Badge>
  );
}

/** A shift read as "10 May 2027 · Morning 06:00–14:00 · T1". */
export function useShiftText() {
  const lang = useLanguage();
  return (shift: SwapShift) =>
    // The times isolated left to right (U+2066 … U+2069), so that Arabic text does not reverse the range.
    `${formatDay(lang, shift.date)} · ${localName(lang, shift.shiftTemplate)} \u2066${shift.shiftTemplate.start}–${shift.shiftTemplate.end}\u2069 · ${shift.terminal.code}`;
}

/** One swap: who gives what to whom, its state, and the actions the caller may take on it. */
export function SwapCard({ swap, children }: { swap: ShiftSwap; children?: ReactNode }) {
  const t = useT();
  const lang = useLanguage();
  const shiftText = useShiftText();
  // Isolated, so that a Latin name or number keeps the Arabic sentence's order around it.
  const person = (p: ShiftSwap['proposer']) =>
    `${isolated(localName(lang, p))} (${isolated(p.employeeNumber)})`;
  return (
    <Card withBorder data-testid="swap" data-swap={swap.id} data-kind={swap.kind}>
      <Group justify="space-between" wrap="wrap" mb={4}>
        <Text fw={700}>{t(swap.kind === 'Swap' ? 'swaps.kind.Swap' : 'swaps.kind.GiveAway')}</Text>
        <SwapStatusBadge status={swap.status} />
      </Group>
      <Stack gap={2}>
        <Text size="sm">
          {t('swaps.card.gives', { who: person(swap.proposer), shift: shiftText(swap.offered) })}
        </Text>
        {swap.wanted ? (
          <Text size="sm">
            {t('swaps.card.gives', { who: person(swap.colleague), shift: shiftText(swap.wanted) })}
          </Text>
        ) : (
          <Text size="sm">{t('swaps.card.to', { who: person(swap.colleague) })}</Text>
        )}
        {swap.note && (
          <Text size="sm" c="dimmed">
            {swap.note}
          </Text>
        )}
        {swap.decisionComment && (
          <Text size="sm" c="dimmed">
            {t('swaps.card.comment', { comment: swap.decisionComment })}
          </Text>
        )}
      </Stack>
      {children}
    </Card>
  );
}
