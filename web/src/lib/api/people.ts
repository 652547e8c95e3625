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

/** Employees of the unit whose number or name holds `q` (choosing one, e.g. the employee of an account). */
export function useEmployeeSearch(q: string, enabled = true) {
  return useQuery({
    queryKey: keys.people.search('', q),
    queryFn: async () =>
      (await call(api.GET('/api/employees', { params: { query: { q: q || undefined, pageSize: 20 } } })))
        .items,
    enabled,
    staleTime: 60_000,
  });
}

/** One employee, as a choice shows it. */
export function useEmployeeChoice(id: string | null) {
  return useQuery({
    queryKey: keys.people.employee(id ?? ''),
    queryFn: () => call(api.GET('/api/employees/{id}', { params: { path: { id: id! } } })),
    enabled: id !== null,
    staleTime: 60_000,
  });
}
