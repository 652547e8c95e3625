import { and, asc, count, eq, inArray, isNull, ne, or, type SQL, sql } from 'drizzle-orm';
import type { DepartmentScope } from '../../core/auth/principal.ts';
import { type Executor, queryRows, uuidList } from '../../core/db/database.ts';
import { paged } from '../../core/db/paging.ts';
import { inDepartmentScope } from '../../core/db/scope.ts';
import {
  employees,
  poolLendingRuleSkills,
  poolLendingRules,
  poolMembers,
  pools,
} from '../../core/db/tables/index.ts';
import { edited } from '../../core/db/versioned.ts';
import { orgNodesToJoin as department, skillsToJoin as skill } from '../lookups/reads.ts';
import { homePool, homePoolJoinsOfEmployees } from './home-pool.ts';
import type { HomePool } from './schemas.ts';

export type PoolRow = typeof pools.$inferSelect & { departmentCode: string; memberCount: number };

const memberCount = sql<number>`(select count(*)::int from ${poolMembers} where ${poolMembers.poolId} = ${pools.id})`;

const poolSelect = {
  id: pools.id,
  buId: pools.buId,
  departmentId: pools.departmentId,
  code: pools.code,
  nameEn: pools.nameEn,
  nameAr: pools.nameAr,
  description: pools.description,
  isDefault: pools.isDefault,
  isActive: pools.isActive,
  version: pools.version,
  createdAt: pools.createdAt,
  updatedAt: pools.updatedAt,
  departmentCode: department.code,
  memberCount,
};

export async function listPools(
  executor: Executor,
  buId: string,
  scope: DepartmentScope,
  filter: { departmentId?: string; isDefault?: boolean; isActive?: boolean },
  limit: number,
  offset: number,
): Promise<{ rows: PoolRow[]; total: number }> {
  const where = and(
    eq(pools.buId, buId),
    inDepartmentScope(pools.departmentId, scope),
    filter.departmentId === undefined ? undefined : eq(pools.departmentId, filter.departmentId),
    filter.isDefault === undefined ? undefined : eq(pools.isDefault, filter.isDefault),
    filter.isActive === undefined ? undefined : eq(pools.isActive, filter.isActive),
  );
  return paged(
    executor
      .select(poolSelect)
      .from(pools)
      .innerJoin(department, eq(department.id, pools.departmentId))
      .where(where)
      .orderBy(asc(department.code), asc(pools.code))
      .limit(limit)
      .offset(offset),
    executor.select({ n: count() }).from(pools).where(where),
  );
}

export async function findPool(
  executor: Executor,
  buId: string,
  scope: DepartmentScope,
  id: string,
): Promise<PoolRow | undefined> {
  const [row] = await executor
    .select(poolSelect)
    .from(pools)
    .innerJoin(department, eq(department.id, pools.departmentId))
    .where(and(eq(pools.id, id), eq(pools.buId, buId), inDepartmentScope(pools.departmentId, scope)));
  return row;
}

/** Locks pool rows (in id order, so two transactions never wait on each other crosswise). */
export async function lockPools(executor: Executor, buId: string, ids: string[]) {
  return executor
    .select({
      id: pools.id,
      departmentId: pools.departmentId,
      isDefault: pools.isDefault,
      version: pools.version,
    })
    .from(pools)
    .where(and(eq(pools.buId, buId), inArray(pools.id, ids)))
    .orderBy(asc(pools.id))
    .for('update');
}

export async function insertPool(executor: Executor, values: typeof pools.$inferInsert): Promise<string> {
  const [row] = await executor.insert(pools).values(values).returning({ id: pools.id });
  return row!.id;
}

export async function updatePool(
  executor: Executor,
  id: string,
  values: Partial<typeof pools.$inferInsert>,
  at: Date,
): Promise<void> {
  await executor
    .update(pools)
    .set(edited(pools, values, at))
    .where(eq(pools.id, id));
}

/**
 * Takes the default flag from whichever other pool of the department holds it. Under concurrency the
 * partial unique index decides: a second transaction that finds no default left to take fails on it.
 */
