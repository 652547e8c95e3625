import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, call, type Schemas } from '../../../lib/api/client';

export type Run = Schemas['AllocationRun'];
export type RunResult = Schemas['AllocationRunResult'];
export type LineCandidates = Schemas['DemandLineCandidates'];
export type Candidate = Schemas['AllocationCandidate'];
export type RosterGridRow = Schemas['RosterGridRow'];
export type DemandPlan = Schemas['DemandPlan'];

export const runKeys = {
  all: ['runs'] as const,
  list: (planId?: string) => ['runs', 'list', planId ?? 'all'] as const,
  one: (id: string) => ['runs', 'one', id] as const,
  grid: (id: string, executions: number) => ['runs', 'grid', id, executions] as const,
  unfilled: (id: string, executions: number) => ['runs', 'unfilled', id, executions] as const,
  candidates: (id: string, lineId: string, executions: number) =>
    ['runs', 'candidates', id, lineId, executions] as const,
  ineligible: (id: string, lineId: string, executions: number) =>
    ['runs', 'ineligible', id, lineId, executions] as const,
};

/** The live plans a run can be made for (not archived), newest first. */
export function usePlans() {
  return useQuery({
    queryKey: ['runs', 'plans'],
    queryFn: () => call(api.GET('/api/demand/plans', { params: { query: { pageSize: 200 } } })),
    select: (page) =>
      page.items.filter((plan) => plan.Status !== 'Archived').sort((a, b) => b.from.localeCompare(a.from)),
  });
}

export function useRuns() {
  return useQuery({
    queryKey: runKeys.list(),
    queryFn: () => call(api.GET('/api/allocation-runs', { params: { query: { pageSize: 100 } } })),
  });
}

/** A run; while the engine works on it, read again every second for its progress. */
export function useRun(id: string) {
  return useQuery({
    queryKey: runKeys.one(id),
    queryFn: () => call(api.GET('/api/allocation-runs/{id}', { params: { path: { id } } })),
    refetchInterval: (query) => (query.state.data?.executing ? 1000 : false),
  });
}

export function useCreateRun() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: Schemas['NewAllocationRun']) => call(api.POST('/api/allocation-runs', { body })),
    onSuccess: (run) => {
      client.setQueryData(runKeys.one(run.id), run);
      client.invalidateQueries({ queryKey: runKeys.list() });
    },
  });
}

export type RunAction = 'execute' | 'rerun' | 'review' | 'lock' | 'archive';

/**
 * A state change of a run. The answer is the run itself (archive answers nothing, so the run is read
 * again); the list, and the live roster and its gaps after a lock, are invalidated.
 */
export function useRunAction(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async ({ action, comment }: { action: RunAction; comment?: string }): Promise<Run | null> => {
      const path = { params: { path: { id } } };
      switch (action) {
        case 'execute':
          return call(api.POST('/api/allocation-runs/{id}/execute', path));
        case 'rerun':
          return call(api.POST('/api/allocation-runs/{id}/rerun', path));
        case 'review':
          return call(
            api.POST('/api/allocation-runs/{id}/review', {
              ...path,
              body: { comment: comment?.trim() || null },
            }),
          );
        case 'lock':
          return call(api.POST('/api/allocation-runs/{id}/lock', path));
        case 'archive':
          await call(api.DELETE('/api/allocation-runs/{id}', path));
          return null;
      }
    },
    onSuccess: (run) => {
      if (run) client.setQueryData(runKeys.one(id), run);
    },
    onSettled: (_run, _error, { action }) => {
      client.invalidateQueries({ queryKey: runKeys.one(id) });
      client.invalidateQueries({ queryKey: runKeys.list() });
      if (action === 'lock') client.invalidateQueries({ queryKey: ['liveRoster'] });
    },
  });
}

const GRID_PAGE = 500;

/**
 * The run's proposal as a roster, every employee the run considered: the first page tells how many
 * there are, the rest are read side by side.
 */
export function useRunGrid(id: string, executions: number, enabled: boolean) {
  return useQuery({
    queryKey: runKeys.grid(id, executions),
    enabled,
    queryFn: async () => {
      const page = (n: number) =>
        call(
          api.GET('/api/allocation-runs/{id}/roster-grid', {
            params: { path: { id }, query: { page: n, pageSize: GRID_PAGE } },
          }),
        );
      const first = await page(1);
      const pages = Math.ceil(first.total / GRID_PAGE);
      const rest = await Promise.all(Array.from({ length: Math.max(0, pages - 1) }, (_, i) => page(i + 2)));
      performance.clearMarks('roster-grid:data');
      performance.mark('roster-grid:data');
      return { from: first.from, to: first.to, rows: [first, ...rest].flatMap((p) => p.items) };
    },
  });
}

/** The lines the run left short, each with its best candidates (ranked, with their score parts). */
export function useUnfilledLines(id: string, executions: number, enabled: boolean) {
  return useQuery({
    queryKey: runKeys.unfilled(id, executions),
    enabled,
    queryFn: () =>
      call(
        api.GET('/api/allocation-runs/{id}/candidates', {
          params: { path: { id }, query: { unfilledOnly: true, perLine: 10, pageSize: 200 } },
        }),
      ),
  });
}

/** Everyone who could staff one line, best first. */
export function useLineCandidates(id: string, lineId: string | null, executions: number) {
  return useQuery({
    queryKey: runKeys.candidates(id, lineId ?? '', executions),
    enabled: lineId !== null,
    queryFn: () =>
      call(
        api.GET('/api/allocation-runs/{id}/candidates/{demandLineId}', {
          params: { path: { id, demandLineId: lineId! }, query: { pageSize: 50 } },
        }),
      ),
  });
}

/** Who could not staff the line and by which rules (SYS_ADMIN's `allocation_run.debug`). */
export function useIneligible(id: string, lineId: string | null, executions: number, enabled: boolean) {
  return useQuery({
    queryKey: runKeys.ineligible(id, lineId ?? '', executions),
    enabled: enabled && lineId !== null,
    queryFn: () =>
      call(
        api.GET('/api/allocation-runs/{id}/candidates/{demandLineId}/ineligible', {
          params: { path: { id, demandLineId: lineId! }, query: { pageSize: 100 } },
        }),
      ),
  });
}
