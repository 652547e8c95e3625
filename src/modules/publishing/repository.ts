import { and, asc, between, count, desc, eq, gte, inArray, lt, lte, ne, sql } from 'drizzle-orm';
import type { DepartmentScope } from '../../core/auth/principal.ts';
import { type Executor, queryRows, uuidList } from '../../core/db/database.ts';
import { paged } from '../../core/db/paging.ts';
import { inDepartmentScope } from '../../core/db/scope.ts';
import {
  demandLines,
  employees,
  orgNodes,
  plannedRosterLines,
  publishedRosterLines,
  publishedRosters,
  rosterApprovals,
  shiftAssignments,
  shiftTemplates,
  skills,
  standingRosters,
  terminals,
  users,
} from '../../core/db/tables/index.ts';
import type { CheckedWork } from '../roster/compliance.ts';

/** SQL of published rosters and their approvals. */

export interface RunScope {
  buId: string;
  runId: string;
  planId: string;
  departmentId: string;
  from: string;
  to: string;
}

export async function latestVersion(executor: Executor, runId: string) {
  const [row] = await executor
    .select({ id: publishedRosters.id, version: publishedRosters.version })
    .from(publishedRosters)
    .where(eq(publishedRosters.runId, runId))
    .orderBy(desc(publishedRosters.version))
    .limit(1);
  return row ?? null;
}

/**
 * What a version of the run holds, read from the live roster: every assignment of the period on one of the
 * plan's lines (lent staff included) or of the department's staff. Publishing snapshots it; the
 * publication preview compares it with the standing version.
 */
const publicationScope = (run: RunScope) => sql`
    select a.id, a.employee_id, e.employee_number, e.name_en, e.name_ar, a.date, t.id as template_id, t.code as shift_code,
      t.name_en as shift_name_en, t.name_ar as shift_name_ar, t.start_time, t.end_time, t.paid_hours,
      x.id as terminal_id, x.code as terminal_code, x.name_en as terminal_name_en, x.name_ar as terminal_name_ar,
      s.code as skill_code, a.demand_line_id
    from ${shiftAssignments} a
    join ${employees} e on e.id = a.employee_id
    join ${shiftTemplates} t on t.id = a.shift_template_id
    join ${terminals} x on x.id = a.terminal_id
    left join ${skills} s on s.id = a.skill_id
    where a.bu_id = ${run.buId} and a.date between ${run.from} and ${run.to}
      and (e.department_id = ${run.departmentId}
           or a.demand_line_id in (select id from ${demandLines} where plan_id = ${run.planId}))`;

/**
 * Header and lines in one statement, so the count on the header and the lines come from one snapshot of
 * the live roster: every assignment of the period on one of the plan's lines or of the department's staff.
 */
export async function publishSnapshot(
  executor: Executor,
  run: RunScope,
  header: { version: number; reason: string | null; supersedesId: string | null; publishedBy: string },
): Promise<string> {
  const [row] = await queryRows<{ id: string }>(
    executor,
    sql`with scope as (
        ${publicationScope(run)}
      ),
      header as (
        insert into ${publishedRosters} (bu_id, run_id, plan_id, department_id, period_from, period_to, version,
          reason, supersedes_id, line_count, published_by, required_heads, covered_heads)
        select ${run.buId}, ${run.runId}, ${run.planId}, ${run.departmentId}, ${run.from}, ${run.to},
          ${header.version}, ${header.reason}, ${header.supersedesId}, (select count(*) from scope), ${header.publishedBy},
          coalesce((select sum(required) from ${demandLines}
                     where plan_id = ${run.planId} and date between ${run.from} and ${run.to}), 0),
          coalesce((select sum(least(d.required, staffed.n)) from ${demandLines} d
                      join (select demand_line_id, count(*)::int as n from scope
                             where demand_line_id is not null group by demand_line_id) staffed
                        on staffed.demand_line_id = d.id), 0)
        returning id
      ),
      lines as (
        insert into ${publishedRosterLines} (roster_id, employee_id, employee_number, name_en, name_ar, date,
          shift_template_id, shift_code, shift_name_en, shift_name_ar, start_time, end_time, paid_hours,
          terminal_id, terminal_code, terminal_name_en, terminal_name_ar, skill_code, assignment_id)
        select header.id, employee_id, employee_number, name_en, name_ar, date, template_id, shift_code,
          shift_name_en, shift_name_ar, start_time, end_time, paid_hours, terminal_id, terminal_code,
          terminal_name_en, terminal_name_ar, skill_code, scope.id
        from scope, header
      )
      select id from header`,
  );
  return row!.id;
}

