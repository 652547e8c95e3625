import { and, asc, count, desc, eq, gte, inArray, lte, type SQL, sql } from 'drizzle-orm';
import type { DepartmentScope } from '../../core/auth/principal.ts';
import type { Executor } from '../../core/db/database.ts';
import { paged } from '../../core/db/paging.ts';
import { inDepartmentScope } from '../../core/db/scope.ts';
import {
  allocationRuns,
  grades,
  type LabourPremiumKind,
  labourBudgets,
  labourPremiums,
  labourRates,
  orgNodes,
  plannedRosterLines,
  publishedRosterLines,
  publishedRosters,
  runCosts,
} from '../../core/db/tables/index.ts';
import { edited } from '../../core/db/versioned.ts';

/* Rates */

const rateColumns = {
  id: labourRates.id,
  gradeId: labourRates.gradeId,
  gradeCode: grades.code,
  gradeNameEn: grades.nameEn,
  gradeNameAr: grades.nameAr,
  effectiveFrom: labourRates.effectiveFrom,
  hourlyMinor: labourRates.hourlyMinor,
  version: labourRates.version,
  updatedAt: labourRates.updatedAt,
};
export type RateRow = NonNullable<Awaited<ReturnType<typeof findRate>>>;

export async function listRates(
  executor: Executor,
  buId: string,
  filter: { gradeId?: string },
  limit: number,
  offset: number,
) {
  const where = and(
    eq(labourRates.buId, buId),
    filter.gradeId ? eq(labourRates.gradeId, filter.gradeId) : undefined,
  );
  return paged(
    executor
      .select(rateColumns)
      .from(labourRates)
      .innerJoin(grades, eq(grades.id, labourRates.gradeId))
      .where(where)
      .orderBy(asc(grades.code), desc(labourRates.effectiveFrom))
      .limit(limit)
      .offset(offset),
    executor.select({ n: count() }).from(labourRates).where(where),
  );
}

export async function findRate(executor: Executor, buId: string, id: string) {
  const [row] = await executor
    .select(rateColumns)
    .from(labourRates)
    .innerJoin(grades, eq(grades.id, labourRates.gradeId))
    .where(and(eq(labourRates.buId, buId), eq(labourRates.id, id)));
  return row;
}

export async function gradeExists(executor: Executor, buId: string, gradeId: string) {
  const [row] = await executor
    .select({ id: grades.id })
    .from(grades)
    .where(and(eq(grades.buId, buId), eq(grades.id, gradeId)));
  return row !== undefined;
}

export async function insertRate(
  executor: Executor,
  values: { buId: string; gradeId: string; effectiveFrom: string; hourlyMinor: number },
) {
  const [row] = await executor.insert(labourRates).values(values).returning({ id: labourRates.id });
  return row!.id;
}

export async function updateRate(
  executor: Executor,
  buId: string,
  id: string,
  version: number,
  values: { effectiveFrom?: string; hourlyMinor?: number },
  now: Date,
) {
  const rows = await executor
    .update(labourRates)
    .set(edited(labourRates, values, now))
    .where(and(eq(labourRates.buId, buId), eq(labourRates.id, id), eq(labourRates.version, version)))
    .returning({ id: labourRates.id });
  return rows.length > 0;
}

export async function deleteRate(executor: Executor, buId: string, id: string) {
  const rows = await executor
    .delete(labourRates)
    .where(and(eq(labourRates.buId, buId), eq(labourRates.id, id)))
    .returning({ id: labourRates.id });
  return rows.length > 0;
}

/** Every rate of the unit's grades, for pricing (a handful of rows per grade). */
export async function allRates(executor: Executor, buId: string) {
  return executor
    .select({
      gradeId: labourRates.gradeId,
      effectiveFrom: labourRates.effectiveFrom,
      hourlyMinor: labourRates.hourlyMinor,
    })
    .from(labourRates)
    .where(eq(labourRates.buId, buId))
    .orderBy(asc(labourRates.gradeId), asc(labourRates.effectiveFrom));
}

/* Premiums */

