import type { shiftSwaps } from '../../core/db/tables/index.ts';
import type { NotificationEvent } from '../notifications/service.ts';

type SwapFacts = Pick<
  typeof shiftSwaps.$inferSelect,
  'buId' | 'kind' | 'departmentId' | 'proposerId' | 'colleagueId' | 'offeredDate' | 'wantedDate'
>;

/** A step of a swap, told to the party who did not take it (both, for a manager's decision). */
export function swapEvent(
  swap: SwapFacts & { id: string },
  kind: 'SWAP_PROPOSED' | 'SWAP_ANSWERED' | 'SWAP_CANCELLED' | 'SWAP_DECIDED',
  decision?: 'Accepted' | 'Declined' | 'Approved' | 'Rejected',
): NotificationEvent {
  const byProposer = kind === 'SWAP_PROPOSED' || kind === 'SWAP_CANCELLED';
  return {
    buId: swap.buId,
    employeeIds:
      kind === 'SWAP_DECIDED'
        ? [swap.proposerId, swap.colleagueId]
        : [byProposer ? swap.colleagueId : swap.proposerId],
    kind,
    data: {
      swapKind: swap.kind,
      offeredDate: swap.offeredDate,
      wantedDate: swap.wantedDate,
      ...(decision ? { decision } : {}),
    },
    key: `swap:${swap.id}:${kind}`,
    ...(kind === 'SWAP_DECIDED' ? {} : { byEmployeeId: byProposer ? swap.proposerId : swap.colleagueId }),
  };
}

/** An agreed swap waits for a manager of the proposer's department, never one of its parties. */
export const swapAwaitingEvent = (swap: SwapFacts & { id: string }, today: string): NotificationEvent => ({
  buId: swap.buId,
  employeeIds: [],
  deciders: {
    permission: 'shift_swap.approve',
    departmentId: swap.departmentId,
    today,
    exceptEmployeeIds: [swap.proposerId, swap.colleagueId],
  },
  kind: 'SWAP_AWAITING',
  data: { swapKind: swap.kind, offeredDate: swap.offeredDate, wantedDate: swap.wantedDate },
  key: `swap:${swap.id}:SWAP_AWAITING`,
  byEmployeeId: swap.proposerId,
});