/** The lines a publication would snapshot now, in the shape a version's lines are compared in. */
export async function linesToPublish(executor: Executor, run: RunScope): Promise<ComparedLine[]> {
  return queryRows<ComparedLine>(
    executor,
    sql`with scope as (${publicationScope(run)})
        select employee_id as "employeeId", employee_number as "employeeNumber", to_char(date, 'YYYY-MM-DD') as date,
               template_id as "shiftTemplateId", shift_code as "shiftCode", terminal_id as "terminalId",
               terminal_code as "terminalCode"
          from scope`,
  );
}

export async function insertApproval(executor: Executor, values: typeof rosterApprovals.$inferInsert) {
  await executor.insert(rosterApprovals).values(values);
}

/** A newer version closes the pending approval of the one it supersedes. */
export async function supersedeApproval(executor: Executor, rosterId: string): Promise<void> {
  await executor
    .update(rosterApprovals)
    .set({ status: 'Superseded' })
    .where(and(eq(rosterApprovals.rosterId, rosterId), eq(rosterApprovals.status, 'Pending')));
}

/** A version stands while it is not rejected and no later version of its run that is not rejected exists. */
const isCurrent = sql<boolean>`exists (select 1 from ${standingRosters} where ${standingRosters.id} = ${publishedRosters.id})`;

const headerColumns = {
  id: publishedRosters.id,
  runId: publishedRosters.runId,
  planId: publishedRosters.planId,
  departmentId: publishedRosters.departmentId,
  periodFrom: publishedRosters.periodFrom,
  periodTo: publishedRosters.periodTo,
  version: publishedRosters.version,
  status: publishedRosters.status,
  reason: publishedRosters.reason,
  supersedesId: publishedRosters.supersedesId,
  lineCount: publishedRosters.lineCount,
  requiredHeads: publishedRosters.requiredHeads,
  coveredHeads: publishedRosters.coveredHeads,
  publishedBy: publishedRosters.publishedBy,
  publishedAt: publishedRosters.publishedAt,
  current: isCurrent,
  approvalId: rosterApprovals.id,
  approvalStatus: rosterApprovals.status,
  decidedBy: rosterApprovals.decidedBy,
  decidedAt: rosterApprovals.decidedAt,
  comment: rosterApprovals.comment,
};

const headerQuery = (executor: Executor) =>
  executor
    .select(headerColumns)
    .from(publishedRosters)
    .innerJoin(rosterApprovals, eq(rosterApprovals.rosterId, publishedRosters.id));

export type HeaderRow = Awaited<ReturnType<typeof headerQuery>>[number];

/** The version an approval decides, in the scope. */
export async function findRosterOfApproval(
  executor: Executor,
  buId: string,
  scope: DepartmentScope | null,
  approvalId: string,
) {
  const [row] = await headerQuery(executor).where(
    and(
      eq(rosterApprovals.buId, buId),
      eq(rosterApprovals.id, approvalId),
      inDepartmentScope(rosterApprovals.departmentId, scope),
    ),
  );
  return row ?? null;
}

export async function findRoster(
  executor: Executor,
  buId: string,
  scope: DepartmentScope | null,
  id: string,
) {
  const [row] = await headerQuery(executor).where(
    and(
      eq(publishedRosters.buId, buId),
      eq(publishedRosters.id, id),
      inDepartmentScope(publishedRosters.departmentId, scope),
    ),
  );
  return row ?? null;
}

export interface RosterFilters {
  departmentId?: string;
  runId?: string;
  from?: string;
  to?: string;
  currentOnly?: boolean;
  pendingOnly?: boolean;
}

export async function listRosters(
  executor: Executor,
  buId: string,
  scope: DepartmentScope | null,
  filters: RosterFilters,
  limit: number,
  offset: number,
) {
  const where = and(
    eq(publishedRosters.buId, buId),
    inDepartmentScope(publishedRosters.departmentId, scope),
    filters.departmentId ? eq(publishedRosters.departmentId, filters.departmentId) : undefined,
    filters.runId ? eq(publishedRosters.runId, filters.runId) : undefined,
    filters.from ? gte(publishedRosters.periodTo, filters.from) : undefined,
    filters.to ? lte(publishedRosters.periodFrom, filters.to) : undefined,
    filters.currentOnly ? isCurrent : undefined,
    filters.pendingOnly ? eq(rosterApprovals.status, 'Pending') : undefined,
  );
  return paged(
    headerQuery(executor)
      .where(where)
      .orderBy(desc(publishedRosters.publishedAt), desc(publishedRosters.version))
      .limit(limit)
      .offset(offset),
    executor
      .select({ n: count() })
      .from(publishedRosters)
      .innerJoin(rosterApprovals, eq(rosterApprovals.rosterId, publishedRosters.id))
      .where(where),
  );
}

