import { useQuery, useQueryClient } from '@tanstack/react-query';
import { api, call, type Schemas } from '../../../lib/api/client';
import { invalidate } from '../../../lib/api/invalidate';
import { useMutation } from '../../../lib/api/mutation';
import { settingsQuery } from '../../../lib/api/settings';

export type Settings = Schemas['BusinessUnitSettings'];
export type SettingValues = Schemas['SettingValues'];

export function useSettings() {
  return useQuery(settingsQuery);
}

/** Sends only the changed keys, with the version read (If-Match): a concurrent change is a 412. */
export function useUpdateSettings() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ version, patch }: { version: number; patch: Schemas['SettingsUpdate'] }) =>
      call(api.PATCH('/api/settings', { params: { header: { 'If-Match': `"${version}"` } }, body: patch })),
    onSettled: () => {
      void invalidate(client, ['settings']);
    },
  });
}
