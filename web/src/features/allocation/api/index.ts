import { useQuery, useQueryClient } from '@tanstack/react-query';
import { api, call, type Schemas } from '../../../lib/api/client';
import { invalidate } from '../../../lib/api/invalidate';
import { keys } from '../../../lib/api/keys';
import { useMutation } from '../../../lib/api/mutation';

export type AllocationRun = Schemas['AllocationRun'];
export type AllocationRunResult = Schemas['AllocationRunResult'];
export type LineCandidates = Schemas['DemandLineCandidates'];
export type Candidate = Schemas['AllocationCandidate'];
export type RosterGridRow = Schemas['RosterGridRow'];
export type DemandPlan = Schemas['DemandPlan'];

/** The live plans a run can be made for (not archived), newest first. */
export function useRunnablePlans() {
  return useQuery({
    queryKey: keys.demand.runnablePlans(),
    queryFn: () => call(api.GET('/api/demand/plans', { params: { query: { pageSize: 200 } } })),
    select: (page) =>
      page.items.filter((plan) => plan.Status !== 'Archived').sort((a, b) => b.from.localeCompare(a.from)),
  });
}

export function useAllocationRuns() {
  return useQuery({
    queryKey: keys.allocation.list(),
    queryFn: () => call(api.GET('/api/allocation-runs', { params: { query: { pageSize: 100 } } })),
  });
}

/** A run; while the engine works on it, read again every second for its progress. */
export function useAllocationRun(id: string) {
  return useQuery({
    queryKey: keys.allocation.one(id),
    queryFn: () => call(api.GET('/api/allocation-runs/{id}', { params: { path: { id } } })),
    refetchInterval: (query) => (query.state.data?.executing ? 1000 : false),
  });
}

export function useCreateAllocationRun() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: Schemas['NewAllocationRun']) => call(api.POST('/api/allocation-runs', { body })),
    onSuccess: (run) => {
      client.setQueryData(keys.allocation.one(run.id), run);
      void invalidate(client, ['allocation']);
    },
  });
}

export type AllocationRunAction = 'execute' | 'rerun' | 'review' | 'lock' | 'archive';

/**
 * A state change of a run. The answer is the run itself (archive answers nothing, so the run is read
 * again); a lock writes the run's proposal into the live roster.
 */
export function useAllocationRunAction(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async ({
      action,
      comment,
    }: {
      action: AllocationRunAction;
      comment?: string;
    }): Promise<AllocationRun | null> => {
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
      if (run) client.setQueryData(keys.allocation.one(id), run);
    },
    onSettled: (_run, _error, { action }) => {
      void invalidate(client, action === 'lock' ? ['allocation', 'rosters'] : ['allocation']);
    },
  });
}

const GRID_PAGE = 500;

/**
 * The run's proposal as a roster, every employee the run considered: the first page tells how many
 * there are, the rest are read side by side.
 */
export function useAllocationRunGrid(id: string, executions: number, enabled: boolean) {
  return useQuery({
    queryKey: keys.allocation.grid(id, executions),
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
    queryKey: keys.allocation.unfilled(id, executions),
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
    queryKey: keys.allocation.candidates(id, lineId ?? '', executions),
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
    queryKey: keys.allocation.ineligible(id, lineId ?? '', executions),
    enabled: enabled && lineId !== null,
    queryFn: () =>
      call(
        api.GET('/api/allocation-runs/{id}/candidates/{demandLineId}/ineligible', {
          params: { path: { id, demandLineId: lineId! }, query: { pageSize: 100 } },
        }),
      ),
  });
}
