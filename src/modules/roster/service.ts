import { actorOf, recordAudit } from '../../core/audit/record.ts';
import type { Caller } from '../../core/auth/caller.ts';
import type { Permission } from '../../core/auth/catalog.ts';
import type { DepartmentScope } from '../../core/auth/principal.ts';
import type { Executor } from '../../core/db/database.ts';
import { sqlState, UNIQUE_VIOLATION } from '../../core/db/errors.ts';
import { assertDateRange } from '../../core/http/date-range.ts';
import { businessRule, notFound } from '../../core/http/errors.ts';
import { offsetOf, type Page, pageOf } from '../../core/http/pagination.ts';
import type { ServiceDeps } from '../../core/module-context.ts';
import { addDays, WEEKDAY_NAMES, weekdayOf } from '../../core/time/dates.ts';
import { explain, type LendingRule, type ReasonCode } from '../../engine/index.ts';
import { readSettings } from '../settings/service.ts';
import * as roster from './repository.ts';
import type {
  AssignmentListQuery,
  EmployeeAssignmentsQuery,
  NewShiftAssignment,
  ScheduleQuery,
  ShiftAssignment,
  ShiftSchedule,
} from './schemas.ts';
import { buildSnapshot, LIVE_LINE_PREFIX, liveRosterOf } from './snapshot.ts';
import type { LineRow } from './snapshot-queries.ts';

/** For reads the caller's scope was checked for already (their own employee, a row just written). */
const WHOLE_UNIT: DepartmentScope = { kind: 'unit' };
/** The longest schedule one request may ask for. */
const MAX_SCHEDULE_DAYS = 92;
/** The id of the line a manual check asks the engine about when it staffs no demand line. */
const MANUAL_LINE = 'manual';