export async function listPremiums(executor: Executor, buId: string) {
  return executor
    .select()
    .from(labourPremiums)
    .where(eq(labourPremiums.buId, buId))
    .orderBy(asc(labourPremiums.kind));
}

export async function findPremium(
  executor: Executor,
  buId: string,
  kind: LabourPremiumKind,
  forUpdate = false,
) {
  const query = executor
    .select()
    .from(labourPremiums)
    .where(and(eq(labourPremiums.buId, buId), eq(labourPremiums.kind, kind)));
  const [row] = await (forUpdate ? query.for('update') : query);
  return row;
}

export type PremiumValues = Omit<
  typeof labourPremiums.$inferInsert,
  'buId' | 'kind' | 'version' | 'updatedAt'
>;

/** Inserts the premium, or replaces it when its version is `expected` (any version when undefined). */
export async function upsertPremium(
  executor: Executor,
  buId: string,
  kind: LabourPremiumKind,
  values: PremiumValues,
  now: Date,
) {
  await executor
    .insert(labourPremiums)
    .values({ ...values, buId, kind, updatedAt: now })
    .onConflictDoUpdate({
      target: [labourPremiums.buId, labourPremiums.kind],
      set: edited(labourPremiums, values, now),
    });
}

export async function deletePremium(executor: Executor, buId: string, kind: LabourPremiumKind) {
  const rows = await executor
    .delete(labourPremiums)
    .where(and(eq(labourPremiums.buId, buId), eq(labourPremiums.kind, kind)))
    .returning({ kind: labourPremiums.kind });
  return rows.length > 0;
}

/* Budgets */

const budgetColumns = {
  id: labourBudgets.id,
  departmentId: labourBudgets.departmentId,
  departmentCode: orgNodes.code,
  departmentNameEn: orgNodes.nameEn,
  departmentNameAr: orgNodes.nameAr,
  month: labourBudgets.month,
  amountMinor: labourBudgets.amountMinor,
  note: labourBudgets.note,
  version: labourBudgets.version,
  updatedAt: labourBudgets.updatedAt,
};
export type BudgetRow = NonNullable<Awaited<ReturnType<typeof findBudget>>>;

export async function listBudgets(
  executor: Executor,
  buId: string,
  scope: DepartmentScope | null,
  filter: { departmentId?: string; from?: string; to?: string },
  limit: number,
  offset: number,
) {
  const where = and(
    eq(labourBudgets.buId, buId),
    inDepartmentScope(labourBudgets.departmentId, scope),
    filter.departmentId ? eq(labourBudgets.departmentId, filter.departmentId) : undefined,
    filter.from ? gte(labourBudgets.month, filter.from) : undefined,
    filter.to ? lte(labourBudgets.month, filter.to) : undefined,
  );
  return paged(
    executor
      .select(budgetColumns)
      .from(labourBudgets)
      .innerJoin(orgNodes, eq(orgNodes.id, labourBudgets.departmentId))
      .where(where)
      .orderBy(desc(labourBudgets.month), asc(orgNodes.code))
      .limit(limit)
      .offset(offset),
    executor.select({ n: count() }).from(labourBudgets).where(where),
  );
}

export async function findBudget(
  executor: Executor,
  buId: string,
  scope: DepartmentScope | null,
  where: { id: string } | { departmentId: string; month: string },
) {
  const match: SQL | undefined =
    'id' in where
      ? eq(labourBudgets.id, where.id)
      : and(eq(labourBudgets.departmentId, where.departmentId), eq(labourBudgets.month, where.month));
  const [row] = await executor
    .select(budgetColumns)
    .from(labourBudgets)
    .innerJoin(orgNodes, eq(orgNodes.id, labourBudgets.departmentId))
    .where(and(eq(labourBudgets.buId, buId), inDepartmentScope(labourBudgets.departmentId, scope), match));
  return row;
}

export async function insertBudget(
  executor: Executor,
  values: { buId: string; departmentId: string; month: string; amountMinor: number; note: string | null },
) {
  const [row] = await executor.insert(labourBudgets).values(values).returning({ id: labourBudgets.id });
  return row!.id;
}

