import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api, call, type Schemas } from '../../../lib/api/client';
import { keys } from '../../../lib/api/keys';

export type OwnRoster = Schemas['OwnRoster'];
export type OwnRosterLine = OwnRoster['lines'][number];
export type LoginAttempt = Schemas['LoginAttempt'];
export type AttendanceRecord = Schemas['AttendanceRecord'];

export function useLoginHistory(page: number) {
  return useQuery({
    queryKey: keys.me.loginHistory(page),
    queryFn: () => call(api.GET('/api/me/login-history', { params: { query: { page, pageSize: 20 } } })),
    placeholderData: keepPreviousData,
  });
}

/** The caller's lines of the published roster over a range of dates. */
export function useOwnRoster(from: string, to: string) {
  return useQuery({
    queryKey: keys.me.roster(from, to),
    queryFn: () => call(api.GET('/api/me/roster', { params: { query: { from, to } } })),
    placeholderData: keepPreviousData,
  });
}

export function useOwnAttendance(from: string, to: string, page: number) {
  return useQuery({
    queryKey: keys.me.attendance(from, to, page),
    queryFn: () =>
      call(api.GET('/api/me/attendance', { params: { query: { from, to, page, pageSize: 50 } } })),
    placeholderData: keepPreviousData,
  });
}
