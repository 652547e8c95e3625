import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, call, type Schemas } from '../../../lib/api/client';

export type CalendarFeed = Schemas['CalendarFeed'];
export type CalendarFeedLink = Schemas['CalendarFeedLink'];

export const calendarFeedKeys = { own: ['calendar-feed', 'own'] as const };

/** Whether the caller has a feed (its address is shown only by the answer that made it). */
export function useOwnCalendarFeed() {
  return useQuery({
    queryKey: calendarFeedKeys.own,
    queryFn: () => call(api.GET('/api/me/calendar-feed')),
  });
}

/** Makes the feed, or a new address for it (`rotate`). Invalidates the feed's status. */
export function useIssueCalendarFeed() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (rotate: boolean) =>
      call(rotate ? api.POST('/api/me/calendar-feed/rotate') : api.POST('/api/me/calendar-feed')),
    onSettled: () => client.invalidateQueries({ queryKey: calendarFeedKeys.own }),
  });
}

/** Revokes the feed. Invalidates the feed's status. */
export function useRevokeCalendarFeed() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => call(api.DELETE('/api/me/calendar-feed')),
    onSettled: () => client.invalidateQueries({ queryKey: calendarFeedKeys.own }),
  });
}
