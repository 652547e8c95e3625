import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, call, type Schemas } from '../../../lib/api/client';
import { session } from '../../../lib/auth/session';

export type Profile = Schemas['Profile'];
export type OwnRoster = Schemas['OwnRoster'];
export type OwnRosterLine = OwnRoster['lines'][number];
export type LoginAttempt = Schemas['LoginAttempt'];
export type AttendanceRecord = Schemas['AttendanceRecord'];

export const meKeys = {
  profile: ['me', 'profile'] as const,
  loginHistory: (page: number) => ['me', 'login-history', page] as const,
  roster: (from: string, to: string) => ['me', 'roster', from, to] as const,
  attendance: (from: string, to: string, page: number) => ['me', 'attendance', from, to, page] as const,
};

/** The caller's profile: their permissions (what the screens may show) and their language. */
export function useProfile() {
  return useQuery({
    queryKey: meKeys.profile,
    queryFn: () => call(api.GET('/api/me/profile')),
    enabled: session.token() !== null,
    staleTime: 60_000,
  });
}

/** Saves the language preference (or another profile field). Invalidates the profile. */
export function useUpdateProfile() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (body: Schemas['ProfileUpdate']) => {
      const current = client.getQueryData<Profile>(meKeys.profile);
      const headers = current ? { 'If-Match': `"${current.version}"` } : undefined;
      return call(api.PATCH('/api/me/profile', { body, params: { header: headers as never } }));
    },
    onSuccess: (profile) => client.setQueryData(meKeys.profile, profile),
    onSettled: () => client.invalidateQueries({ queryKey: meKeys.profile }),
  });
}

export function useLoginHistory(page: number) {
  return useQuery({
    queryKey: meKeys.loginHistory(page),
    queryFn: () => call(api.GET('/api/me/login-history', { params: { query: { page, pageSize: 20 } } })),
    placeholderData: keepPreviousData,
  });
}

/** The caller's lines of the published roster over a range of dates. */
export function useOwnRoster(from: string, to: string) {
  return useQuery({
    queryKey: meKeys.roster(from, to),
    queryFn: () => call(api.GET('/api/me/roster', { params: { query: { from, to } } })),
    placeholderData: keepPreviousData,
  });
}

export function useOwnAttendance(from: string, to: string, page: number) {
  return useQuery({
    queryKey: meKeys.attendance(from, to, page),
    queryFn: () =>
      call(api.GET('/api/me/attendance', { params: { query: { from, to, page, pageSize: 50 } } })),
    placeholderData: keepPreviousData,
  });
}
