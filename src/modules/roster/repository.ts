import { and, asc, count, eq, gte, inArray, lte, sql } from 'drizzle-orm';
import type { DepartmentScope } from '../../core/auth/principal.ts';
import { type Executor, lockUntilCommit, queryRows } from '../../core/db/database.ts';
import { employeeRefColumns } from '../../core/db/employee-ref.ts';
import { paged } from '../../core/db/paging.ts';
import { inDepartmentScope } from '../../core/db/scope.ts';
import {
  demandLines,
  demandPlans,
  employees,
  leaveRequests,
  shiftAssignments,
  shiftTemplates,
  skills,
  terminals,
} from '../../core/db/tables/index.ts';
import { approvedLeaveTouching } from './approved-leave.ts';

/** SQL of the live roster (`shift_assignments`). */

/**
 * Serialises writes to a unit's live roster (locks and manual changes) for the rest of the transaction, so
 * that rules checked against the roster still hold when the write lands.
 */
export async function lockRoster(executor: Executor, buId: string): Promise<void> {
  await lockUntilCommit(executor, `roster:${buId}`);
}

const assignmentColumns = {
  id: shiftAssignments.id,
  employeeId: employees.id,
  employeeNumber: employees.employeeNumber,
  nameEn: employees.nameEn,
  nameAr: employees.nameAr,
  departmentId: employees.departmentId,
  date: shiftAssignments.date,
  shiftTemplateId: shiftTemplates.id,
  shiftCode: shiftTemplates.code,
  shiftNameEn: shiftTemplates.nameEn,
  shiftNameAr: shiftTemplates.nameAr,
  start: shiftTemplates.startTime,
  end: shiftTemplates.endTime,
  paidHours: shiftTemplates.paidHours,
  terminalId: terminals.id,
  terminalCode: terminals.code,
  terminalNameEn: terminals.nameEn,
  terminalNameAr: terminals.nameAr,
  skillId: skills.id,
  skillCode: skills.code,
  demandLineId: shiftAssignments.demandLineId,
  runId: shiftAssignments.runId,
  lendingRuleId: shiftAssignments.lendingRuleId,
  source: shiftAssignments.source,
  createdBy: shiftAssignments.createdBy,
  createdAt: shiftAssignments.createdAt,
};

const assignmentQuery = (executor: Executor) =>
  executor
    .select(assignmentColumns)
    .from(shiftAssignments)
    .innerJoin(employees, eq(employees.id, shiftAssignments.employeeId))
    .innerJoin(shiftTemplates, eq(shiftTemplates.id, shiftAssignments.shiftTemplateId))
    .innerJoin(terminals, eq(terminals.id, shiftAssignments.terminalId))
    .leftJoin(skills, eq(skills.id, shiftAssignments.skillId));

export type AssignmentRow = Awaited<ReturnType<typeof assignmentQuery>>[number];

export interface AssignmentFilters {
  from?: string;
  to?: string;
  employeeId?: string;
  terminalId?: string;
  departmentId?: string;
  shiftTemplateId?: string;
  runId?: string;
}

const filtersOf = (buId: string, scope: DepartmentScope | null, filters: AssignmentFilters) =>
  and(
    eq(shiftAssignments.buId, buId),
    inDepartmentScope(employees.departmentId, scope),
    filters.from ? gte(shiftAssignments.date, filters.from) : undefined,
    filters.to ? lte(shiftAssignments.date, filters.to) : undefined,
    filters.employeeId ? eq(shiftAssignments.employeeId, filters.employeeId) : undefined,
    filters.terminalId ? eq(shiftAssignments.terminalId, filters.terminalId) : undefined,
    filters.departmentId ? eq(employees.departmentId, filters.departmentId) : undefined,
    filters.shiftTemplateId ? eq(shiftAssignments.shiftTemplateId, filters.shiftTemplateId) : undefined,
    filters.runId ? eq(shiftAssignments.runId, filters.runId) : undefined,
  );

export async function listAssignments(
  executor: Executor,
  buId: string,
  scope: DepartmentScope | null,
  filters: AssignmentFilters,
  limit: number,
  offset: number,
) {
  const where = filtersOf(buId, scope, filters);
  return paged(
    assignmentQuery(executor)
      .where(where)
      .orderBy(asc(shiftAssignments.date), asc(shiftTemplates.startTime), asc(employees.employeeNumber))
      .limit(limit)
      .offset(offset),
    executor
      .select({ n: count() })
      .from(shiftAssignments)
      .innerJoin(employees, eq(employees.id, shiftAssignments.employeeId))
      .where(where),
  );
}

export async function findAssignment(
  executor: Executor,
  buId: string,
  scope: DepartmentScope | null,
  id: string,
) {
  const [row] = await assignmentQuery(executor).where(
    and(filtersOf(buId, scope, {}), eq(shiftAssignments.id, id)),
  );
  return row ?? null;
}

export async function assignmentOn(executor: Executor, employeeId: string, date: string) {
  const [row] = await executor
    .select({ id: shiftAssignments.id })
    .from(shiftAssignments)
    .where(and(eq(shiftAssignments.employeeId, employeeId), eq(shiftAssignments.date, date)));
  return row ?? null;
}

export type NewAssignmentRow = Pick<
  typeof shiftAssignments.$inferInsert,
  | 'employeeId'
  | 'date'
  | 'shiftTemplateId'
  | 'terminalId'
  | 'skillId'
  | 'demandLineId'
  | 'runId'
  | 'lendingRuleId'
  | 'source'
  | 'createdBy'
>;

