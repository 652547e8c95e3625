import { useQuery } from '@tanstack/react-query';
import { api, call, type Schemas } from '../../../lib/api/client';

export type OrgNode = Schemas['OrgNode'];

/** Departments by id, for the names of the queue items. */
export function useDepartments() {
  return useQuery({
    queryKey: ['lookups', 'departments'],
    queryFn: () => call(api.GET('/api/lookups/departments', { params: { query: { pageSize: 500 } } })),
    staleTime: 10 * 60_000,
    select: (page) => new Map(page.items.map((node) => [node.id, node])),
  });
}
