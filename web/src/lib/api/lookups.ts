import { useQuery } from '@tanstack/react-query';
import { api, call, type Schemas } from './client';
import { keys } from './keys';

export type OrgNode = Schemas['OrgNode'];

const WHOLE = { params: { query: { pageSize: 500 } } };

/** The read-only catalogue's groups that screens of several areas choose from (all are small lists). */
const CATALOGUE = {
  departments: () => call(api.GET('/api/lookups/departments', WHOLE)),
  terminals: () => call(api.GET('/api/lookups/terminals', WHOLE)),
  'employee-statuses': () => call(api.GET('/api/lookups/employee-statuses', WHOLE)),
  'skill-levels': () => call(api.GET('/api/lookups/skill-levels', WHOLE)),
  'skill-categories': () => call(api.GET('/api/lookups/skill-categories', WHOLE)),
  'certification-types': () => call(api.GET('/api/lookups/certification-types', WHOLE)),
};
type CatalogueGroup = keyof typeof CATALOGUE;
type Items<G extends CatalogueGroup> = Awaited<ReturnType<(typeof CATALOGUE)[G]>>['items'];

/** A group read whole, kept ten minutes: lookups change seldom. */
const catalogue = <G extends CatalogueGroup>(group: G) => ({
  queryKey: keys.lookups.every(group),
  queryFn: async (): Promise<Items<G>> => (await CATALOGUE[group]()).items,
  staleTime: 10 * 60_000,
});

export function useCatalogue<G extends CatalogueGroup>(group: G, enabled = true) {
  return useQuery({ ...catalogue(group), enabled });
}

/** Departments by id, for the names of what a screen lists. */
export function useDepartments() {
  return useQuery({
    ...catalogue('departments'),
    select: (items) => new Map(items.map((node) => [node.id, node])),
  });
}

/** The unit's grades, for choosing and naming them. */
export function useGrades(enabled = true) {
  return useQuery({
    queryKey: keys.lookups.every('grades'),
    queryFn: async () => (await call(api.GET('/api/admin/grades', WHOLE))).items,
    staleTime: 10 * 60_000,
    enabled,
  });
}
