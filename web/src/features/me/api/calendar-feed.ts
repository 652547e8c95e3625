import { useQuery, useQueryClient } from '@tanstack/react-query';
import { api, call, type Schemas } from '../../../lib/api/client';
import { invalidate } from '../../../lib/api/invalidate';
import { keys } from '../../../lib/api/keys';
import { useMutation } from '../../../lib/api/mutation';

export type CalendarFeed = Schemas['CalendarFeed'];
export type CalendarFeedLink = Schemas['CalendarFeedLink'];

/** Whether the caller has a feed (its address is shown only by the answer that made it). */
export function useOwnCalendarFeed() {
  return useQuery({
    queryKey: keys.me.calendarFeed(),
    queryFn: () => call(api.GET('/api/me/calendar-feed')),
  });
}

/** Makes the feed, or a new address for it (`rotate`). */
export function useIssueCalendarFeed() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (rotate: boolean) =>
      call(rotate ? api.POST('/api/me/calendar-feed/rotate') : api.POST('/api/me/calendar-feed')),
    onSettled: () => invalidate(client, ['calendarFeed']),
  });
}

export function useRevokeCalendarFeed() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => call(api.DELETE('/api/me/calendar-feed')),
    onSettled: () => invalidate(client, ['calendarFeed']),
  });
}
