import { useQuery, useQueryClient } from '@tanstack/react-query';
import { api, call, type Schemas } from '../../../lib/api/client';
import { invalidate } from '../../../lib/api/invalidate';
import { keys } from '../../../lib/api/keys';
import { useMutation } from '../../../lib/api/mutation';

export type ShiftSwap = Schemas['ShiftSwap'];
export type SwapShift = ShiftSwap['offered'];
export type SwapStatus = ShiftSwap['status'];

/** Swaps the caller proposed or was asked to take, newest first. */
export function useMySwaps() {
  return useQuery({
    queryKey: keys.swaps.mine(),
    queryFn: async () =>
      (await call(api.GET('/api/me/shift-swaps', { params: { query: { pageSize: 200 } } }))).items,
  });
}

/** How many swaps colleagues proposed to the caller wait for the caller's answer. */
export function useSwapsAwaitingAnswerCount(enabled: boolean) {
  return useQuery({
    queryKey: keys.swaps.awaitingAnswerCount(),
    queryFn: async () =>
      (
        await call(
          api.GET('/api/me/shift-swaps', {
            params: { query: { role: 'incoming', status: 'Proposed', pageSize: 1 } },
          }),
        )
      ).total,
    enabled,
    refetchInterval: 30_000,
  });
}

/** How many swaps of the caller's departments the colleagues agreed on and wait for a manager. */
export function useSwapsAwaitingApprovalCount(enabled: boolean) {
  return useQuery({
    queryKey: keys.swaps.awaitingApprovalCount(),
    queryFn: async () =>
      (await call(api.GET('/api/shift-swaps', { params: { query: { status: 'Accepted', pageSize: 1 } } })))
        .total,
    enabled,
    refetchInterval: 30_000,
  });
}

/** The caller's live shifts of the next six weeks: what they may offer. */
/** The caller's live shifts, the six weeks from `from` (the service's default window). */
export function useMyLiveShifts(from: string) {
  return useQuery({
    queryKey: keys.swaps.myShifts(from),
    queryFn: async () => (await call(api.GET('/api/me/live-shifts', { params: { query: { from } } }))).items,
  });
}

/** Colleagues who could swap the offered shift, with their shifts a week either side that both could work. */
export function useSwapCandidates(assignmentId: string | null) {
  return useQuery({
    queryKey: keys.swaps.candidates(assignmentId ?? ''),
    queryFn: async () =>
      (
        await call(
          api.GET('/api/me/shift-swap-candidates', { params: { query: { assignmentId: assignmentId! } } }),
        )
      ).colleagues,
    enabled: assignmentId !== null,
  });
}

/** Swaps of the caller's departments in one state. */
export function useDepartmentSwaps(status: SwapStatus) {
  return useQuery({
    queryKey: keys.swaps.department(status),
    queryFn: async () =>
      (await call(api.GET('/api/shift-swaps', { params: { query: { status, pageSize: 100 } } }))).items,
  });
}

/** The current published versions of a department whose period meets the dates (a republish is due). */
export function useCoveringVersions(departmentId: string, from: string, to: string, enabled: boolean) {
  return useQuery({
    queryKey: keys.publishing.covering(departmentId, from, to),
    queryFn: async () =>
      (
        await call(
          api.GET('/api/admin/published-rosters', {
            params: { query: { departmentId, from, to, currentOnly: true, pageSize: 20 } },
          }),
        )
      ).items,
    enabled,
  });
}

/** Proposes a swap or give-away. */
export function useProposeSwap() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: Schemas['NewShiftSwap']) => call(api.POST('/api/me/shift-swaps', { body })),
    onSettled: () => invalidate(client, ['swaps']),
  });
}

/** The colleague accepts or declines, or the proposer cancels. */
export function usePartyStep() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ swap, step }: { swap: ShiftSwap; step: 'accept' | 'decline' | 'cancel' }) => {
      const options = { params: { path: { id: swap.id } } };
      return call(
        step === 'accept'
          ? api.POST('/api/me/shift-swaps/{id}/accept', options)
          : step === 'decline'
            ? api.POST('/api/me/shift-swaps/{id}/decline', options)
            : api.POST('/api/me/shift-swaps/{id}/cancel', options),
      );
    },
    onSettled: () => invalidate(client, ['swaps']),
  });
}

/**
 * A manager approves or rejects; an approval moves shifts of the live roster.
 */
export function useDecideSwap() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({
      swap,
      decision,
      comment,
    }: {
      swap: ShiftSwap;
      decision: 'approve' | 'reject';
      comment: string;
    }) => {
      const options = {
        params: { path: { id: swap.id } },
        body: comment.trim() ? { comment: comment.trim() } : {},
      };
      return call(
        decision === 'approve'
          ? api.POST('/api/shift-swaps/{id}/approve', options)
          : api.POST('/api/shift-swaps/{id}/reject', options),
      );
    },
    onSettled: () => {
      void invalidate(client, ['swaps', 'rosters']);
    },
  });
}
