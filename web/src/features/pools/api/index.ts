import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, call, type Schemas } from '../../../lib/api/client';
import { invalidate } from '../../../lib/api/invalidate';
import { keys } from '../../../lib/api/keys';
import { useMutation } from '../../../lib/api/mutation';

export type Pool = Schemas['Pool'];
export type PoolMember = Schemas['PoolMember'];
export type LendingRule = Schemas['PoolLendingRule'];

export const MEMBER_PAGE_SIZE = 20;

export function usePoolMembers(poolId: string, page: number) {
  return useQuery({
    queryKey: keys.pools.members(poolId, page),
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
    queryKey: keys.pools.rules(poolId),
    queryFn: async () =>
      (await call(api.GET('/api/pool-lending-rules', { params: { query: { poolId, pageSize: 500 } } })))
        .items,
  });
}

/** Employees of the pool's department matching a search, to add as members. */
export function useDepartmentEmployees(departmentId: string, q: string, enabled: boolean) {
  return useQuery({
    queryKey: keys.people.search(departmentId, q),
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

/** Changes a pool (If-Match); member counts and the default move with it. */
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
    onSettled: () => invalidate(client, ['pools']),
  });
}

/** Adds or removes an explicit member. */
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
    onSettled: () => invalidate(client, ['pools']),
  });
}

/** Creates a rule, or changes one with If-Match. */
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
    onSettled: () => invalidate(client, ['pools']),
  });
}

export function useDeleteRule() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (rule: LendingRule) =>
      call(api.DELETE('/api/pool-lending-rules/{id}', { params: { path: { id: rule.id } } })),
    onSettled: () => invalidate(client, ['pools']),
  });
}
