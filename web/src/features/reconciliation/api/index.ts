import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, call, type Schemas } from '../../../lib/api/client';
import { invalidate } from '../../../lib/api/invalidate';
import { keys } from '../../../lib/api/keys';
import { useMutation } from '../../../lib/api/mutation';

export type ReconciliationException = Schemas['ReconciliationException'];
export type ExceptionKind = ReconciliationException['kind'];
export type Variance = Schemas['Variance'];
export type UtilizationReport = Schemas['UtilizationReport'];

export const EXCEPTION_KINDS: ExceptionKind[] = [
  'NO_SHOW',
  'LATE_ARRIVAL',
  'EARLY_DEPARTURE',
  'UNPLANNED_ATTENDANCE',
  'WRONG_SHIFT',
];

/** The bell's count of open reconciliation exceptions, every 30 s. */
export function useOpenExceptionCount(enabled: boolean) {
  return useQuery({
    queryKey: keys.reconciliation.pendingCount(),
    queryFn: async () => (await call(api.GET('/api/admin/reconciliation/pending-count'))).count,
    enabled,
    refetchInterval: 30_000,
  });
}

export interface ExceptionFilters {
  from?: string;
  to?: string;
  kind?: ExceptionKind;
  status?: 'OPEN' | 'VALIDATED';
  departmentId?: string;
}

export const EXCEPTIONS_PAGE_SIZE = 50;

export function useExceptions(filters: ExceptionFilters, page: number) {
  return useQuery({
    queryKey: keys.reconciliation.exceptions(filters, page),
    queryFn: () =>
      call(
        api.GET('/api/admin/reconciliation/exceptions', {
          params: { query: { ...filters, page, pageSize: EXCEPTIONS_PAGE_SIZE } },
        }),
      ),
    placeholderData: keepPreviousData,
  });
}

/** Validates the chosen exceptions as justified or not, all of them or none. */
export function useValidateExceptions() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: Schemas['ReconciliationExceptionValidation']) =>
      call(api.POST('/api/admin/reconciliation/exceptions/validate', { body })),
    onSettled: () => invalidate(client, ['reconciliation']),
  });
}

export interface RangeFilters {
  from?: string;
  to?: string;
  departmentId?: string;
}

export function useVariance(filters: RangeFilters) {
  return useQuery({
    queryKey: keys.reconciliation.variance(filters),
    queryFn: () => call(api.GET('/api/admin/reconciliation/variance', { params: { query: filters } })),
    placeholderData: keepPreviousData,
  });
}

export function useUtilization(filters: RangeFilters) {
  return useQuery({
    queryKey: keys.reconciliation.utilization(filters),
    queryFn: () => call(api.GET('/api/reports/utilization', { params: { query: filters } })),
    placeholderData: keepPreviousData,
  });
}
