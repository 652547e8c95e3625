import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, call, type Schemas } from '../../../lib/api/client';

export type LeaveRequest = Schemas['LeaveRequest'];
export type LeaveStatus = LeaveRequest['Status'];

export const leaveKeys = {
  all: ['leave'] as const,
  mine: (employeeId: string | null) => ['leave', 'mine', employeeId] as const,
  queue: ['leave', 'queue'] as const,
  awaitingCount: ['leave', 'awaiting-count'] as const,
};

/**
 * The caller's own requests. Until `GET /api/me/leave-requests` lands (issue 40), an employee cannot
 * list their requests: the ones submitted in this tab are remembered by id and read one by one
 * (`leave_request.view_own`); a caller who may list all requests lists their own employee's.
 */
const KNOWN = 'rostering.my-leave';
function knownIds(): string[] {
  try {
    return JSON.parse(sessionStorage.getItem(KNOWN) ?? '[]') as string[];
  } catch {
    return [];
  }
}
function remember(id: string): void {
  sessionStorage.setItem(KNOWN, JSON.stringify([...new Set([id, ...knownIds()])]));
}

export function useMyLeaveRequests(employeeId: string | null, mayListAll: boolean) {
  return useQuery({
    queryKey: leaveKeys.mine(employeeId),
    queryFn: async (): Promise<LeaveRequest[]> => {
      if (mayListAll && employeeId) {
        const page = await call(
          api.GET('/api/leave-requests', { params: { query: { employeeId, pageSize: 500 } } }),
        );
        return page.items;
      }
      const items = await Promise.all(
        knownIds().map((id) =>
          call(api.GET('/api/leave-requests/{id}', { params: { path: { id } } })).catch(() => null),
        ),
      );
      return items.filter((item): item is LeaveRequest => item !== null);
    },
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
    onSuccess: (created) => remember(created.id),
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
