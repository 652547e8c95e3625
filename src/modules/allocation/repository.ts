import { and, count, desc, eq, gte, inArray, lte, ne, or, type SQL, sql } from 'drizzle-orm';
import type { DepartmentScope } from '../../core/auth/principal.ts';
import type { ChangeWindow } from '../../core/db/change-window.ts';
import { type Executor, queryRows, uuidList } from '../../core/db/database.ts';
import { employeeRefPage } from '../../core/db/employee-ref.ts';
import { paged } from '../../core/db/paging.ts';
import { inDepartmentScope } from '../../core/db/scope.ts';
import {
  type AllocationRunStatus,
  allocationRuns,
  demandPlans,
  employees,
  publishedRosters,
  shiftTemplates,
  skills,
  terminals,
} from '../../core/db/tables/index.ts';

/*
 * SQL of allocation runs. The compressed instance and result are read only where needed (execute, lock,
 * candidates), never by lists.
 */

const runColumns = {
  id: allocationRuns.id,
  buId: allocationRuns.buId,
  planId: allocationRuns.planId,
  planName: demandPlans.name,
  planUpdatedAt: demandPlans.updatedAt,
  departmentId: allocationRuns.departmentId,
  periodFrom: allocationRuns.periodFrom,
  periodTo: allocationRuns.periodTo,
  status: allocationRuns.status,
  options: allocationRuns.options,
  executionJobId: allocationRuns.executionJobId,
  executionFrom: allocationRuns.executionFrom,
  progress: allocationRuns.progress,
  lastFailure: allocationRuns.lastFailure,
  reviewComment: allocationRuns.reviewComment,
  summary: allocationRuns.summary,
  executions: allocationRuns.executions,
  lockedAssignments: allocationRuns.lockedAssignments,
  createdBy: allocationRuns.createdBy,
  createdAt: allocationRuns.createdAt,
  executedBy: allocationRuns.executedBy,
  executedAt: allocationRuns.executedAt,
  reviewedBy: allocationRuns.reviewedBy,
  reviewedAt: allocationRuns.reviewedAt,
  lockedBy: allocationRuns.lockedBy,
  lockedAt: allocationRuns.lockedAt,
  archivedBy: allocationRuns.archivedBy,
  archivedAt: allocationRuns.archivedAt,
  version: allocationRuns.version,
  updatedAt: allocationRuns.updatedAt,
};

const runQuery = (executor: Executor) =>
  executor
    .select(runColumns)
    .from(allocationRuns)
    .innerJoin(demandPlans, eq(demandPlans.id, allocationRuns.planId));

export type RunRow = Awaited<ReturnType<typeof runQuery>>[number];

export async function findRun(
  executor: Executor,
  buId: string,
  scope: DepartmentScope | null,
  id: string,
  forUpdate = false,
): Promise<RunRow | null> {
  const query = runQuery(executor).where(
    and(
      eq(allocationRuns.buId, buId),
      eq(allocationRuns.id, id),
      inDepartmentScope(allocationRuns.departmentId, scope),
    ),
  );
  const [row] = forUpdate ? await query.for('update', { of: allocationRuns }) : await query;
  return row ?? null;
}

export interface RunFilters {
  status?: AllocationRunStatus;
  planId?: string;
  departmentId?: string;
  from?: string;
  to?: string;
}

export async function listRuns(
  executor: Executor,
  buId: string,
  scope: DepartmentScope | null,
  filters: RunFilters,
  limit: number,
  offset: number,
) {
  const where = and(
    eq(allocationRuns.buId, buId),
    inDepartmentScope(allocationRuns.departmentId, scope),
    filters.status ? eq(allocationRuns.status, filters.status) : undefined,
    filters.planId ? eq(allocationRuns.planId, filters.planId) : undefined,
    filters.departmentId ? eq(allocationRuns.departmentId, filters.departmentId) : undefined,
    filters.from ? gte(allocationRuns.periodTo, filters.from) : undefined,
    filters.to ? lte(allocationRuns.periodFrom, filters.to) : undefined,
  );
  return paged(
    runQuery(executor)
      .where(where)
      .orderBy(desc(allocationRuns.createdAt), desc(allocationRuns.id))
      .limit(limit)
      .offset(offset),
    executor.select({ n: count() }).from(allocationRuns).where(where),
  );
}

export async function insertRun(executor: Executor, values: typeof allocationRuns.$inferInsert) {
  const [row] = await executor.insert(allocationRuns).values(values).returning({ id: allocationRuns.id });
  return row!.id;
}