export async function takeDefault(
  executor: Executor,
  departmentId: string,
  poolId: string,
  at: Date,
): Promise<void> {
  await executor
    .update(pools)
    .set(edited(pools, { isDefault: false }, at))
    .where(and(eq(pools.departmentId, departmentId), eq(pools.isDefault, true), ne(pools.id, poolId)));
  await updatePool(executor, poolId, { isDefault: true }, at);
}

export async function deletePool(executor: Executor, id: string): Promise<void> {
  await executor.delete(pools).where(eq(pools.id, id));
}

export async function poolIsReferenced(executor: Executor, id: string): Promise<boolean> {
  const [row] = await executor
    .execute<{ referenced: boolean }>(sql`select
      exists (select 1 from ${poolMembers} where ${poolMembers.poolId} = ${id})
      or exists (select 1 from ${poolLendingRules}
                 where ${poolLendingRules.sourcePoolId} = ${id} or ${poolLendingRules.targetPoolId} = ${id})
      as referenced`)
    .then((result) => (result as unknown as { rows: { referenced: boolean }[] }).rows);
  return Boolean(row?.referenced);
}

// Members

const memberSelect = {
  poolId: poolMembers.poolId,
  employeeId: employees.id,
  employeeNumber: employees.employeeNumber,
  nameEn: employees.nameEn,
  nameAr: employees.nameAr,
  departmentId: employees.departmentId,
  addedAt: poolMembers.createdAt,
};

export async function findMember(executor: Executor, poolId: string, employeeId: string) {
  const [row] = await executor
    .select(memberSelect)
    .from(poolMembers)
    .innerJoin(employees, eq(employees.id, poolMembers.employeeId))
    .where(and(eq(poolMembers.poolId, poolId), eq(poolMembers.employeeId, employeeId)));
  return row;
}

export async function listMembers(executor: Executor, poolId: string, limit: number, offset: number) {
  return paged(
    executor
      .select(memberSelect)
      .from(poolMembers)
      .innerJoin(employees, eq(employees.id, poolMembers.employeeId))
      .where(eq(poolMembers.poolId, poolId))
      .orderBy(asc(employees.employeeNumber))
      .limit(limit)
      .offset(offset),
    executor.select({ n: count() }).from(poolMembers).where(eq(poolMembers.poolId, poolId)),
  );
}

export async function findEmployee(executor: Executor, buId: string, id: string) {
  const [row] = await executor
    .select({ id: employees.id, departmentId: employees.departmentId })
    .from(employees)
    .where(and(eq(employees.id, id), eq(employees.buId, buId)));
  return row;
}

/** Sets the employee's explicit pool (moving them out of any other); answers the previous pool, if any. */
export async function setMembership(
  executor: Executor,
  buId: string,
  employeeId: string,
  poolId: string,
  at: Date,
): Promise<string | null> {
  const [previous] = await executor
    .select({ poolId: poolMembers.poolId })
    .from(poolMembers)
    .where(eq(poolMembers.employeeId, employeeId))
    .for('update');
  await executor
    .insert(poolMembers)
    .values({ buId, employeeId, poolId })
    .onConflictDoUpdate({ target: poolMembers.employeeId, set: { poolId, createdAt: at } });
  return previous?.poolId ?? null;
}

export async function removeMembership(executor: Executor, poolId: string, employeeId: string) {
  const removed = await executor
    .delete(poolMembers)
    .where(and(eq(poolMembers.poolId, poolId), eq(poolMembers.employeeId, employeeId)))
    .returning({ employeeId: poolMembers.employeeId });
  return removed.length > 0;
}

/**
 * Each employee's home pool: the explicit pool when there is one, else the department's default pool.
 * Employees of another unit, or without a department and an explicit pool, are absent from the answer.
 */
export async function homePoolsOf(
  executor: Executor,
  buId: string,
  employeeIds: readonly string[],
): Promise<HomePool[]> {
  if (!employeeIds.length) return [];
  return queryRows<HomePool>(
    executor,
    sql`select e.id as "employeeId", ${homePool.id} as "poolId", ${homePool.code} as "poolCode",
        ${homePool.source} as "source"
      from ${employees} e ${homePoolJoinsOfEmployees}
      where e.bu_id = ${buId}
        and e.id = any(${uuidList(employeeIds)})
        and ${homePool.id} is not null`,
  );
}

