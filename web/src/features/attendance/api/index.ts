import { useQuery } from '@tanstack/react-query';
import { api, call, type Schemas } from '../../../lib/api/client';

export type AttendanceReview = Schemas['AttendanceReview'];

/** The bell's count of attendance edits awaiting review, every 30 s. */
export function usePendingAttendanceReviewCount(enabled: boolean) {
  return useQuery({
    queryKey: ['attendance', 'pending-count'],
    queryFn: async () => (await call(api.GET('/api/admin/attendance/pending-reviews/count'))).count,
    enabled,
    refetchInterval: 30_000,
  });
}

export function usePendingAttendanceReviews() {
  return useQuery({
    queryKey: ['attendance', 'pending-reviews'],
    queryFn: () =>
      call(api.GET('/api/admin/attendance/pending-reviews', { params: { query: { pageSize: 200 } } })),
  });
}
