import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, call, type Schemas } from '../../../lib/api/client';

export type Pool = Schemas['Pool'];
export type PoolMember = Schemas['PoolMember'];
export type LendingRule = Schemas['PoolLendingRule'];

export const poolKeys = {
  all: ['pools'] as const,
  list: ['pools', 'list'] as const,
  members: (poolId: string, page: number) => ['pools', 'members', poolId, page] as const,
  rules: (poolId: string) => ['pools', 'rules', poolId] as const,
  employees: (departmentId: string, q: string) => ['pools', 'employees', departmentId, q] as const,
};

export const MEMBER_PAGE_SIZE = 20;

export function usePools() {
  return useQuery({
    queryKey: poolKeys.list,
    queryFn: async () => (await call(api.GET('/api/pools', { params: { query: { pageSize: 500 } } }))).items,
  });
}

export function usePoolMembers(poolId: string, page: number) {
  return useQuery({
    queryKey: poolKeys.members(poolId, page),
    queryFn: () =>
      call(
        api.GET('/api/pools/{id}/members', {
          params: { path: { id: poolId }, query: { page, pageSize: MEMBER_PAGE_SIZE } },
        }),
      ),
    placeholderData: keepPreviousData,
  });
}

/** The lending rules with the pool on either side. */
export function useLendingRules(poolId: string) {
  return useQuery({
    queryKey: poolKeys.rules(poolId),
    queryFn: async () =>
      (await call(api.GET('/api/pool-lending-rules', { params: { query: { poolId, pageSize: 500 } } })))
        .items,
  });
}

/** Employees of the pool's department matching a search, to add as members. */
export function useDepartmentEmployees(departmentId: string, q: string, enabled: boolean) {
  return useQuery({
    queryKey: poolKeys.employees(departmentId, q),
    queryFn: async () =>
      (
        await call(
          api.GET('/api/employees', {
            params: { query: { departmentId, pageSize: 50, ...(q.trim() ? { q: q.trim() } : {}) } },
          }),
        )
      ).items,
    enabled,
    placeholderData: keepPreviousData,
  });
}

/** Changes a pool (If-Match). Invalidates every pool query (member counts, the default). */
export function useUpdatePool() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ pool, body }: { pool: Pool; body: Schemas['PoolUpdate'] }) =>
      call(
        api.PATCH('/api/pools/{id}', {
          params: { path: { id: pool.id }, header: { 'If-Match': `"${pool.version}"` } },
          body,
        }),
      ),
    onSettled: () => client.invalidateQueries({ queryKey: poolKeys.all }),
  });
}

/** Adds or removes an explicit member. Invalidates every pool query (counts and members move). */
export function useMembership(poolId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ employeeId, add }: { employeeId: string; add: boolean }) =>
      add
        ? call(
            api.POST('/api/pools/{id}/members', { params: { path: { id: poolId } }, body: { employeeId } }),
          )
        : call(
            api.DELETE('/api/pools/{id}/members/{employeeId}', {
              params: { path: { id: poolId, employeeId } },
            }),
          ),
    onSettled: () => client.invalidateQueries({ queryKey: poolKeys.all }),
  });
}

/** Creates a rule, or changes one with If-Match. Invalidates the rules of every pool. */
export function useSaveRule() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (
      input:
        | { rule: LendingRule; body: Schemas['PoolLendingRuleUpdate'] }
        | { rule: null; body: Schemas['NewPoolLendingRule'] },
    ) =>
      input.rule
        ? call(
            api.PATCH('/api/pool-lending-rules/{id}', {
              params: { path: { id: input.rule.id }, header: { 'If-Match': `"${input.rule.version}"` } },
              body: input.body,
            }),
          )
        : call(api.POST('/api/pool-lending-rules', { body: input.body })),
    onSettled: () => client.invalidateQueries({ queryKey: ['pools', 'rules'] }),
  });
}

export function useDeleteRule() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (rule: LendingRule) =>
      call(api.DELETE('/api/pool-lending-rules/{id}', { params: { path: { id: rule.id } } })),
    onSettled: () => client.invalidateQueries({ queryKey: ['pools', 'rules'] }),
  });
}