// Lending rules

export type LendingRuleRow = typeof poolLendingRules.$inferSelect & {
  sourcePoolCode: string;
  targetPoolCode: string;
};

const sourcePools = sql.raw('source_pool');
const targetPools = sql.raw('target_pool');

function ruleQuery(executor: Executor) {
  return executor
    .select({
      id: poolLendingRules.id,
      buId: poolLendingRules.buId,
      sourcePoolId: poolLendingRules.sourcePoolId,
      targetPoolId: poolLendingRules.targetPoolId,
      effectiveFrom: poolLendingRules.effectiveFrom,
      effectiveTo: poolLendingRules.effectiveTo,
      maxPerDay: poolLendingRules.maxPerDay,
      description: poolLendingRules.description,
      version: poolLendingRules.version,
      createdAt: poolLendingRules.createdAt,
      updatedAt: poolLendingRules.updatedAt,
      sourcePoolCode: sql<string>`(select code from ${pools} ${sourcePools} where ${sourcePools}.id = ${poolLendingRules.sourcePoolId})`,
      targetPoolCode: sql<string>`(select code from ${pools} ${targetPools} where ${targetPools}.id = ${poolLendingRules.targetPoolId})`,
    })
    .from(poolLendingRules);
}

/** A rule is visible when either of its pools belongs to a department of the scope. */
function ruleInScope(scope: DepartmentScope): SQL | undefined {
  if (scope.kind === 'unit') return undefined;
  if (!scope.departmentIds.length) return sql`false`;
  return sql`exists (select 1 from ${pools} where ${pools.id} in (${poolLendingRules.sourcePoolId}, ${poolLendingRules.targetPoolId})
        and ${inArray(pools.departmentId, [...scope.departmentIds])})`;
}

export async function listRules(
  executor: Executor,
  buId: string,
  scope: DepartmentScope,
  filter: { sourcePoolId?: string; targetPoolId?: string; poolId?: string; date?: string },
  limit: number,
  offset: number,
): Promise<{ rows: LendingRuleRow[]; total: number }> {
  const where = and(
    eq(poolLendingRules.buId, buId),
    ruleInScope(scope),
    filter.sourcePoolId === undefined ? undefined : eq(poolLendingRules.sourcePoolId, filter.sourcePoolId),
    filter.targetPoolId === undefined ? undefined : eq(poolLendingRules.targetPoolId, filter.targetPoolId),
    filter.poolId === undefined
      ? undefined
      : or(
          eq(poolLendingRules.sourcePoolId, filter.poolId),
          eq(poolLendingRules.targetPoolId, filter.poolId),
        ),
    filter.date === undefined
      ? undefined
      : and(
          sql`${poolLendingRules.effectiveFrom} <= ${filter.date}`,
          or(isNull(poolLendingRules.effectiveTo), sql`${poolLendingRules.effectiveTo} >= ${filter.date}`),
        ),
  );
  return paged(
    ruleQuery(executor)
      .where(where)
      .orderBy(asc(poolLendingRules.effectiveFrom), asc(poolLendingRules.id))
      .limit(limit)
      .offset(offset),
    executor.select({ n: count() }).from(poolLendingRules).where(where),
  );
}

export async function findRule(
  executor: Executor,
  buId: string,
  scope: DepartmentScope,
  id: string,
  forUpdate = false,
): Promise<LendingRuleRow | undefined> {
  const where = and(eq(poolLendingRules.id, id), eq(poolLendingRules.buId, buId), ruleInScope(scope));
  const [row] = forUpdate
    ? await ruleQuery(executor).where(where).for('update', { of: poolLendingRules })
    : await ruleQuery(executor).where(where);
  return row;
}

export async function skillsOfRules(executor: Executor, ruleIds: string[]) {
  if (!ruleIds.length) return [];
  return executor
    .select({ ruleId: poolLendingRuleSkills.ruleId, id: skill.id, code: skill.code })
    .from(poolLendingRuleSkills)
    .innerJoin(skill, eq(skill.id, poolLendingRuleSkills.skillId))
    .where(inArray(poolLendingRuleSkills.ruleId, ruleIds))
    .orderBy(asc(skill.code));
}

