import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, call, type Schemas } from '../../../lib/api/client';
import { invalidate } from '../../../lib/api/invalidate';
import { keys } from '../../../lib/api/keys';
import { useMutation } from '../../../lib/api/mutation';
import type { LookupGroupRoute } from '../components/lookupGroups';

/**
 * A row of any group: the shared fields, and the fields of the groups that add their own (skills,
 * holidays, shift templates) as optional.
 */
export type LookupRow = Schemas['Grade'] &
  Partial<Omit<Schemas['SkillDefinition'], keyof Schemas['Grade']>> &
  Partial<Omit<Schemas['Holiday'], keyof Schemas['Grade']>> &
  Partial<Omit<Schemas['ShiftTemplateDefinition'], keyof Schemas['Grade']>>;
/** The body of any group: Arabic names are optional in one group (demand reasons). */
export type LookupBody = Omit<Schemas['NewGrade'], 'Name_2_Arabic'> & {
  Name_2_Arabic?: string | null;
} & Record<string, unknown>;

/** The grades' body, as which every group's body travels through the grades-typed path (see below). */
type GradeBody = Schemas['NewGrade'];

export const LOOKUPS_PAGE_SIZE = 25;

/*
 * The nine groups share one contract under /api/admin/<group> and differ only in their extra fields,
 * so one set of calls serves them all: the path is typed as the grades' (the generated client has no
 * type for a path chosen at run time) and the extra fields travel as the row and body types above.
 */
const list = (group: LookupGroupRoute) => `/api/admin/${group}` as '/api/admin/grades';
const one = (group: LookupGroupRoute) => `/api/admin/${group}/{id}` as '/api/admin/grades/{id}';

export function useLookupRows(group: LookupGroupRoute, page: number) {
  return useQuery({
    queryKey: keys.lookups.page(group, page),
    queryFn: async () => {
      const answer = await call(
        api.GET(list(group), { params: { query: { page, pageSize: LOOKUPS_PAGE_SIZE } } }),
      );
      return answer as { items: LookupRow[]; total: number; page: number; pageSize: number };
    },
    placeholderData: keepPreviousData,
  });
}

/** A change of any group: every lookup is read again (a group may be read through other paths too). */
function useLookupMutation<A, R>(mutationFn: (argument: A) => Promise<R>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn,
    onSettled: () => invalidate(client, ['lookups']),
  });
}

export const useCreateLookup = (group: LookupGroupRoute) =>
  useLookupMutation((body: LookupBody) => call(api.POST(list(group), { body: body as GradeBody })));

export const useReplaceLookup = (group: LookupGroupRoute) =>
  useLookupMutation(({ row, body }: { row: LookupRow; body: LookupBody }) =>
    call(
      api.PUT(one(group), {
        params: { path: { id: row.id }, header: { 'If-Match': `"${row.version}"` } },
        body: body as GradeBody,
      }),
    ),
  );

export const useDeleteLookup = (group: LookupGroupRoute) =>
  useLookupMutation((row: LookupRow) => call(api.DELETE(one(group), { params: { path: { id: row.id } } })));
