import { useQuery, useQueryClient } from '@tanstack/react-query';
import { api, call, type Schemas } from '../../../lib/api/client';
import { invalidate } from '../../../lib/api/invalidate';
import { keys } from '../../../lib/api/keys';
import { useMutation } from '../../../lib/api/mutation';

export type Notification = Schemas['Notification'];

/** The caller's latest notifications, unread first, and how many are unread: polled as the bell's counts. */
export function useOwnNotifications() {
  return useQuery({
    queryKey: keys.me.notifications(),
    queryFn: () => call(api.GET('/api/me/notifications', { params: { query: { pageSize: 8 } } })),
    refetchInterval: 30_000,
  });
}

/** Marks one read (following its link does). */
export function useMarkNotificationRead() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      call(api.POST('/api/me/notifications/{id}/read', { params: { path: { id } } })),
    onSettled: () => invalidate(client, ['notifications']),
  });
}

export function useMarkAllNotificationsRead() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => call(api.POST('/api/me/notifications/read-all')),
    onSettled: () => invalidate(client, ['notifications']),
  });
}
