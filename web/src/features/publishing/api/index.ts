import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, call, type Schemas } from '../../../lib/api/client';

export type RosterApprovalItem = Schemas['RosterApprovalItem'];
export type RosterChanges = Schemas['RosterChanges'];

export const publishingKeys = {
  all: ['publishing'] as const,
  pending: ['publishing', 'pending'] as const,
  pendingCount: ['publishing', 'pending-count'] as const,
};

export function usePendingRosterApprovals() {
  return useQuery({
    queryKey: publishingKeys.pending,
    queryFn: () =>
      call(api.GET('/api/admin/roster-approvals/pending', { params: { query: { pageSize: 100 } } })),
  });
}

/** The bell's count of roster versions awaiting approval, every 30 s. */
export function usePendingRosterApprovalCount(enabled: boolean) {
  return useQuery({
    queryKey: publishingKeys.pendingCount,
    queryFn: async () => (await call(api.GET('/api/admin/roster-approvals/pending/count'))).count,
    enabled,
    refetchInterval: 30_000,
  });
}

/**
 * Approves or rejects a version. Invalidates the queue, its count, the dashboard and every reader of
 * the published roster (a rejection withdraws the version).
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
      client.invalidateQueries({ queryKey: publishingKeys.all });
      client.invalidateQueries({ queryKey: ['platform', 'dashboard'] });
      client.invalidateQueries({ queryKey: ['me', 'roster'] });
    },
  });
}