function assignmentView(row: roster.AssignmentRow): ShiftAssignment {
  return {
    id: row.id,
    employee: {
      id: row.employeeId,
      employeeNumber: row.employeeNumber,
      Name_1_English: row.nameEn,
      Name_2_Arabic: row.nameAr,
      departmentId: row.departmentId,
    },
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

async function requireEmployee(executor: Executor, caller: Caller, permission: Permission, id: string) {
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
    roster.holidaysBetween(deps.db, buId, from, to),
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

/** What the new assignment staffs: a demand line, or a terminal and shift in the employee's own department. */
async function resolveTarget(
  executor: Executor,
  caller: Caller,
  departmentId: string | null,
  body: NewShiftAssignment,
) {
  const buId = caller.principal.buId;
  if (body.demandLineId !== undefined) {
    const line = await roster.findLine(executor, buId, body.demandLineId);
    if (!line) {
      throw businessRule('DEMAND_LINE_UNKNOWN', 'No demand line with this id', {
        errors: [{ path: '/demandLineId', message: 'unknown line' }],
      });
    }
    if (line.date !== body.date) {
      throw businessRule('LINE_DATE_MISMATCH', `The demand line is on ${line.date}, not ${body.date}`);
    }
    return { ...line, demandLineId: line.id as string | null };
  }
  const errors: { path: string; message: string }[] = [];
  if (body.shiftTemplateId === undefined)
    errors.push({ path: '/shiftTemplateId', message: 'required without demandLineId' });
  else if (!(await roster.lookupExists(executor, buId, 'shiftTemplate', body.shiftTemplateId)))
    errors.push({ path: '/shiftTemplateId', message: 'unknown or inactive shift template' });
  if (body.terminalId === undefined)
    errors.push({ path: '/terminalId', message: 'required without demandLineId' });
  else if (!(await roster.lookupExists(executor, buId, 'terminal', body.terminalId)))
    errors.push({ path: '/terminalId', message: 'unknown or inactive terminal' });
  if (body.skillId && !(await roster.lookupExists(executor, buId, 'skill', body.skillId)))
    errors.push({ path: '/skillId', message: 'unknown or inactive skill' });
  if (errors.length || departmentId === null) {
    throw businessRule('ASSIGNMENT_INVALID', 'The assignment names no valid shift and terminal', {
      errors: departmentId === null ? [{ path: '', message: 'the employee has no department' }] : errors,
    });
  }
  return {
    id: MANUAL_LINE,
    date: body.date,
    terminalId: body.terminalId!,
    shiftTemplateId: body.shiftTemplateId!,
    skillId: body.skillId ?? null,
    required: 1,
    departmentId,
    demandLineId: null,
  };
}

/**
 * The engine's hard rules for one employee on one line, by the engine's own reason codes: a snapshot around
 * the date (every rule that reaches across days fits in 32 days either side) and the explainer's reasons.
 */
async function reasonsAgainst(
  executor: Executor,
  buId: string,
  employeeId: string,
  target: Awaited<ReturnType<typeof resolveTarget>>,
  released: ReadonlySet<string> = new Set(),
): Promise<{ reasons: ReasonCode[]; lendingRule: LendingRule | null }> {
  const snapshot = await buildSnapshot(executor, {
    buId,
    departmentId: target.departmentId,
    from: addDays(target.date, -32),
    to: addDays(target.date, 32),
    lines: [target],
    employeeIds: [employeeId],
  });
  // Work the employee gives up in the same change (a swap) is off the roster the rules are checked against.
  const instance = released.size
    ? {
        ...snapshot.instance,
        demandLines: snapshot.instance.demandLines.filter((line) => !released.has(line.id)),
        fixedAssignments: snapshot.instance.fixedAssignments.filter((pair) => !released.has(pair.lineId)),
      }
    : snapshot.instance;
  const explainer = explain(instance, { assignments: liveRosterOf(instance) });
  const reasons = explainer.reasons(target.id, employeeId);
  const employee = instance.employees[0];
  const lent = employee !== undefined && employee.homePool !== instance.demandLines[0]!.pool;
  const rule = lent
    ? instance.lendingRules.find(
        (r) =>
          r.sourcePool === employee.homePool &&
          r.effectiveFrom <= target.date &&
          (r.effectiveTo === undefined || r.effectiveTo >= target.date) &&
          (r.skills === undefined || (target.skillId !== null && r.skills.includes(target.skillId))),
      )
    : undefined;
  return { reasons, lendingRule: rule ?? null };
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

const notEligible = (reasons: ReasonCode[]) =>
  businessRule('NOT_ELIGIBLE', `The employee cannot work this shift: ${reasons.join(', ')}`, { reasons });

/** Writes one assignment after the engine's hard rules (and the lending cap) pass, under the roster lock. */
async function assignChecked(
  tx: Executor,
  caller: Caller,
  employeeId: string,
  target: Awaited<ReturnType<typeof resolveTarget>>,
  auditDetails: Record<string, unknown>,
): Promise<string> {
  const { principal } = caller;
  await roster.lockRoster(tx, principal.buId);
  // The engine reads an employee already on this very line as eligible: being there is not a new shift.
  if (await roster.assignmentOn(tx, employeeId, target.date)) throw notEligible(['ALREADY_ASSIGNED']);
  const { reasons, lendingRule } = await reasonsAgainst(tx, principal.buId, employeeId, target);
  if (reasons.length) throw notEligible(reasons);
  const lendingRuleId = lendingRule?.id ?? null;
  // The rule's daily cap counts everyone lent through it that day, which a one-employee snapshot cannot see.
  if (lendingRule?.maxPerDay !== undefined) {
    const lent = await roster.lentThrough(tx, lendingRule.id, target.date);
    if (lent >= lendingRule.maxPerDay) {
      throw businessRule(
        'NOT_ELIGIBLE',
        `The employee cannot work this shift: LENDING_LIMIT_REACHED (the lending rule allows ${lendingRule.maxPerDay} a day and ${lent} are lent that day)`,
        {
          reasons: ['LENDING_LIMIT_REACHED'],
          lendingRule: { id: lendingRule.id, maxPerDay: lendingRule.maxPerDay, lent },
        },
      );
    }
  }
  let created: string;
  try {
    [created] = (await roster.insertAssignments(tx, principal.buId, [
      {
        employeeId,
        date: target.date,
        shiftTemplateId: target.shiftTemplateId,
        terminalId: target.terminalId,
        skillId: target.skillId,
        demandLineId: target.demandLineId,
        lendingRuleId,
        source: 'Manual',
        createdBy: principal.userId,
      },
    ])) as [string];
  } catch (error) {
    if (sqlState(error) === UNIQUE_VIOLATION) throw notEligible(['ALREADY_ASSIGNED']);
    throw error;
  }
  await recordAudit(tx, actorOf(caller), {
    action: 'shift_assignment.create',
    entityType: 'shift_assignment',
    entityId: created,
    details: {
      employeeId,
      date: target.date,
      demandLineId: target.demandLineId,
      lendingRuleId,
      ...auditDetails,
    },
  });
  return created;
}

/**
 * Puts an employee on a demand line in the caller's transaction, checked exactly as a manual assignment is
 * (422 `NOT_ELIGIBLE` with the engine's reasons). The calling module has checked the caller's right to it:
 * an approved open-shift claim lands this way.
 */
export async function assignToLine(
  tx: Executor,
  caller: Caller,
  employeeId: string,
  demandLineId: string,
  auditDetails: Record<string, unknown>,
): Promise<string> {
  const line = await roster.findLine(tx, caller.principal.buId, demandLineId);
  if (!line) throw notFound('The demand line');
  return assignChecked(tx, caller, employeeId, { ...line, demandLineId: line.id }, auditDetails);
}

/** A demand line with its plan's department, as the engine's checker takes it. */
export interface CheckedLine extends LineRow {
  departmentId: string;
}

/**
 * Why one employee may not work each of some lines, by the engine's reason codes (none: eligible), from
 * the same snapshot and explainer a manual assignment is checked with; a date they already work is
 * `ALREADY_ASSIGNED`. One snapshot per department: what open shifts show an employee.
 */
export async function reasonsOnLines(
  executor: Executor,
  buId: string,
  employeeId: string,
  lines: readonly CheckedLine[],
): Promise<Map<string, ReasonCode[]>> {
  const reasons = new Map<string, ReasonCode[]>();
  if (!lines.length) return reasons;
  const dates = lines.map((line) => line.date).sort();
  const { rows: working } = await roster.listAssignments(
    executor,
    buId,
    WHOLE_UNIT,
    { employeeId, from: dates[0]!, to: dates.at(-1)! },
    dates.length + 1,
    0,
  );
  const busy = new Set(working.map((row) => row.date));
  const byDepartment = new Map<string, CheckedLine[]>();
  for (const line of lines)
    byDepartment.set(line.departmentId, [...(byDepartment.get(line.departmentId) ?? []), line]);
  for (const [departmentId, group] of byDepartment) {
    const sorted = group.map((line) => line.date).sort();
    const { instance } = await buildSnapshot(executor, {
      buId,
      departmentId,
      from: addDays(sorted[0]!, -32),
      to: addDays(sorted.at(-1)!, 32),
      lines: group.map(({ departmentId: _, ...line }) => line),
      employeeIds: [employeeId],
    });
    // An employee the snapshot leaves out (no longer employed) cannot work any of them.
    if (!instance.employees.some((employee) => employee.id === employeeId)) {
      for (const line of group) reasons.set(line.id, ['EMPLOYEE_INACTIVE']);
      continue;
    }
    const explainer = explain(instance, { assignments: liveRosterOf(instance) });
    for (const line of group) {
      const found = explainer.reasons(line.id, employeeId);
      if (busy.has(line.date) && !found.includes('ALREADY_ASSIGNED')) found.push('ALREADY_ASSIGNED');
      reasons.set(line.id, found);
    }
  }
  return reasons;
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
 * Takes live assignments off the roster in the caller's transaction, audited one by one with why (approved
 * leave, or a locked run that replanned work breaking a rule now); they show as gaps afterwards.
 */
async function removeLiveWork(
  executor: Executor,
  caller: Caller,
  shifts: readonly { assignmentId: string; employeeId: string; date: string }[],
  why: Record<string, unknown>,
): Promise<void> {
  for (const shift of shifts) {
    await roster.deleteAssignment(executor, shift.assignmentId);
    await recordAudit(executor, actorOf(caller), {
      action: 'shift_assignment.delete',
      entityType: 'shift_assignment',
      entityId: shift.assignmentId,
      details: { employeeId: shift.employeeId, date: shift.date, ...why },
    });
  }
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
  await removeLiveWork(
    executor,
    caller,
    during.map((shift) => ({ ...shift, employeeId: leave.employeeId })),
    { reason: 'leave_approved', leaveRequestId: leave.requestId },
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
  for (const item of dropped) {
    await removeLiveWork(executor, caller, [item], { reason: 'replanned', rule: item.rule, runId });
  }
}

/** A live shift as a swap sees it (issue 35): who works it, and what another employee would take over. */
export type LiveShift = roster.AssignmentRow;

/** A live assignment of the unit, whatever the caller's scope (the swaps module checks ownership itself). */
export const findLiveShift = (executor: Executor, buId: string, id: string): Promise<LiveShift | null> =>
  roster.findAssignment(executor, buId, WHOLE_UNIT, id);

/**
 * The engine's reasons why `employeeId` may not work `shift` once the live assignments `released` are off
 * the roster (a swap first gives up the employee's own shift), and the lending rule it would go through.
 */
export async function reasonsToTakeOver(
  executor: Executor,
  buId: string,
  employeeId: string,
  shift: LiveShift,
  released: readonly string[],
): Promise<{ reasons: ReasonCode[]; lendingRule: LendingRule | null }> {
  const line = shift.demandLineId === null ? null : await roster.findLine(executor, buId, shift.demandLineId);
  const target = {
    id: MANUAL_LINE,
    date: shift.date,
    terminalId: shift.terminalId,
    shiftTemplateId: shift.shiftTemplateId,
    skillId: shift.skillId,
    required: 1,
    // The shift belongs to its demand line's department, or to its holder's when it staffs no line.
    departmentId: line?.departmentId ?? shift.departmentId!,
    demandLineId: shift.demandLineId,
  };
  const releasedLines = new Set(released.map((id) => `${LIVE_LINE_PREFIX}${id}`));
  return reasonsAgainst(executor, buId, employeeId, target, releasedLines);
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
    moves.map(({ shift }) => ({ assignmentId: shift.id, employeeId: shift.employeeId, date: shift.date })),
    why,
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
