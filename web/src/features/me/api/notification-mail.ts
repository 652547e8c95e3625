import { useQuery, useQueryClient } from '@tanstack/react-query';
import { api, call, type Schemas } from '../../../lib/api/client';
import { invalidate } from '../../../lib/api/invalidate';
import { keys } from '../../../lib/api/keys';
import { useMutation } from '../../../lib/api/mutation';

export type MailPreferences = Schemas['NotificationMailPreferences'];
export type NotificationKind = Schemas['NotificationKind'];

/** Which notifications come to the caller by mail, and which the unit sends at all. */
export function useOwnMailPreferences() {
  return useQuery({
    queryKey: keys.me.mailPreferences(),
    queryFn: () => call(api.GET('/api/me/notification-preferences')),
  });
}

/** Sets the kinds that come by mail: those listed, and no other. */
export function useSetMailPreferences() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (byMail: NotificationKind[]) =>
      call(api.PUT('/api/me/notification-preferences', { body: { byMail } })),
    onSettled: () => invalidate(client, ['mailPreferences']),
  });
}
