import { useQuery, useQueryClient } from '@tanstack/react-query';
import { api, call, type Schemas } from '../../../lib/api/client';
import { invalidate } from '../../../lib/api/invalidate';
import { keys } from '../../../lib/api/keys';
import { useMutation } from '../../../lib/api/mutation';

export type RosterApprovalItem = Schemas['RosterApprovalItem'];
export type RosterChanges = Schemas['RosterChanges'];
export type RosterApprovalCost = Schemas['RosterApprovalCost'];

export function usePendingRosterApprovals() {
  return useQuery({
    queryKey: keys.publishing.pending(),
    queryFn: () =>
      call(api.GET('/api/admin/roster-approvals/pending', { params: { query: { pageSize: 100 } } })),
  });
}

/** What a pending version breaks or comes near: read once its card is opened (it checks every line). */
export function useApprovalCompliance(approvalId: string, opened: boolean) {
  return useQuery({
    queryKey: keys.publishing.approvalCompliance(approvalId),
    queryFn: () =>
      call(api.GET('/api/admin/roster-approvals/{id}/compliance', { params: { path: { id: approvalId } } })),
    enabled: opened,
  });
}

/** The bell's count of roster versions awaiting approval, every 30 s. */
export function usePendingRosterApprovalCount(enabled: boolean) {
  return useQuery({
    queryKey: keys.publishing.pendingCount(),
    queryFn: async () => (await call(api.GET('/api/admin/roster-approvals/pending/count'))).count,
    enabled,
    refetchInterval: 30_000,
  });
}

/**
 * Approves or rejects a version (a rejection withdraws it): what shows the published roster changes.
 */
export function useDecideRoster() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({
      itemId,
      decision,
      comment,
    }: {
      itemId: string;
      decision: 'approve' | 'reject';
      comment: string;
    }) => {
      const options = { params: { path: { id: itemId } }, body: { comment: comment.trim() || null } };
      return call(
        decision === 'approve'
          ? api.POST('/api/admin/roster-approvals/{id}/approve', options)
          : api.POST('/api/admin/roster-approvals/{id}/reject', options),
      );
    },
    onSettled: () => {
      void invalidate(client, ['publishing']);
    },
  });
}
