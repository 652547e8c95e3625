import { useQuery, useQueryClient } from '@tanstack/react-query';
import { api, call, type Schemas } from '../../../lib/api/client';
import { invalidate } from '../../../lib/api/invalidate';
import { keys } from '../../../lib/api/keys';
import type { LeaveRequest } from '../../../lib/api/leave';
import { useMutation } from '../../../lib/api/mutation';

export type { LeaveRequest };

export type LeaveStatus = LeaveRequest['Status'];

type LeaveQueue = Schemas['LeaveRequestPage'];

/** Requests whose next step the caller may decide. */
export function useLeaveQueue() {
  return useQuery({
    queryKey: keys.leave.queue(),
    queryFn: () =>
      call(api.GET('/api/leave-requests', { params: { query: { awaitingMe: true, pageSize: 200 } } })),
  });
}

/** The bell's count of leave steps awaiting the caller, every 30 s. */
export function useLeaveAwaitingCount(enabled: boolean) {
  return useQuery({
    queryKey: keys.leave.awaitingCount(),
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

/** Submits a request. */
export function useSubmitLeave() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: Schemas['NewLeaveRequest']) => call(api.POST('/api/leave-requests', { body })),
    onSettled: () => {
      void invalidate(client, ['leave']);
    },
  });
}

/** Cancels one's own request. */
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
      void invalidate(client, ['leave']);
    },
  });
}

/**
 * Approves or rejects the next step; a final approval also takes the person off the shifts of the live
 * roster it conflicts with.
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
    onSuccess: (_answer, { request }) => {
      // The step is decided: the request leaves the caller's queue now, not only once the queue is read
      // again (a read that raced the decision kept it on screen, with its buttons, until a reload).
      client.setQueryData<LeaveQueue>(
        keys.leave.queue(),
        (queue) =>
          queue && {
            ...queue,
            items: queue.items.filter((waiting) => waiting.id !== request.id),
            total: queue.total - 1,
          },
      );
    },
    onSettled: () => {
      void invalidate(client, ['leave', 'rosters']);
    },
  });
}
