import { actorOf, recordAudit, recordAudits } from '../../core/audit/record.ts';
import type { Caller } from '../../core/auth/caller.ts';
import type { Permission } from '../../core/auth/catalog.ts';
import type { Executor } from '../../core/db/database.ts';
import { assertDateRange } from '../../core/http/date-range.ts';
import { notFound } from '../../core/http/errors.ts';
import { offsetOf, type Page, pageOf } from '../../core/http/pagination.ts';
import type { ServiceDeps } from '../../core/module-context.ts';
import { addDays, WEEKDAY_NAMES, weekdayOf } from '../../core/time/dates.ts';
import { holidaysBetween } from '../lookups/holidays.ts';
import { readSettings } from '../settings/service.ts';
import { assignChecked, type LiveShift, resolveTarget, WHOLE_UNIT } from './checks.ts';
import * as roster from './repository.ts';
import type {
  AssignmentListQuery,
  EmployeeAssignmentsQuery,
  NewShiftAssignment,
  ScheduleQuery,
  ShiftAssignment,
  ShiftSchedule,
} from './schemas.ts';

/** The longest schedule one request may ask for. */
const MAX_SCHEDULE_DAYS = 92;

/** The employee of a live assignment, as the API names an employee in a department. */
export const employeeOf = (row: roster.AssignmentRow): ShiftAssignment['employee'] => ({
  id: row.employeeId,
  employeeNumber: row.employeeNumber,
  Name_1_English: row.nameEn,
  Name_2_Arabic: row.nameAr,
  departmentId: row.departmentId,
});

export function assignmentView(row: roster.AssignmentRow): ShiftAssignment {
  return {
    id: row.id,
    employee: employeeOf(row),
    date: row.date,
    shiftTemplate: {
      id: row.shiftTemplateId,
      code: row.shiftCode,
      nameEn: row.shiftNameEn,
      nameAr: row.shiftNameAr,
      start: row.start,
      end: row.end,
      paidHours: Number(row.paidHours),
    },
    terminal: {
      id: row.terminalId,
      code: row.terminalCode,
      nameEn: row.terminalNameEn,
      nameAr: row.terminalNameAr,
    },
    skill: row.skillId !== null && row.skillCode !== null ? { id: row.skillId, code: row.skillCode } : null,
    demandLineId: row.demandLineId,
    runId: row.runId,
    lendingRuleId: row.lendingRuleId,
    source: row.source as ShiftAssignment['source'],
    createdBy: row.createdBy,
    createdAt: row.createdAt.toISOString(),
  };
}

function assertRange(from: string | undefined, to: string | undefined) {
  if (from !== undefined && to !== undefined) assertDateRange(from, to);
}

export async function listAssignments(
  deps: ServiceDeps,
  caller: Caller,
  query: AssignmentListQuery,
): Promise<Page<ShiftAssignment>> {
  assertRange(query.from, query.to);
  const { rows, total } = await roster.listAssignments(
    deps.db,
    caller.principal.buId,
    caller.principal.scopeOf('roster.view'),
    query,
    query.pageSize,
    offsetOf(query),
  );
  return pageOf(rows.map(assignmentView), total, query);
}

export async function requireEmployee(
  executor: Executor,
  caller: Caller,
  permission: Permission,
  id: string,
) {
  const employee = await roster.findEmployee(
    executor,
    caller.principal.buId,
    caller.principal.scopeOf(permission),
    id,
  );
  if (!employee) throw notFound('The employee');
  return employee;
}

export async function employeeAssignments(
  deps: ServiceDeps,
  caller: Caller,
  employeeId: string,
  query: EmployeeAssignmentsQuery,
): Promise<Page<ShiftAssignment>> {
  await requireEmployee(deps.db, caller, 'roster.view', employeeId);
  return listAssignments(deps, caller, { ...query, employeeId });
}

