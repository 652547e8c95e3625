import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { localName } from '../i18n/format';
import { useLanguage } from '../i18n/I18nProvider';
import { api, call, type Schemas } from './client';
import { keys } from './keys';
import { useAllSkills } from './people';

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

/** The unit's shift templates (every role may read them). */
export function useShiftTemplates() {
  return useQuery({
    queryKey: keys.shifts.templates(),
    queryFn: async () =>
      (await call(api.GET('/api/shift-templates', { params: { query: { pageSize: 500 } } }))).items,
    staleTime: 10 * 60_000,
  });
}

/** How a screen names a terminal, shift or skill it only has the code of. */
export interface CodeNames {
  terminal: (code: string) => string;
  shift: (code: string) => string;
  /** A shift's name without the word every shift's name shares ("الوردية الصباحية" → "الصباحية"), for a grid cell. */
  shortShift: (code: string) => string;
  skill: (code: string) => string;
  certification: (code: string) => string;
}

/**
 * Terminal, shift and skill codes as names in the reader's language, so no screen prints a code such as
 * MORNING. A list the caller may not read (an employee's lookups) leaves its codes as they are.
 */
export function useCodeNames(): CodeNames {
  const lang = useLanguage();
  const terminals = useCatalogue('terminals');
  const shifts = useShiftTemplates();
  const skills = useAllSkills();
  const certifications = useCatalogue('certification-types');
  return useMemo(() => {
    const named = (rows: ({ code: string } & Parameters<typeof localName>[1])[] | undefined) => {
      const names = new Map((rows ?? []).map((row) => [row.code, localName(lang, row)]));
      return (code: string) => names.get(code) ?? code;
    };
    const shift = named(shifts.data);
    const shiftNames = (shifts.data ?? []).map((row) => localName(lang, row));
    const first = shiftNames[0]?.split(' ')[0];
    const shared =
      shiftNames.length > 1 && shiftNames.every((name) => name.includes(' ') && name.split(' ')[0] === first)
        ? `${first} `
        : '';
    return {
      terminal: named(terminals.data),
      shift,
      shortShift: (code: string) => shift(code).replace(shared, '') || shift(code),
      skill: named(skills.data),
      certification: named(certifications.data),
    };
  }, [terminals.data, shifts.data, skills.data, certifications.data, lang]);
}