/** Pending approvals the caller may decide: in their scope and not of a version they published. */
const decidableBy = (buId: string, scope: DepartmentScope | null, userId: string) =>
  and(
    eq(rosterApprovals.buId, buId),
    eq(rosterApprovals.status, 'Pending'),
    inDepartmentScope(rosterApprovals.departmentId, scope),
    ne(publishedRosters.publishedBy, userId),
  );

/** The cheap poll of the approval bell: one indexed count. */
export async function pendingCount(
  executor: Executor,
  buId: string,
  scope: DepartmentScope | null,
  userId: string,
) {
  const [row] = await executor
    .select({ n: count() })
    .from(rosterApprovals)
    .innerJoin(publishedRosters, eq(publishedRosters.id, rosterApprovals.rosterId))
    .where(decidableBy(buId, scope, userId));
  return row?.n ?? 0;
}

/** The approval queue: one item per pending approval the caller may decide, oldest first. */
export async function pendingApprovals(
  executor: Executor,
  buId: string,
  scope: DepartmentScope | null,
  userId: string,
  limit: number,
  offset: number,
) {
  const where = decidableBy(buId, scope, userId);
  return paged(
    executor
      .select({
        ...headerColumns,
        departmentCode: orgNodes.code,
        departmentNameEn: orgNodes.nameEn,
        departmentNameAr: orgNodes.nameAr,
        publisherName: users.displayName,
      })
      .from(publishedRosters)
      .innerJoin(rosterApprovals, eq(rosterApprovals.rosterId, publishedRosters.id))
      .innerJoin(orgNodes, eq(orgNodes.id, publishedRosters.departmentId))
      .innerJoin(users, eq(users.id, publishedRosters.publishedBy))
      .where(where)
      .orderBy(asc(publishedRosters.publishedAt), asc(rosterApprovals.id))
      .limit(limit)
      .offset(offset),
    executor
      .select({ n: count() })
      .from(rosterApprovals)
      .innerJoin(publishedRosters, eq(publishedRosters.id, rosterApprovals.rosterId))
      .where(where),
  );
}

export type PendingApprovalRow = Awaited<ReturnType<typeof pendingApprovals>>['rows'][number];

/** The version of a run that stands now (not rejected, latest such), if any. */
export async function standingVersion(executor: Executor, runId: string) {
  const [row] = await executor
    .select({ id: standingRosters.id, version: standingRosters.version })
    .from(standingRosters)
    .where(eq(standingRosters.runId, runId));
  return row ?? null;
}

/** The standing version before `rosterId` in its run (what a version is compared with), if any. */
export async function previousStanding(executor: Executor, runId: string, version: number) {
  const [row] = await executor
    .select({ id: publishedRosters.id, version: publishedRosters.version })
    .from(publishedRosters)
    .innerJoin(rosterApprovals, eq(rosterApprovals.rosterId, publishedRosters.id))
    .where(
      and(
        eq(publishedRosters.runId, runId),
        lt(publishedRosters.version, version),
        ne(rosterApprovals.status, 'Rejected'),
      ),
    )
    .orderBy(desc(publishedRosters.version))
    .limit(1);
  return row ?? null;
}

/** A version that stands again after a later one was rejected gets its undecided approval back. */
export async function reopenApproval(executor: Executor, rosterId: string): Promise<void> {
  await executor
    .update(rosterApprovals)
    .set({ status: 'Pending' })
    .where(and(eq(rosterApprovals.rosterId, rosterId), eq(rosterApprovals.status, 'Superseded')));
}

export async function linesOf(
  executor: Executor,
  rosterIds: string[],
  employeeId?: string,
  from?: string,
  to?: string,
) {
  if (!rosterIds.length) return [];
  return executor
    .select()
    .from(publishedRosterLines)
    .where(
      and(
        sql`${publishedRosterLines.rosterId} = any(${uuidList(rosterIds)})`,
        employeeId ? eq(publishedRosterLines.employeeId, employeeId) : undefined,
        from ? gte(publishedRosterLines.date, from) : undefined,
        to ? lte(publishedRosterLines.date, to) : undefined,
      ),
    )
    .orderBy(
      asc(publishedRosterLines.date),
      asc(publishedRosterLines.startTime),
      asc(publishedRosterLines.employeeNumber),
    );
}

export type LineRow = Awaited<ReturnType<typeof linesOf>>[number];

/**
 * A version's lines as the checker reads work: on the plan's line of their date, terminal, shift and skill
 * when there is one, lent through the rule of the live assignment they were copied from while it is as it was.
 */
