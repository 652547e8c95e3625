import { useQuery, useQueryClient } from '@tanstack/react-query';
import { session } from '../auth/session';
import { api, call, type Schemas } from './client';
import { invalidate } from './invalidate';
import { keys } from './keys';
import { useMutation } from './mutation';

export type Profile = Schemas['Profile'];

/** The caller's profile: their permissions (what the screens may show) and their language. */
export function useProfile() {
  return useQuery({
    queryKey: keys.me.profile(),
    queryFn: () => call(api.GET('/api/me/profile')),
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
    onSuccess: (profile) => client.setQueryData(keys.me.profile(), profile),
    onSettled: () => invalidate(client, ['profile']),
  });
}
