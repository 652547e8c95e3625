import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, call, type Schemas } from '../../../lib/api/client';
import { invalidate } from '../../../lib/api/invalidate';
import { keys } from '../../../lib/api/keys';
import { useMutation } from '../../../lib/api/mutation';

export type DemandPlan = Schemas['DemandPlan'];
export type DemandPlanDetail = Schemas['DemandPlanDetail'];
export type PlanStatus = DemandPlan['Status'];
export type DemandTemplate = Schemas['DemandTemplate'];
export type ApplyResult = Schemas['DemandTemplateApplied'];
export type PlanUpdate = Schemas['DemandPlanUpdate'];

export interface PlanFilters {
  departmentId?: string;
  date?: string;
  terminal?: string;
  status?: PlanStatus;
  page: number;
}

export const PLAN_PAGE_SIZE = 25;

export function useDemandPlans(filters: PlanFilters) {
  return useQuery({
    queryKey: keys.demand.planPage(filters),
    queryFn: () =>
      call(
        api.GET('/api/demand/plans', {
          params: {
            query: {
              page: filters.page,
              pageSize: PLAN_PAGE_SIZE,
              ...(filters.departmentId ? { departmentId: filters.departmentId } : {}),
              ...(filters.date ? { date: filters.date } : {}),
              ...(filters.terminal ? { terminal: filters.terminal } : {}),
              ...(filters.status ? { state: filters.status } : {}),
            },
          },
        }),
      ),
    placeholderData: keepPreviousData,
  });
}

/** A plan with its lines; the matrix reads the lines, the save sends the version it read as `If-Match`. */
export function useDemandPlan(id: string) {
  return useQuery({
    queryKey: keys.demand.plan(id),
    queryFn: () => fetchPlan(id),
    // An open matrix is not refreshed under the person's edits; a stale save shows what changed instead.
    refetchOnWindowFocus: false,
    staleTime: Number.POSITIVE_INFINITY,
  });
}

export const fetchPlan = (id: string) =>
  call(api.GET('/api/demand/plans/{id}', { params: { path: { id } } }));

/**
 * The templates a plan of the department may use: the department's own and the unit-wide ones (the
 * list's `departmentId` filter would leave the unit-wide ones out, so the filter is applied here).
 */
export function useDemandTemplates(departmentId: string | undefined) {
  return useQuery({
    queryKey: keys.demand.templates(),
    queryFn: async () =>
      (await call(api.GET('/api/demand/templates', { params: { query: { pageSize: 500 } } }))).items,
    select: (templates) =>
      templates.filter(
        (template) => template.departmentId === null || template.departmentId === departmentId,
      ),
  });
}

/** Creates a Draft plan. */
export function useCreatePlan() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: Schemas['NewDemandPlan']) => call(api.POST('/api/demand/plans', { body })),
    onSettled: () => invalidate(client, ['demand']),
  });
}

/**
 * One PATCH with the version the edit began from as `If-Match` (cells and/or a status). The answer is
 * the plan after the change: it replaces the cached plan (a read again would move the open matrix).
 */
export function useUpdatePlan(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ version, body }: { version: number; body: PlanUpdate }) =>
      call(
        api.PATCH('/api/demand/plans/{id}', {
          params: { path: { id }, header: { 'If-Match': `"${version}"` } },
          body,
        }),
      ),
    onSuccess: (plan) => client.setQueryData(keys.demand.plan(id), plan),
    onSettled: () => invalidate(client, ['demand']),
  });
}

/** Lays a template over dates of a plan: a dry run answers the changes, a commit writes them. */
export function useApplyTemplate(planId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({
      templateId,
      ...body
    }: {
      templateId: string;
      from: string;
      to: string;
      dryRun: boolean;
    }) =>
      call(
        api.POST('/api/demand/templates/{id}/apply', {
          params: { path: { id: templateId } },
          body: { planId, ...body },
        }),
      ),
    onSuccess: (result) => {
      if (!result.dryRun) void invalidate(client, ['demand', 'demandLines']);
    },
  });
}

/** The next states a plan may take (Draft → Approved → Locked; Archived from any). */
export function nextStatuses(status: PlanStatus): PlanStatus[] {
  switch (status) {
    case 'Draft':
      return ['Approved', 'Archived'];
    case 'Approved':
      return ['Locked', 'Archived'];
    case 'Locked':
      return ['Archived'];
    case 'Archived':
      return [];
  }
}
