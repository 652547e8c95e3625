import { useQuery } from '@tanstack/react-query';
import { api, call, type Schemas } from '../../../lib/api/client';

export type ReconciliationException = Schemas['ReconciliationException'];

/** The bell's count of open reconciliation exceptions, every 30 s. */
export function useOpenExceptionCount(enabled: boolean) {
  return useQuery({
    queryKey: ['reconciliation', 'pending-count'],
    queryFn: async () => (await call(api.GET('/api/admin/reconciliation/pending-count'))).count,
    enabled,
    refetchInterval: 30_000,
  });
}

export function useOpenExceptions() {
  return useQuery({
    queryKey: ['reconciliation', 'exceptions', 'open'],
    queryFn: () =>
      call(
        api.GET('/api/admin/reconciliation/exceptions', {
          params: { query: { status: 'OPEN', pageSize: 200 } },
        }),
      ),
  });
}
