import { useQuery } from '@tanstack/react-query';
import { api, call } from './client';
import { keys } from './keys';

/** Every pool of the unit (a handful per department). */
export function usePools(enabled = true) {
  return useQuery({
    queryKey: keys.pools.list(),
    queryFn: async () => (await call(api.GET('/api/pools', { params: { query: { pageSize: 500 } } }))).items,
    enabled,
  });
}
