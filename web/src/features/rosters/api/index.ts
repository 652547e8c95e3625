import { useQuery, useQueryClient } from '@tanstack/react-query';
import { api, call, type Schemas } from '../../../lib/api/client';
import { invalidate } from '../../../lib/api/invalidate';
import { keys } from '../../../lib/api/keys';
import { useMutation } from '../../../lib/api/mutation';

export type ShiftAssignment = Schemas['ShiftAssignment'];
export type RosterGap = Schemas['RosterGap'];
export type PublishedRoster = Schemas['PublishedRoster'];
export type RosterChanges = Schemas['RosterChanges'];
export type AllocationRun = Schemas['AllocationRun'];
export type PublicationCompliance = Schemas['PublicationCompliance'];
export type RosterPersonFigures = Schemas['RosterPersonFigures'];
export type PersonFigures = Schemas['PersonFigures'];

export interface Scope {
  from: string;
  to: string;
  departmentId: string | null;
}

const PAGE = 500;

/** Every page of a paged list: the first tells how many there are, the rest are read side by side. */
async function allPages<T>(read: (page: number) => Promise<{ items: T[]; total: number }>): Promise<T[]> {
  const first = await read(1);
  const pages = Math.ceil(first.total / PAGE);
  const rest = await Promise.all(Array.from({ length: Math.max(0, pages - 1) }, (_, i) => read(i + 2)));
  return [first, ...rest].flatMap((page) => page.items);
}

const departmentOf = (scope: Scope) => (scope.departmentId ? { departmentId: scope.departmentId } : {});

/**
 * The periods of what stands or is about to in the dates: the current published versions and, for a
 * caller who may read demand, the approved and locked plans (newest periods first, so a page holds the
 * coming ones).
 */
export function useComingPeriods(
  from: string,
  to: string,
  departmentId: string | null,
  plans: boolean,
  enabled: boolean,
) {
  return useQuery({
    queryKey: keys.rosters.coming(from, to, departmentId, plans),
    queryFn: async () => {
      const department = departmentId ? { departmentId } : {};
      const planned = (state: 'Approved' | 'Locked') =>
        call(api.GET('/api/demand/plans', { params: { query: { state, ...department, pageSize: 100 } } }));
      const [published, ...livePlans] = await Promise.all([
        call(
          api.GET('/api/admin/published-rosters', {
            params: { query: { from, to, currentOnly: true, ...department, pageSize: 100 } },
          }),
        ),
        ...(plans ? [planned('Approved'), planned('Locked')] : []),
      ]);
      return [...published.items, ...livePlans.flatMap((page) => page.items)]
        .filter((period) => period.from <= to && period.to >= from)
        .map((period) => ({ from: period.from, to: period.to }));
    },
    enabled,
  });
}

/** The live assignments of a scope, all of them. */
export const readAssignments = (scope: Scope) =>
  allPages((page) =>
    call(
      api.GET('/api/shift-assignments', {
        params: { query: { from: scope.from, to: scope.to, ...departmentOf(scope), page, pageSize: PAGE } },
      }),
    ),
  );

/**
 * The live roster as grid data: the assignments of the period and, for a caller who may list employees,
 * everyone active in the scope (rows without work show who is free).
 */
export function useLiveRoster(scope: Scope, everyone: boolean) {
  return useQuery({
    queryKey: keys.rosters.grid(scope, everyone),
    queryFn: async () => {
      const [assignments, employees] = await Promise.all([
        readAssignments(scope),
        everyone
          ? allPages((page) =>
              call(
                api.GET('/api/employees', {
                  params: {
                    query: {
                      ...departmentOf(scope),
                      status: 'ACTIVE',
                      activeOn: scope.from,
                      page,
                      pageSize: PAGE,
                    },
                  },
                }),
              ),
            )
          : Promise.resolve([]),
      ]);
      performance.clearMarks('roster-grid:data');
      performance.mark('roster-grid:data');
      return { assignments, employees };
    },
  });
}

export function useGaps(scope: Scope) {
  return useQuery({
    queryKey: keys.rosters.gaps(scope),
    queryFn: () =>
      call(
        api.GET('/api/roster/gaps', {
          params: { query: { from: scope.from, to: scope.to, ...departmentOf(scope), pageSize: PAGE } },
        }),
      ),
  });
}

/** Per person of the department's period: hours, nights, weekend shifts, cost and the limits come near. */
export function usePersonFigures(scope: Scope) {
  return useQuery({
    queryKey: keys.rosters.figures(scope),
    enabled: scope.departmentId !== null,
    queryFn: () =>
      call(
        api.GET('/api/roster/person-figures', {
          params: { query: { departmentId: scope.departmentId!, from: scope.from, to: scope.to } },
        }),
      ),
  });
}

