import { useQuery, useQueryClient } from '@tanstack/react-query';
import { api, call, type Schemas } from '../../../lib/api/client';
import { invalidate } from '../../../lib/api/invalidate';
import { keys } from '../../../lib/api/keys';
import { useMutation } from '../../../lib/api/mutation';

export type RunCost = Schemas['AllocationRunCost'];
export type LabourCost = RunCost['cost'];
export type DepartmentMonthCost = Schemas['DepartmentMonthCost'];
export type LabourRate = Schemas['LabourRate'];
export type LabourPremium = Schemas['LabourPremium'];
export type LabourBudget = Schemas['LabourBudget'];

/** What a run's proposal costs; read again with each execution. */
export function useRunCost(id: string, executions: number) {
  return useQuery({
    queryKey: keys.costs.run(id, executions),
    queryFn: () => call(api.GET('/api/allocation-runs/{id}/cost', { params: { path: { id } } })),
    enabled: executions > 0,
  });
}

export function useMonthCost(month: string) {
  return useQuery({
    queryKey: keys.costs.month(month),
    queryFn: () => call(api.GET('/api/labour-cost', { params: { query: { month } } })),
  });
}

/** The month over the departments in scope in three figures (the dashboard's tile). */
export function useMonthTotals(month: string) {
  return useQuery({
    queryKey: keys.costs.totals(month),
    queryFn: () => call(api.GET('/api/labour-cost/totals', { params: { query: { month } } })),
  });
}

export function useRates() {
  return useQuery({
    queryKey: keys.costs.rates(),
    queryFn: () => call(api.GET('/api/labour-rates', { params: { query: { pageSize: 500 } } })),
  });
}

export function usePremiums() {
  return useQuery({ queryKey: keys.costs.premiums(), queryFn: () => call(api.GET('/api/labour-premiums')) });
}

export function useBudgets() {
  return useQuery({
    queryKey: keys.costs.budgets(),
    queryFn: () => call(api.GET('/api/labour-budgets', { params: { query: { pageSize: 500 } } })),
  });
}

/** Every change of rates, premiums or budgets changes what things cost: all cost answers are read again. */
function useInvalidateCosts() {
  const client = useQueryClient();
  return () => invalidate(client, ['costs']);
}

export function useCreateRate() {
  const invalidate = useInvalidateCosts();
  return useMutation({
    mutationFn: (body: Schemas['NewLabourRate']) => call(api.POST('/api/labour-rates', { body })),
    onSuccess: invalidate,
  });
}

export function useDeleteRate() {
  const invalidate = useInvalidateCosts();
  return useMutation({
    mutationFn: (id: string) => call(api.DELETE('/api/labour-rates/{id}', { params: { path: { id } } })),
    onSuccess: invalidate,
  });
}

export function useSetPremium() {
  const invalidate = useInvalidateCosts();
  return useMutation({
    mutationFn: ({ kind, body }: { kind: LabourPremium['kind']; body: Schemas['LabourPremiumUpdate'] }) =>
      call(api.PUT('/api/labour-premiums/{kind}', { params: { path: { kind } }, body })),
    onSuccess: invalidate,
  });
}

export function useCreateBudget() {
  const invalidate = useInvalidateCosts();
  return useMutation({
    mutationFn: (body: Schemas['NewLabourBudget']) => call(api.POST('/api/labour-budgets', { body })),
    onSuccess: invalidate,
  });
}

export function useUpdateBudget() {
  const invalidate = useInvalidateCosts();
  return useMutation({
    mutationFn: ({ id, amount }: { id: string; amount: string }) =>
      call(api.PATCH('/api/labour-budgets/{id}', { params: { path: { id } }, body: { amount } })),
    onSuccess: invalidate,
  });
}

/** The month's report file (xlsx or PDF) in a language, fetched with the bearer token and saved. */
export function useCostReportFile() {
  return useMutation({
    mutationFn: async ({
      month,
      format,
      lang,
    }: {
      month: string;
      format: 'xlsx' | 'pdf';
      lang: 'en' | 'ar';
    }) => {
      const query = { month, lang };
      const answer =
        format === 'pdf'
          ? await api.GET('/api/reports/labour-cost.pdf', { params: { query }, parseAs: 'blob' })
          : await api.GET('/api/reports/labour-cost.xlsx', { params: { query }, parseAs: 'blob' });
      const blob = await call<Blob>(
        Promise.resolve(answer as { data?: Blob; error?: unknown; response: Response }),
      );
      const url = URL.createObjectURL(blob);
      const link = document.createElement('a');
      link.href = url;
      link.download = `labour-cost-${month}-${lang}.${format}`;
      document.body.append(link);
      link.click();
      link.remove();
      setTimeout(() => URL.revokeObjectURL(url), 60_000);
    },
  });
}
