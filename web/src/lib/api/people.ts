import { useQuery } from '@tanstack/react-query';
import { api, call } from './client';
import { keys } from './keys';

/** Every skill, for filters and choices (a unit has a few dozen). */
export function useAllSkills(enabled = true) {
  return useQuery({
    queryKey: keys.people.allSkills(),
    queryFn: async () => (await call(api.GET('/api/skills', { params: { query: { pageSize: 500 } } }))).items,
    staleTime: 5 * 60_000,
    enabled,
  });
}