/** One statement with one JSON parameter, however many rows: a locked month is tens of thousands. */
export async function insertAssignments(executor: Executor, buId: string, rows: NewAssignmentRow[]) {
  if (!rows.length) return [];
  const inserted = await queryRows<{ id: string }>(
    executor,
    sql`insert into ${shiftAssignments}
        (bu_id, employee_id, date, shift_template_id, terminal_id, skill_id, demand_line_id, run_id,
         lending_rule_id, source, created_by)
      select ${buId}::uuid, r."employeeId", r."date", r."shiftTemplateId", r."terminalId", r."skillId",
        r."demandLineId", r."runId", r."lendingRuleId", r."source", r."createdBy"
      from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb)
        as r("employeeId" uuid, "date" date, "shiftTemplateId" uuid, "terminalId" uuid, "skillId" uuid,
             "demandLineId" uuid, "runId" uuid, "lendingRuleId" uuid, "source" text, "createdBy" uuid)
      returning id`,
  );
  return inserted.map((row) => row.id);
}

export async function deleteAssignment(executor: Executor, id: string): Promise<boolean> {
  const rows = await executor
    .delete(shiftAssignments)
    .where(eq(shiftAssignments.id, id))
    .returning({ id: shiftAssignments.id });
  return rows.length > 0;
}

/** Deletes the assignments in one statement; answers the ids it deleted. */
export async function deleteAssignments(executor: Executor, ids: readonly string[]): Promise<string[]> {
  if (!ids.length) return [];
  const rows = await executor
    .delete(shiftAssignments)
    .where(inArray(shiftAssignments.id, [...ids]))
    .returning({ id: shiftAssignments.id });
  return rows.map((row) => row.id);
}

export async function findEmployee(
  executor: Executor,
  buId: string,
  scope: DepartmentScope | null,
  id: string,
) {
  const [row] = await executor
    .select(employeeRefColumns)
    .from(employees)
    .where(
      and(eq(employees.buId, buId), eq(employees.id, id), inDepartmentScope(employees.departmentId, scope)),
    );
  return row ?? null;
}

/** The department of each demand line's plan. */
export async function lineDepartments(executor: Executor, buId: string, ids: readonly string[]) {
  if (!ids.length) return new Map<string, string>();
  const rows = await executor
    .select({ id: demandLines.id, departmentId: demandPlans.departmentId })
    .from(demandLines)
    .innerJoin(demandPlans, eq(demandPlans.id, demandLines.planId))
    .where(and(eq(demandLines.buId, buId), inArray(demandLines.id, [...ids])));
  return new Map(rows.map((row) => [row.id, row.departmentId]));
}

/** Live assignments of the unit by id, whatever the caller's scope. */
export const findAssignments = (executor: Executor, buId: string, ids: readonly string[]) =>
  ids.length
    ? assignmentQuery(executor).where(
        and(eq(shiftAssignments.buId, buId), inArray(shiftAssignments.id, [...ids])),
      )
    : Promise.resolve([]);

/** A demand line with its plan's department, for a manual assignment that staffs it. */
export async function findLine(executor: Executor, buId: string, id: string) {
  const [row] = await executor
    .select({
      id: demandLines.id,
      date: demandLines.date,
      terminalId: demandLines.terminalId,
      shiftTemplateId: demandLines.shiftTemplateId,
      skillId: demandLines.skillId,
      required: demandLines.required,
      departmentId: demandPlans.departmentId,
    })
    .from(demandLines)
    .innerJoin(demandPlans, eq(demandPlans.id, demandLines.planId))
    .where(and(eq(demandLines.buId, buId), eq(demandLines.id, id)));
  return row ?? null;
}

export async function approvedLeaveBetween(executor: Executor, employeeId: string, from: string, to: string) {
  return executor
    .select({ id: leaveRequests.id, from: leaveRequests.fromDate, to: leaveRequests.toDate })
    .from(leaveRequests)
    .where(and(eq(leaveRequests.employeeId, employeeId), approvedLeaveTouching(from, to)));
}

/** How many live assignments of a date are lent through the rule (its `maxPerDay` caps them). */
export async function lentThrough(executor: Executor, ruleId: string, date: string): Promise<number> {
  const [row] = await executor
    .select({ n: count() })
    .from(shiftAssignments)
    .where(and(eq(shiftAssignments.lendingRuleId, ruleId), eq(shiftAssignments.date, date)));
  return row?.n ?? 0;
}

/** The live assignments of some employees between two dates (the cells a batch of edits writes to). */
export const assignmentsOf = (
  executor: Executor,
  buId: string,
  employeeIds: readonly string[],
  from: string,
  to: string,
) =>
  employeeIds.length
    ? assignmentQuery(executor).where(
        and(
          eq(shiftAssignments.buId, buId),
          inArray(shiftAssignments.employeeId, [...employeeIds]),
          gte(shiftAssignments.date, from),
          lte(shiftAssignments.date, to),
        ),
      )
    : Promise.resolve([]);

/** The employees of a department (their own, wherever they work) with live work between the dates. */
export async function departmentStaffWorking(
  executor: Executor,
  buId: string,
  departmentId: string,
  from: string,
  to: string,
): Promise<string[]> {
  const rows = await executor
    .selectDistinct({ id: shiftAssignments.employeeId })
    .from(shiftAssignments)
    .innerJoin(employees, eq(employees.id, shiftAssignments.employeeId))
    .where(
      and(
        eq(shiftAssignments.buId, buId),
        eq(employees.departmentId, departmentId),
        gte(shiftAssignments.date, from),
        lte(shiftAssignments.date, to),
      ),
    );
  return rows.map((row) => row.id);
}