export async function storedBlobs(executor: Executor, id: string) {
  const [row] = await executor
    .select({ instance: allocationRuns.instance, result: allocationRuns.result })
    .from(allocationRuns)
    .where(eq(allocationRuns.id, id));
  return row ?? null;
}

/** The run goes `Executing` under `jobId`, remembering the state it returns to if the execution fails. */
export async function startExecution(
  executor: Executor,
  id: string,
  from: AllocationRunStatus,
  values: { jobId: string; progress: unknown },
): Promise<void> {
  await executor
    .update(allocationRuns)
    .set({
      status: 'Executing',
      executionFrom: from,
      executionJobId: values.jobId,
      progress: values.progress,
      version: sql`${allocationRuns.version} + 1`,
      updatedAt: sql`now()`,
    })
    .where(and(eq(allocationRuns.id, id), eq(allocationRuns.status, from)));
}

/** The run while `jobId` executes it (null once the execution ended or another took over). */
export async function executingRun(executor: Executor, id: string, jobId: string) {
  const [row] = await runQuery(executor).where(
    and(
      eq(allocationRuns.id, id),
      eq(allocationRuns.status, 'Executing'),
      eq(allocationRuns.executionJobId, jobId),
    ),
  );
  return row ?? null;
}

/** Records how far the execution got; nothing when `jobId` no longer executes the run. */
export async function recordProgress(executor: Executor, id: string, jobId: string, progress: unknown) {
  await executor
    .update(allocationRuns)
    .set({ progress })
    .where(and(eq(allocationRuns.id, id), eq(allocationRuns.executionJobId, jobId)));
}

/** Stores an execution's outcome, only while `jobId` still executes the run; false when it does not. */
export async function finishExecution(
  executor: Executor,
  id: string,
  jobId: string,
  values: {
    instance: Buffer;
    result: Buffer;
    summary: unknown;
    staffIds: string[];
    executedBy: string;
    executedAt: Date;
  },
): Promise<boolean> {
  const rows = await executor
    .update(allocationRuns)
    .set({
      ...values,
      status: 'Executed',
      executionJobId: null,
      executionFrom: null,
      progress: null,
      lastFailure: null,
      reviewedBy: null,
      reviewedAt: null,
      reviewComment: null,
      executions: sql`${allocationRuns.executions} + 1`,
      version: sql`${allocationRuns.version} + 1`,
      updatedAt: values.executedAt,
    })
    .where(
      and(
        eq(allocationRuns.id, id),
        eq(allocationRuns.status, 'Executing'),
        eq(allocationRuns.executionJobId, jobId),
      ),
    )
    .returning({ id: allocationRuns.id });
  return rows.length > 0;
}

/** An execution that ended without a result: the run goes back to the state it came from. */
export async function failExecution(
  executor: Executor,
  id: string,
  jobId: string,
  failure: { code: string; detail: string; at: string },
): Promise<{ from: string } | null> {
  const rows = await executor
    .update(allocationRuns)
    .set({
      status: sql`${allocationRuns.executionFrom}`,
      executionJobId: null,
      executionFrom: null,
      progress: null,
      lastFailure: failure,
      version: sql`${allocationRuns.version} + 1`,
      updatedAt: sql`now()`,
    })
    .where(
      and(
        eq(allocationRuns.id, id),
        eq(allocationRuns.status, 'Executing'),
        eq(allocationRuns.executionJobId, jobId),
      ),
    )
    .returning({ from: allocationRuns.status });
  return rows[0] ?? null;
}

/** Moves the run from one state to another (the caller holds its row). */
export async function moveStatus(
  executor: Executor,
  id: string,
  from: AllocationRunStatus,
  to: AllocationRunStatus,
  values: Partial<typeof allocationRuns.$inferInsert>,
): Promise<boolean> {
  const rows = await executor
    .update(allocationRuns)
    .set({
      ...values,
      status: to,
      version: sql`${allocationRuns.version} + 1`,
      updatedAt: sql`now()`,
    })
    .where(and(eq(allocationRuns.id, id), eq(allocationRuns.status, from)))
    .returning({ id: allocationRuns.id });
  return rows.length > 0;
}

export async function findPlan(executor: Executor, buId: string, scope: DepartmentScope | null, id: string) {
  const [row] = await executor
    .select({
      id: demandPlans.id,
      name: demandPlans.name,
      departmentId: demandPlans.departmentId,
      periodFrom: demandPlans.periodFrom,
      periodTo: demandPlans.periodTo,
      status: demandPlans.status,
    })
    .from(demandPlans)
    .where(
      and(
        eq(demandPlans.buId, buId),
        eq(demandPlans.id, id),
        inDepartmentScope(demandPlans.departmentId, scope),
      ),
    );
  return row ?? null;
}

