import { useQuery, useQueryClient } from '@tanstack/react-query';
import { api, call, type Schemas } from '../../../lib/api/client';
import { invalidate } from '../../../lib/api/invalidate';
import { keys } from '../../../lib/api/keys';
import { useMutation } from '../../../lib/api/mutation';

export type OpenShift = Schemas['OpenShift'];
export type OpenShiftForMe = Schemas['OpenShiftForMe'];
export type OpenShiftClaim = Schemas['OpenShiftClaim'];

/** Open shifts the caller may work (the service asks the engine's rules), and those they claimed. */
/** Open shifts the caller may work, the 13 weeks from `from` (the service's window). */
export function useMyOpenShifts(from: string) {
  return useQuery({
    queryKey: keys.openShifts.mine(from),
    queryFn: async () =>
      (await call(api.GET('/api/me/open-shifts', { params: { query: { from, pageSize: 200 } } }))).items,
  });
}

/** The caller's claims with their outcome, latest first. */
export function useMyClaims() {
  return useQuery({
    queryKey: keys.openShifts.myClaims(),
    queryFn: async () =>
      (await call(api.GET('/api/me/open-shift-claims', { params: { query: { pageSize: 100 } } }))).items,
  });
}

/** Open offers in the caller's scope. */
export function useOpenOffers() {
  return useQuery({
    queryKey: keys.openShifts.offers(),
    queryFn: async () =>
      (await call(api.GET('/api/open-shifts', { params: { query: { status: 'Open', pageSize: 500 } } })))
        .items,
  });
}

/** Claims waiting for a decision in the caller's scope, oldest first. */
export function usePendingClaims() {
  return useQuery({
    queryKey: keys.openShifts.pendingClaims(),
    queryFn: async () =>
      (
        await call(
          api.GET('/api/open-shift-claims', { params: { query: { status: 'Pending', pageSize: 500 } } }),
        )
      ).items,
  });
}

/** Claims an offer. */
export function useClaimOpenShift() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      call(api.POST('/api/me/open-shifts/{id}/claim', { params: { path: { id } } })),
    onSettled: () => invalidate(client, ['openShifts']),
  });
}

/** Withdraws one's own pending claim. */
export function useWithdrawClaim() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      call(api.POST('/api/me/open-shift-claims/{id}/withdraw', { params: { path: { id } } })),
    onSettled: () => invalidate(client, ['openShifts']),
  });
}

/** Approves a claim onto the live roster. */
export function useApproveClaim() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      call(api.POST('/api/open-shift-claims/{id}/approve', { params: { path: { id } } })),
    onSettled: () => {
      void invalidate(client, ['openShifts', 'rosters']);
    },
  });
}

/** Withdraws an offer; its pending claims are declined. */
export function useWithdrawOffer() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      call(api.POST('/api/open-shifts/{id}/withdraw', { params: { path: { id } } })),
    onSettled: () => invalidate(client, ['openShifts']),
  });
}
