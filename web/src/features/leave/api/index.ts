import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, call, type Schemas } from '../../../lib/api/client';

export type LeaveRequest = Schemas['LeaveRequest'];
export type LeaveStatus = LeaveRequest['Status'];

export const leaveKeys = {
  all: ['leave'] as const,
  mine: ['leave', 'mine'] as const,
  queue: ['leave', 'queue'] as const,
  awaitingCount: ['leave', 'awaiting-count'] as const,
};

/** The caller's own requests, newest first. */
export function useMyLeaveRequests() {
  return useQuery({
    queryKey: leaveKeys.mine,
    queryFn: async () =>
      (await call(api.GET('/api/me/leave-requests', { params: { query: { pageSize: 500 } } }))).items,
  });
}

/** Requests whose next step the caller may decide. */
export function useLeaveQueue() {
  return useQuery({
    queryKey: leaveKeys.queue,
    queryFn: () =>
      call(api.GET('/api/leave-requests', { params: { query: { awaitingMe: true, pageSize: 200 } } })),
  });
}

/** The bell's count of leave steps awaiting the caller, every 30 s. */
export function useLeaveAwaitingCount(enabled: boolean) {
  return useQuery({
    queryKey: leaveKeys.awaitingCount,
    queryFn: async () => {
      const page = await call(
        api.GET('/api/leave-requests', { params: { query: { awaitingMe: true, pageSize: 1 } } }),
      );
      return page.total;
    },
    enabled,
    refetchInterval: 30_000,
  });
}

/** Submits a request. Invalidates every leave list and the caller's roster (leave days show there). */
export function useSubmitLeave() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: Schemas['NewLeaveRequest']) => call(api.POST('/api/leave-requests', { body })),
    onSettled: () => {
      client.invalidateQueries({ queryKey: leaveKeys.all });
      client.invalidateQueries({ queryKey: ['me', 'roster'] });
    },
  });
}

/** Cancels one's own request. Invalidates every leave list and the caller's roster. */
export function useCancelLeave() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (request: LeaveRequest) =>
      call(
        api.PATCH('/api/leave-requests/{id}/cancel', {
          params: { path: { id: request.id }, header: { 'If-Match': `"${request.version}"` } },
        }),
      ),
    onSettled: () => {
      client.invalidateQueries({ queryKey: leaveKeys.all });
      client.invalidateQueries({ queryKey: ['me', 'roster'] });
    },
  });
}

/**
 * Approves or rejects the next step. Invalidates every leave list, the dashboard's counts and the live
 * roster (a final approval takes the person off the shifts it conflicts with).
 */
export function useDecideLeave() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({
      request,
      decision,
      comment,
    }: {
      request: LeaveRequest;
      decision: 'approve' | 'reject';
      comment: string;
    }) => {
      const options = {
        params: { path: { id: request.id }, header: { 'If-Match': `"${request.version}"` } },
        body: { comment: comment.trim() || null },
      };
      return call(
        decision === 'approve'
          ? api.PATCH('/api/leave-requests/{id}/approve', options)
          : api.PATCH('/api/leave-requests/{id}/reject', options),
      );
    },
    onSettled: () => {
      client.invalidateQueries({ queryKey: leaveKeys.all });
      client.invalidateQueries({ queryKey: ['platform', 'dashboard'] });
      client.invalidateQueries({ queryKey: ['rosters'] });
    },
  });
}
