import { keepPreviousData, queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { api, call, type Schemas } from '../../../lib/api/client';
import { keys } from '../../../lib/api/keys';
import { addMonths, firstOfMonth, lastOfMonth, monthOf } from '../../../lib/dates';
import { AS_OF_HEADER } from '../../../lib/offline/shared';

export type OwnRoster = Schemas['OwnRoster'];
export type OwnRosterLine = OwnRoster['lines'][number];
export type LoginAttempt = Schemas['LoginAttempt'];
export type AttendanceRecord = Schemas['AttendanceRecord'];
export type OwnUnavailability = Schemas['Unavailability'];

export function useLoginHistory(page: number) {
  return useQuery({
    queryKey: keys.me.loginHistory(page),
    queryFn: () => call(api.GET('/api/me/login-history', { params: { query: { page, pageSize: 20 } } })),
    placeholderData: keepPreviousData,
  });
}

/**
 * The caller's roster as read: from the service, or from this device's offline copy, which the service
 * worker marks with when the service sent it (`asOf`).
 */
export interface OwnRosterRead {
  roster: OwnRoster;
  asOf: string | null;
}

const ownRosterQuery = (from: string, to: string) =>
  queryOptions({
    queryKey: keys.me.roster(from, to),
    queryFn: async (): Promise<OwnRosterRead> => {
      const answer = api.GET('/api/me/roster', { params: { query: { from, to } } });
      const roster = await call(answer);
      return { roster, asOf: (await answer).response.headers.get(AS_OF_HEADER) };
    },
    // Asked even without a network: the service worker answers from the offline copy when it has one.
    networkMode: 'offlineFirst',
  });

/**
 * The unavailability the caller declared over a range of dates: the availability screen's read (same key,
 * so its changes refresh this), of which the roster shows only the unavailability.
 */
export function useOwnUnavailability(from: string, to: string, enabled: boolean) {
  return useQuery({
    queryKey: keys.availability.mine(from, to),
    queryFn: () => call(api.GET('/api/me/availability', { params: { query: { from, to } } })),
    select: (availability) => availability.unavailability,
    enabled,
  });
}

/** The caller's lines of the published roster over a range of dates. */
export function useOwnRoster(from: string, to: string) {
  return useQuery({ ...ownRosterQuery(from, to), placeholderData: keepPreviousData });
}

/**
 * While there is a network, reads the month of `today` and the next one, so that the offline copy
 * holds the coming weeks whichever month is on screen.
 */
export function useKeepComingWeeks(today: string, online: boolean) {
  const client = useQueryClient();
  const month = monthOf(today);
  useEffect(() => {
    if (!online) return;
    for (const each of [month, addMonths(month, 1)])
      void client.prefetchQuery(ownRosterQuery(firstOfMonth(each), lastOfMonth(each)));
  }, [client, month, online]);
}

export function useOwnAttendance(from: string, to: string, page: number) {
  return useQuery({
    queryKey: keys.me.attendance(from, to, page),
    queryFn: () =>
      call(api.GET('/api/me/attendance', { params: { query: { from, to, page, pageSize: 50 } } })),
    placeholderData: keepPreviousData,
  });
}