/** Day by day: shifts, approved leave, holidays and the unit's weekend, over at most 92 days. */
export async function employeeSchedule(
  deps: ServiceDeps,
  caller: Caller,
  employeeId: string,
  query: ScheduleQuery,
): Promise<ShiftSchedule> {
  const employee = await requireEmployee(deps.db, caller, 'roster.view', employeeId);
  const from = query.from ?? caller.principal.today;
  const to = query.to ?? addDays(from, 27);
  assertDateRange(from, to, { days: MAX_SCHEDULE_DAYS, what: 'A schedule' });
  const buId = caller.principal.buId;
  const [{ rows }, holidays, leave, { settings }] = await Promise.all([
    roster.listAssignments(deps.db, buId, WHOLE_UNIT, { employeeId, from, to }, MAX_SCHEDULE_DAYS * 2, 0),
    holidaysBetween(deps.db, buId, from, to),
    roster.approvedLeaveBetween(deps.db, employeeId, from, to),
    readSettings(deps.db, buId),
  ]);
  const weekend = new Set<string>(settings.weekendDays);
  const days: ShiftSchedule['days'] = [];
  let paidHours = 0;
  let leaveDays = 0;
  for (let date = from; date <= to; date = addDays(date, 1)) {
    const holiday = holidays.find((h) => h.from <= date && h.to >= date);
    const onLeave = leave.find((l) => l.from <= date && l.to >= date);
    const shifts = rows
      .filter((row) => row.date === date)
      .map((row) => ({
        id: row.id,
        shiftTemplateCode: row.shiftCode,
        start: row.start,
        end: row.end,
        paidHours: Number(row.paidHours),
        terminalCode: row.terminalCode,
        skillCode: row.skillCode,
        source: row.source,
      }));
    paidHours += shifts.reduce((sum, shift) => sum + shift.paidHours, 0);
    if (onLeave) leaveDays++;
    days.push({
      date,
      weekday: WEEKDAY_NAMES[weekdayOf(date)]!,
      weekend: weekend.has(WEEKDAY_NAMES[weekdayOf(date)]!),
      holiday: holiday ? { nameEn: holiday.nameEn, nameAr: holiday.nameAr } : null,
      leave: onLeave ? { requestId: onLeave.id } : null,
      shifts,
      dayOff: !shifts.length && !onLeave && !holiday,
    });
  }
  return {
    employee,
    from,
    to,
    days,
    totals: { shifts: rows.length, paidHours, leaveDays },
  };
}

export async function createAssignment(
  deps: ServiceDeps,
  caller: Caller,
  employeeId: string,
  body: NewShiftAssignment,
): Promise<ShiftAssignment> {
  const id = await deps.db.transaction(async (tx) => {
    const employee = await requireEmployee(tx, caller, 'roster.create', employeeId);
    const target = await resolveTarget(tx, caller, employee.departmentId, body);
    return assignChecked(tx, caller, employeeId, target, {});
  });
  const row = await roster.findAssignment(deps.db, caller.principal.buId, WHOLE_UNIT, id);
  return assignmentView(row!);
}

export async function deleteAssignment(deps: ServiceDeps, caller: Caller, id: string): Promise<void> {
  await deps.db.transaction(async (tx) => {
    const row = await roster.findAssignment(
      tx,
      caller.principal.buId,
      caller.principal.scopeOf('roster.edit'),
      id,
    );
    if (!row) throw notFound('The shift assignment');
    await roster.lockRoster(tx, caller.principal.buId);
    if (!(await roster.deleteAssignment(tx, id))) throw notFound('The shift assignment');
    await recordAudit(tx, actorOf(caller), {
      action: 'shift_assignment.delete',
      entityType: 'shift_assignment',
      entityId: id,
      details: {
        employeeId: row.employeeId,
        date: row.date,
        shiftTemplateCode: row.shiftCode,
        terminalCode: row.terminalCode,
        runId: row.runId,
        source: row.source,
      },
    });
  });
}

export interface ShiftDuring {
  assignmentId: string;
  date: string;
  shiftTemplateCode: string;
  terminalCode: string;
}

/** An employee's live shifts between two dates (approving leave over them names them as conflicts). */
export async function shiftsDuring(
  executor: Executor,
  buId: string,
  employeeId: string,
  from: string,
  to: string,
): Promise<ShiftDuring[]> {
  const { rows } = await roster.listAssignments(executor, buId, WHOLE_UNIT, { employeeId, from, to }, 400, 0);
  return rows.map((row) => ({
    assignmentId: row.id,
    date: row.date,
    shiftTemplateCode: row.shiftCode,
    terminalCode: row.terminalCode,
  }));
}