/** Runs that keep the plan: not archived, or published (a published roster is kept for ever). */
export async function activeRunsOfPlan(executor: Executor, planId: string): Promise<number> {
  const [row] = await executor
    .select({ total: count() })
    .from(allocationRuns)
    .where(
      and(
        eq(allocationRuns.planId, planId),
        or(
          ne(allocationRuns.status, 'Archived'),
          sql`exists (select 1 from ${publishedRosters} where ${publishedRosters.runId} = ${allocationRuns.id})`,
        ),
      ),
    );
  return row?.total ?? 0;
}

/** Codes and names of terminals, shift templates and skills by id, to describe lines (deleted ones included). */
export async function lookupCodes(executor: Executor, buId: string) {
  return queryRows<{
    kind: 'terminal' | 'shift' | 'skill';
    id: string;
    code: string;
    nameEn: string;
    nameAr: string | null;
  }>(
    executor,
    sql`select 'terminal' as kind, id, code, name_en as "nameEn", name_ar as "nameAr" from ${terminals} where bu_id = ${buId}
        union all select 'shift', id, code, name_en, name_ar from ${shiftTemplates} where bu_id = ${buId}
        union all select 'skill', id, code, name_en, name_ar from ${skills} where bu_id = ${buId}`,
  );
}

export async function employeesPage(
  executor: Executor,
  buId: string,
  scope: DepartmentScope | null,
  filters: { departmentId?: string; employeeId?: string },
  limit: number,
  offset: number,
) {
  const where = and(
    eq(employees.buId, buId),
    inDepartmentScope(employees.departmentId, scope),
    filters.departmentId ? eq(employees.departmentId, filters.departmentId) : undefined,
    filters.employeeId ? eq(employees.id, filters.employeeId) : undefined,
  );
  return employeeRefPage(executor, where, limit, offset);
}

/** The department's most recently executed run that is not a draft or archived. */
export async function latestExecutedRun(executor: Executor, buId: string, departmentId: string) {
  const [row] = await runQuery(executor)
    .where(
      and(
        eq(allocationRuns.buId, buId),
        eq(allocationRuns.departmentId, departmentId),
        inArray(allocationRuns.status, ['Executed', 'Reviewed', 'Locked']),
      ),
    )
    .orderBy(desc(allocationRuns.executedAt), desc(allocationRuns.id))
    .limit(1);
  return row ?? null;
}

/** A page of the given employees by number, with the count of all of them. */
export async function employeesAmong(
  executor: Executor,
  buId: string,
  ids: readonly string[],
  limit: number,
  offset: number,
) {
  if (!ids.length) return { rows: [], total: 0 };
  const where = and(eq(employees.buId, buId), inArray(employees.id, [...ids]));
  return employeeRefPage(executor, where, limit, offset);
}

/** A run's window as SQL of its own columns, and the staff its last execution saw. */
export type RunWindow = Omit<ChangeWindow, 'staff'> & { staffIds: SQL };

/**
 * What changed after the last execution of each of the runs, in one statement: `changes` gives, for a run's
 * window, the owners' fragments to union (issue 53).
 */
export async function changesSinceExecution(
  executor: Executor,
  ids: readonly string[],
  changes: (run: RunWindow) => SQL,
) {
  if (!ids.length) return [];
  const run: RunWindow = {
    buId: sql`${allocationRuns.buId}`,
    departmentId: sql`${allocationRuns.departmentId}`,
    from: sql`${allocationRuns.periodFrom}`,
    to: sql`${allocationRuns.periodTo}`,
    since: sql`${allocationRuns.executedAt}`,
    staffIds: sql`${allocationRuns.staffIds}`,
  };
  // The latest as milliseconds: both drivers answer a float8 as a number, and raw timestamps differently.
  return queryRows<{ runId: string; kind: string; n: number; latestMs: number }>(
    executor,
    sql`select ${allocationRuns.id} as "runId", c.kind, c.n,
               (extract(epoch from c.latest_at) * 1000)::float8 as "latestMs"
          from ${allocationRuns}
          cross join lateral (${changes(run)}) c
         where ${allocationRuns.id} = any(${uuidList(ids)}) and ${allocationRuns.executedAt} is not null
           and c.n > 0`,
  );
}
