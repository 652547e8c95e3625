import { useQuery } from '@tanstack/react-query';
import { api, call, type Schemas } from '../../../lib/api/client';
import { keys } from '../../../lib/api/keys';

export type Role = Schemas['Role'];

/** Every role (a handful), with its permissions. */
export function useRoles() {
  return useQuery({
    queryKey: keys.roles.list(),
    queryFn: async () => (await call(api.GET('/api/roles', { params: { query: { pageSize: 200 } } }))).items,
    staleTime: 5 * 60_000,
  });
}

export function usePermissionCatalog() {
  return useQuery({
    queryKey: keys.roles.permissions(),
    queryFn: async () =>
      (await call(api.GET('/api/permissions', { params: { query: { pageSize: 500 } } }))).items,
    staleTime: 10 * 60_000,
  });
}