export function useCoverCandidates(lineId: string | null) {
  return useQuery({
    queryKey: keys.rosters.cover(lineId ?? ''),
    enabled: lineId !== null,
    queryFn: () =>
      call(
        api.GET('/api/roster/gaps/{demandLineId}/candidates', {
          params: { path: { demandLineId: lineId! }, query: { pageSize: 50 } },
        }),
      ),
  });
}

/** Covers a gap with one employee; the service checks every rule. */
export function useCoverGap() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({
      employeeId,
      date,
      demandLineId,
    }: {
      employeeId: string;
      date: string;
      demandLineId: string;
    }) =>
      call(
        api.POST('/api/employees/{id}/shift-assignments', {
          params: { path: { id: employeeId } },
          body: { date, demandLineId },
        }),
      ),
    onSettled: () => invalidate(client, ['rosters']),
  });
}

export function useRemoveAssignment() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => call(api.DELETE('/api/shift-assignments/{id}', { params: { path: { id } } })),
    onSettled: () => invalidate(client, ['rosters']),
  });
}

/** The locked runs over the period: what can be published. */
export function useLockedRuns(scope: Scope) {
  return useQuery({
    queryKey: keys.allocation.locked(scope),
    queryFn: () =>
      call(
        api.GET('/api/allocation-runs', {
          params: {
            query: {
              status: 'Locked',
              from: scope.from,
              to: scope.to,
              ...departmentOf(scope),
              pageSize: 100,
            },
          },
        }),
      ),
  });
}

/** Published versions over the period, newest first, with their approval. */
export function usePublishedVersions(scope: Scope) {
  return useQuery({
    queryKey: keys.publishing.versions(scope),
    queryFn: () =>
      call(
        api.GET('/api/admin/published-rosters', {
          params: { query: { from: scope.from, to: scope.to, ...departmentOf(scope), pageSize: 100 } },
        }),
      ),
  });
}

/** What publishing the run now would write, as the service will write it (lent staff included). */
export function usePublicationPreview(runId: string | null) {
  return useQuery({
    queryKey: keys.rosters.publicationPreview(runId ?? ''),
    enabled: runId !== null,
    queryFn: () =>
      call(api.GET('/api/admin/roster/publication-preview', { params: { query: { runId: runId! } } })),
    staleTime: 0,
  });
}

/** What publishing the run now would break or come near, per person (read before confirming). */
export function usePublicationCompliance(runId: string | null) {
  return useQuery({
    queryKey: keys.rosters.publicationCompliance(runId ?? ''),
    enabled: runId !== null,
    queryFn: () =>
      call(api.GET('/api/admin/roster/publication-compliance', { params: { query: { runId: runId! } } })),
    staleTime: 0,
  });
}

export function usePublish() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ runId, reason }: { runId: string; reason: string | null }) =>
      call(
        reason === null
          ? api.POST('/api/admin/roster/publish', { body: { runId } })
          : api.POST('/api/admin/roster/republish', { body: { runId, reason } }),
      ),
    onSettled: () => {
      void invalidate(client, ['publishing']);
    },
  });
}

/** Offers a gap to the employees who may work it (open shifts). */
export function useOfferGap() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (demandLineId: string) => call(api.POST('/api/open-shifts', { body: { demandLineId } })),
    onSettled: () => invalidate(client, ['openShifts']),
  });
}

export type RosterEdit =
  | Schemas['RosterShiftAdded']
  | Schemas['RosterShiftRemoved']
  | Schemas['RosterShiftMoved'];
export type RosterEditCheck = Schemas['RosterEditCheck'];
export type RosterEditConflict = Schemas['RosterEditConflict'];
export type RosterCopy = Schemas['RosterCopy'];
export type RosterCopyRequest = Schemas['RosterCopyRequest'];

/** Whether grid edits keep every rule and meet no newer save; nothing is written. */
export function useCheckRosterEdits() {
  return useMutation({
    mutationFn: (body: { departmentId: string; edits: RosterEdit[] }) =>
      call(api.POST('/api/admin/roster/edits/check', { body })),
  });
}

/** Saves grid edits as one write: every edit or none. */
export function useSaveRosterEdits() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: { departmentId: string; edits: RosterEdit[] }) =>
      call(api.POST('/api/admin/roster/edits', { body })),
    onSettled: () => invalidate(client, ['rosters']),
  });
}

/** What copying a period onto another would write and leave out. */
export function usePreviewRosterCopy() {
  return useMutation({
    mutationFn: (body: RosterCopyRequest) => call(api.POST('/api/admin/roster/copies/preview', { body })),
  });
}

/** Writes the copy its preview showed (its fingerprint); refused when it would write anything else now. */
export function useCopyRoster() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: RosterCopyRequest & { expected: string }) =>
      call(api.POST('/api/admin/roster/copies', { body })),
    onSettled: () => invalidate(client, ['rosters']),
  });
}