export async function versionWork(executor: Executor, buId: string, rosterId: string, planId: string) {
  return queryRows<CheckedWork>(
    executor,
    sql`select l.id, l.employee_id as "employeeId", l.date::text as "date",
          l.shift_template_id as "shiftTemplateId", l.terminal_id as "terminalId", s.id as "skillId",
          d.id as "demandLineId", a.lending_rule_id as "lendingRuleId"
        from ${publishedRosterLines} l
        left join ${skills} s on s.bu_id = ${buId} and s.code = l.skill_code
        left join ${demandLines} d on d.plan_id = ${planId} and d.date = l.date and d.terminal_id = l.terminal_id
          and d.shift_template_id = l.shift_template_id and d.skill_id is not distinct from s.id
        left join ${shiftAssignments} a on a.id = l.assignment_id and a.date = l.date
          and a.shift_template_id = l.shift_template_id and a.terminal_id = l.terminal_id
        where l.roster_id = ${rosterId}
        order by l.date, l.employee_id`,
  );
}

/** What two versions are compared by: who works where on which date. */
export type ComparedLine = Pick<
  LineRow,
  'employeeId' | 'employeeNumber' | 'date' | 'shiftTemplateId' | 'shiftCode' | 'terminalId' | 'terminalCode'
>;

/** Decides a pending approval; false when it was decided (or superseded) meanwhile. */
export async function decideApproval(
  executor: Executor,
  id: string,
  values: { status: 'Approved' | 'Rejected'; decidedBy: string; decidedAt: Date; comment: string | null },
): Promise<boolean> {
  const rows = await executor
    .update(rosterApprovals)
    .set(values)
    .where(and(eq(rosterApprovals.id, id), eq(rosterApprovals.status, 'Pending')))
    .returning({ id: rosterApprovals.id });
  return rows.length > 0;
}

export async function findApproval(
  executor: Executor,
  buId: string,
  scope: DepartmentScope | null,
  id: string,
) {
  const [row] = await executor
    .select({
      id: rosterApprovals.id,
      rosterId: rosterApprovals.rosterId,
      status: rosterApprovals.status,
      publishedBy: publishedRosters.publishedBy,
      runId: publishedRosters.runId,
    })
    .from(rosterApprovals)
    .innerJoin(publishedRosters, eq(publishedRosters.id, rosterApprovals.rosterId))
    .where(
      and(
        eq(rosterApprovals.buId, buId),
        eq(rosterApprovals.id, id),
        inDepartmentScope(rosterApprovals.departmentId, scope),
      ),
    )
    .for('update', { of: rosterApprovals });
  return row ?? null;
}

/**
 * The planned roster between two dates, by date, start and number: optionally one employee's, one
 * department's, or the departments of a scope (`null` reaches none).
 */
export async function plannedLines(
  executor: Executor,
  buId: string,
  from: string,
  to: string,
  filter: { employeeId?: string; departmentId?: string; scope?: DepartmentScope | null } = {},
) {
  const { employeeId, departmentId, scope } = filter;
  const planned = plannedRosterLines;
  return executor
    .select()
    .from(planned)
    .where(
      and(
        eq(planned.buId, buId),
        between(planned.date, from, to),
        employeeId ? eq(planned.employeeId, employeeId) : undefined,
        departmentId ? eq(planned.departmentId, departmentId) : undefined,
        scope === undefined ? undefined : inDepartmentScope(planned.departmentId, scope),
      ),
    )
    .orderBy(asc(planned.date), asc(planned.startTime), asc(planned.employeeNumber));
}

/**
 * The periods that standing published versions of these departments cover within the dates: a date covered with
 * no shift for a person on it is that person's day off; an uncovered one is simply not planned yet.
 */
export async function standingPeriods(
  executor: Executor,
  buId: string,
  departmentIds: string[],
  from: string,
  to: string,
) {
  if (!departmentIds.length) return [];
  return executor
    .selectDistinct({
      departmentId: standingRosters.departmentId,
      from: standingRosters.periodFrom,
      to: standingRosters.periodTo,
    })
    .from(standingRosters)
    .where(
      and(
        eq(standingRosters.buId, buId),
        inArray(standingRosters.departmentId, departmentIds),
        lte(standingRosters.periodFrom, to),
        gte(standingRosters.periodTo, from),
      ),
    );
}

/** Each employee's own (home) department, to tell staff lent to another department's roster. */
export async function homeDepartments(executor: Executor, buId: string, employeeIds: string[]) {
  if (!employeeIds.length) return [];
  return executor
    .select({ employeeId: employees.id, departmentId: employees.departmentId })
    .from(employees)
    .where(and(eq(employees.buId, buId), inArray(employees.id, employeeIds)));
}