export async function updateBudget(
  executor: Executor,
  buId: string,
  id: string,
  version: number,
  values: { amountMinor?: number; note?: string | null },
  now: Date,
) {
  const rows = await executor
    .update(labourBudgets)
    .set(edited(labourBudgets, values, now))
    .where(and(eq(labourBudgets.buId, buId), eq(labourBudgets.id, id), eq(labourBudgets.version, version)))
    .returning({ id: labourBudgets.id });
  return rows.length > 0;
}

export async function deleteBudget(executor: Executor, buId: string, id: string) {
  const rows = await executor
    .delete(labourBudgets)
    .where(and(eq(labourBudgets.buId, buId), eq(labourBudgets.id, id)))
    .returning({ id: labourBudgets.id });
  return rows.length > 0;
}

export async function findDepartment(
  executor: Executor,
  buId: string,
  scope: DepartmentScope | null,
  id: string,
) {
  const [row] = await executor
    .select({ id: orgNodes.id, code: orgNodes.code, nameEn: orgNodes.nameEn, nameAr: orgNodes.nameAr })
    .from(orgNodes)
    .where(and(eq(orgNodes.buId, buId), eq(orgNodes.id, id), inDepartmentScope(orgNodes.id, scope)));
  return row;
}

/* What is priced */

const lineColumns = {
  employeeId: publishedRosterLines.employeeId,
  date: publishedRosterLines.date,
  startTime: publishedRosterLines.startTime,
  endTime: publishedRosterLines.endTime,
  paidHours: sql<string>`${publishedRosterLines.paidHours}::text`,
};

/** The lines of one published version, with its header (scope-checked). */
export async function findPublished(
  executor: Executor,
  buId: string,
  scope: DepartmentScope | null,
  id: string,
) {
  const [row] = await executor
    .select({
      id: publishedRosters.id,
      departmentId: publishedRosters.departmentId,
      periodFrom: publishedRosters.periodFrom,
      periodTo: publishedRosters.periodTo,
      version: publishedRosters.version,
      runId: publishedRosters.runId,
    })
    .from(publishedRosters)
    .where(
      and(
        eq(publishedRosters.buId, buId),
        eq(publishedRosters.id, id),
        inDepartmentScope(publishedRosters.departmentId, scope),
      ),
    );
  return row;
}

export async function publishedLines(executor: Executor, rosterId: string) {
  return executor
    .select(lineColumns)
    .from(publishedRosterLines)
    .where(eq(publishedRosterLines.rosterId, rosterId));
}

/** The planned roster (what publishing shows) of a department over dates. */
export async function plannedLines(
  executor: Executor,
  buId: string,
  departmentId: string,
  from: string,
  to: string,
) {
  return executor
    .select({
      employeeId: plannedRosterLines.employeeId,
      date: plannedRosterLines.date,
      startTime: plannedRosterLines.startTime,
      endTime: plannedRosterLines.endTime,
      paidHours: sql<string>`${plannedRosterLines.paidHours}::text`,
    })
    .from(plannedRosterLines)
    .where(
      and(
        eq(plannedRosterLines.buId, buId),
        eq(plannedRosterLines.departmentId, departmentId),
        gte(plannedRosterLines.date, from),
        lte(plannedRosterLines.date, to),
      ),
    );
}

/* Run costs */

export async function runExecutions(executor: Executor, runId: string) {
  const [row] = await executor
    .select({ executions: allocationRuns.executions })
    .from(allocationRuns)
    .where(eq(allocationRuns.id, runId));
  return row?.executions ?? 0;
}

export async function insertRunCost(
  executor: Executor,
  values: { buId: string; runId: string; execution: number; cost: unknown },
) {
  await executor.insert(runCosts).values(values).onConflictDoNothing();
}

export async function runCostsOf(executor: Executor, runId: string, executions: readonly number[]) {
  if (!executions.length) return [];
  return executor
    .select({ execution: runCosts.execution, cost: runCosts.cost })
    .from(runCosts)
    .where(and(eq(runCosts.runId, runId), inArray(runCosts.execution, [...executions])));
}