/**
 * Serialises writes to a unit's live roster for the rest of the caller's transaction (a run's lock takes
 * it before checking its proposal against the roster, as manual changes do).
 */
export const lockLiveRoster = (executor: Executor, buId: string) => roster.lockRoster(executor, buId);

export type NewLiveAssignment = roster.NewAssignmentRow;

/** Writes assignments checked by the caller (a locked run's proposal) in one statement. */
export const addLiveAssignments = (executor: Executor, buId: string, rows: NewLiveAssignment[]) =>
  roster.insertAssignments(executor, buId, rows);

/**
 * Takes live assignments off the roster in the caller's transaction, in one statement, each audited with
 * why (approved leave, or a locked run that replanned work breaking a rule now); they show as gaps afterwards.
 */
export async function removeLiveWork(
  executor: Executor,
  caller: Caller,
  shifts: readonly { assignmentId: string; employeeId: string; date: string; why: Record<string, unknown> }[],
): Promise<void> {
  await roster.deleteAssignments(
    executor,
    shifts.map((shift) => shift.assignmentId),
  );
  await recordAudits(
    executor,
    actorOf(caller),
    shifts.map((shift) => ({
      action: 'shift_assignment.delete',
      entityType: 'shift_assignment',
      entityId: shift.assignmentId,
      details: { employeeId: shift.employeeId, date: shift.date, ...shift.why },
    })),
  );
}

/** Approved leave takes its employee off the live roster for its dates. */
export async function removeForLeave(
  executor: Executor,
  caller: Caller,
  leave: { requestId: string; employeeId: string; from: string; to: string },
): Promise<ShiftDuring[]> {
  const { buId } = caller.principal;
  await roster.lockRoster(executor, buId);
  const during = await shiftsDuring(executor, buId, leave.employeeId, leave.from, leave.to);
  const why = { reason: 'leave_approved', leaveRequestId: leave.requestId };
  await removeLiveWork(
    executor,
    caller,
    during.map((shift) => ({ ...shift, employeeId: leave.employeeId, why })),
  );
  return during;
}

/** A locked run replaces the live work its snapshot dropped (it breaks a rule now); the caller holds the lock. */
export async function removeReplannedWork(
  executor: Executor,
  caller: Caller,
  runId: string,
  dropped: readonly { assignmentId: string; employeeId: string; date: string; rule: string }[],
): Promise<void> {
  await removeLiveWork(
    executor,
    caller,
    dropped.map((item) => ({ ...item, why: { reason: 'replanned', rule: item.rule, runId } })),
  );
}

/**
 * Moves live shifts to other employees in the caller's transaction (an approved swap): every move or none.
 * The caller has checked each move under the roster lock it holds; the shifts are written again for their
 * new employees (a same-day swap would otherwise meet the one-shift-a-day key halfway).
 */
export async function handOverLiveShifts(
  executor: Executor,
  caller: Caller,
  moves: readonly { shift: LiveShift; to: string; lendingRuleId: string | null }[],
  why: Record<string, unknown>,
): Promise<string[]> {
  const { buId, userId } = caller.principal;
  await removeLiveWork(
    executor,
    caller,
    moves.map(({ shift }) => ({
      assignmentId: shift.id,
      employeeId: shift.employeeId,
      date: shift.date,
      why,
    })),
  );
  const created = await roster.insertAssignments(
    executor,
    buId,
    moves.map(({ shift, to, lendingRuleId }) => ({
      employeeId: to,
      date: shift.date,
      shiftTemplateId: shift.shiftTemplateId,
      terminalId: shift.terminalId,
      skillId: shift.skillId,
      demandLineId: shift.demandLineId,
      runId: shift.runId,
      lendingRuleId,
      source: 'Manual',
      createdBy: userId,
    })),
  );
  for (const [index, id] of created.entries()) {
    const { shift, to } = moves[index]!;
    await recordAudit(executor, actorOf(caller), {
      action: 'shift_assignment.create',
      entityType: 'shift_assignment',
      entityId: id,
      details: { employeeId: to, date: shift.date, demandLineId: shift.demandLineId, ...why },
    });
  }
  return created;
}