/** Rules of the same pair whose window meets [from, to] (to null: open end), other than `exceptId`. */
export async function overlappingRules(
  executor: Executor,
  sourcePoolId: string,
  targetPoolId: string,
  from: string,
  to: string | null,
  exceptId?: string,
): Promise<string[]> {
  const rows = await executor
    .select({ id: poolLendingRules.id })
    .from(poolLendingRules)
    .where(
      and(
        eq(poolLendingRules.sourcePoolId, sourcePoolId),
        eq(poolLendingRules.targetPoolId, targetPoolId),
        exceptId ? ne(poolLendingRules.id, exceptId) : undefined,
        or(isNull(poolLendingRules.effectiveTo), sql`${poolLendingRules.effectiveTo} >= ${from}`),
        to === null ? undefined : sql`${poolLendingRules.effectiveFrom} <= ${to}`,
      ),
    );
  return rows.map((row) => row.id);
}

export async function insertRule(
  executor: Executor,
  values: typeof poolLendingRules.$inferInsert,
): Promise<string> {
  const [row] = await executor.insert(poolLendingRules).values(values).returning({ id: poolLendingRules.id });
  return row!.id;
}

export async function updateRule(
  executor: Executor,
  id: string,
  values: Partial<typeof poolLendingRules.$inferInsert>,
  at: Date,
): Promise<void> {
  await executor
    .update(poolLendingRules)
    .set(edited(poolLendingRules, values, at))
    .where(eq(poolLendingRules.id, id));
}

export async function setRuleSkills(executor: Executor, ruleId: string, skillIds: string[]): Promise<void> {
  await executor.delete(poolLendingRuleSkills).where(eq(poolLendingRuleSkills.ruleId, ruleId));
  if (skillIds.length) {
    await executor.insert(poolLendingRuleSkills).values(skillIds.map((skillId) => ({ ruleId, skillId })));
  }
}

export async function deleteRule(executor: Executor, id: string): Promise<void> {
  await executor.delete(poolLendingRules).where(eq(poolLendingRules.id, id));
}

// Staffing: who may work a department's demand (read by allocation)

export async function poolsOfDepartment(executor: Executor, buId: string, departmentId: string) {
  return executor
    .select({ id: pools.id, isDefault: pools.isDefault })
    .from(pools)
    .where(and(eq(pools.buId, buId), eq(pools.departmentId, departmentId)));
}

/** Rules lending into any of the pools whose window meets [from, to], with the skills each lends. */
export async function rulesInto(
  executor: Executor,
  buId: string,
  poolIds: string[],
  from: string,
  to: string,
) {
  if (!poolIds.length) return [];
  return queryRows<{
    id: string;
    source_pool_id: string;
    target_pool_id: string;
    effective_from: string;
    effective_to: string | null;
    max_per_day: number | null;
    skill_ids: string[];
  }>(
    executor,
    sql`select r.id, r.source_pool_id, r.target_pool_id, r.effective_from::text, r.effective_to::text,
          r.max_per_day,
          coalesce((select array_agg(s.skill_id::text order by s.skill_id) from ${poolLendingRuleSkills} s
                    where s.rule_id = r.id), '{}') as skill_ids
        from ${poolLendingRules} r
        where r.bu_id = ${buId}
          and r.target_pool_id = any(${uuidList(poolIds)})
          and r.effective_from <= ${to} and (r.effective_to is null or r.effective_to >= ${from})
        order by r.effective_from, r.id`,
  );
}

/** Employees whose home pool (explicit, else their department's default) is one of the pools. */
export async function membersOfPools(executor: Executor, buId: string, poolIds: string[]): Promise<string[]> {
  if (!poolIds.length) return [];
  const rows = await queryRows<{ id: string }>(
    executor,
    sql`select e.id from ${employees} e ${homePoolJoinsOfEmployees}
        where e.bu_id = ${buId}
          and ${homePool.id} = any(${uuidList(poolIds)})`,
  );
  return rows.map((row) => row.id);
}
