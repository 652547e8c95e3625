import { useQuery } from '@tanstack/react-query';
import { api, call, type Schemas } from './client';
import { keys } from './keys';

export type LeaveRequest = Schemas['LeaveRequest'];

/** The caller's own requests, newest first (their leave screen, and the pending ones on their roster). */
export function useMyLeaveRequests() {
  return useQuery({
    queryKey: keys.leave.mine(),
    queryFn: async () =>
      (await call(api.GET('/api/me/leave-requests', { params: { query: { pageSize: 500 } } }))).items,
  });
}
