import { useQuery, useQueryClient } from '@tanstack/react-query';
import { session } from '../auth/session';
import { hijriDates } from '../i18n/format';
import { api, call, type Schemas } from './client';
import { invalidate } from './invalidate';
import { keys } from './keys';
import { useMutation } from './mutation';

export type Profile = Schemas['Profile'];

/** The caller's profile: their permissions (what the screens may show) and their language. */
export function useProfile() {
  return useQuery({
    queryKey: keys.me.profile(),
    queryFn: async () => shown(await call(api.GET('/api/me/profile'))),
    enabled: session.token() !== null,
    staleTime: 60_000,
  });
}

/** Saves the language preference (or another profile field), with the version read as `If-Match`. */
export function useUpdateProfile() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (body: Schemas['ProfileUpdate']) => {
      const current = client.getQueryData<Profile>(keys.me.profile());
      const headers = current ? { 'If-Match': `"${current.version}"` } : undefined;
      return call(api.PATCH('/api/me/profile', { body, params: { header: headers as never } }));
    },
    onSuccess: (profile) => client.setQueryData(keys.me.profile(), shown(profile)),
    onSettled: () => invalidate(client, ['profile']),
  });
}

/** The profile's date choice applies as the profile arrives, before a screen prints a date. */
function shown(profile: Profile): Profile {
  hijriDates.set(profile.showHijri);
  return profile;
}
