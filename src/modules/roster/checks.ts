import { actorOf, recordAudit } from '../../core/audit/record.ts';
import type { Caller } from '../../core/auth/caller.ts';
import type { DepartmentScope } from '../../core/auth/principal.ts';
import type { Executor } from '../../core/db/database.ts';
import { sqlState, UNIQUE_VIOLATION } from '../../core/db/errors.ts';
import { businessRule, notFound } from '../../core/http/errors.ts';
import { addDays } from '../../core/time/dates.ts';
import { type Explainer, explain, type LendingRule, type ReasonCode } from '../../engine/index.ts';
import { isActiveLookup } from '../lookups/reads.ts';
import * as roster from './repository.ts';
import type { NewShiftAssignment } from './schemas.ts';
import { buildSnapshot, LIVE_LINE_PREFIX, liveRosterOf } from './snapshot.ts';
import type { LineRow } from './snapshot-queries.ts';

/*
 * The engine's checker over the live roster: whether one employee may work a line or take over a live
 * shift, by the engine's own reason codes, and the one write that checks first (a manual assignment, an
 * approved open-shift claim). Everything that puts someone on the live roster by hand goes through here.
 */

/** For reads the caller's scope was checked for already (their own employee, a row just written). */
export const WHOLE_UNIT: DepartmentScope = { kind: 'unit' };
/** The engine's reasons against one employee and, for a certification reason, the certification's code. */
export interface Refusal {
  reasons: ReasonCode[];
  certification?: string | null;
}
const CERTIFICATION_REASONS: ReadonlySet<ReasonCode> = new Set([
  'CERTIFICATION_MISSING',
  'CERTIFICATION_EXPIRED',
]);
/** The certification a certification reason among `reasons` is about, else null. */
const certificationOf = (
  explainer: Explainer,
  reasons: readonly ReasonCode[],
  lineId: string,
  employeeId: string,
) =>
  reasons.some((code) => CERTIFICATION_REASONS.has(code))
    ? explainer.certification(lineId, employeeId)
    : null;

/** The id of the line a manual check asks the engine about when it staffs no demand line. */
const MANUAL_LINE = 'manual';

/** What the new assignment staffs: a demand line, or a terminal and shift in the employee's own department. */
export async function resolveTarget(
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
  else if (!(await isActiveLookup(executor, buId, 'shiftTemplate', body.shiftTemplateId)))
    errors.push({ path: '/shiftTemplateId', message: 'unknown or inactive shift template' });
  if (body.terminalId === undefined)
    errors.push({ path: '/terminalId', message: 'required without demandLineId' });
  else if (!(await isActiveLookup(executor, buId, 'terminal', body.terminalId)))
    errors.push({ path: '/terminalId', message: 'unknown or inactive terminal' });
  if (body.skillId && !(await isActiveLookup(executor, buId, 'skill', body.skillId)))
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
  released: readonly string[] = [],
): Promise<Refusal & { lendingRule: LendingRule | null }> {
  const snapshot = await buildSnapshot(executor, {
    buId,
    departmentId: target.departmentId,
    from: addDays(target.date, -32),
    to: addDays(target.date, 32),
    lines: [target],
    employeeIds: [employeeId],
  });
  const { instance } = snapshot;
  const explainer = explain(instance, { assignments: liveRosterOf(instance) });
  // Work the employee gives up in the same change (a swap) is off the roster the rules are checked against.
  const reasons = explainer.reasons(target.id, employeeId, released);
  const certification = certificationOf(explainer, reasons, target.id, employeeId);
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
  return { reasons, certification, lendingRule: rule ?? null };
}

const notEligible = ({ reasons, certification = null }: Refusal) =>
  businessRule('NOT_ELIGIBLE', `The employee cannot work this shift: ${reasons.join(', ')}`, {
    reasons,
    ...(certification === null ? {} : { certification }),
  });

/** Writes one assignment after the engine's hard rules (and the lending cap) pass, under the roster lock. */
export async function assignChecked(
  tx: Executor,
  caller: Caller,
  employeeId: string,
  target: Awaited<ReturnType<typeof resolveTarget>>,
  auditDetails: Record<string, unknown>,
): Promise<string> {
  const { principal } = caller;
  await roster.lockRoster(tx, principal.buId);
  // The engine reads an employee already on this very line as eligible: being there is not a new shift.
  if (await roster.assignmentOn(tx, employeeId, target.date))
    throw notEligible({ reasons: ['ALREADY_ASSIGNED'] });
  const { lendingRule, ...refusal } = await reasonsAgainst(tx, principal.buId, employeeId, target);
  if (refusal.reasons.length) throw notEligible(refusal);
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
    if (sqlState(error) === UNIQUE_VIOLATION) throw notEligible({ reasons: ['ALREADY_ASSIGNED'] });
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
): Promise<Refusal & { lendingRule: LendingRule | null }> {
  const line = shift.demandLineId === null ? null : await roster.findLine(executor, buId, shift.demandLineId);
  const target = takeOverTarget(MANUAL_LINE, shift, line?.departmentId ?? null);
  return reasonsAgainst(executor, buId, employeeId, target, released.map(liveLine));
}

const liveLine = (assignmentId: string) => `${LIVE_LINE_PREFIX}${assignmentId}`;

/**
 * A live shift's kind of work (shift, terminal, skill) as a line of one head on `date` in `departmentId`,
 * staffing no demand line: what a shift moved, copied or taken over is checked against.
 */
export const shiftAsLine = (
  id: string,
  shift: Pick<LiveShift, 'terminalId' | 'shiftTemplateId' | 'skillId'>,
  date: string,
  departmentId: string,
) => ({
  id,
  date,
  terminalId: shift.terminalId,
  shiftTemplateId: shift.shiftTemplateId,
  skillId: shift.skillId,
  required: 1,
  departmentId,
  demandLineId: null as string | null,
});

/** A live shift as a line another employee could staff: its demand line's department, or its holder's. */
const takeOverTarget = (id: string, shift: LiveShift, lineDepartmentId: string | null) => ({
  ...shiftAsLine(id, shift, shift.date, lineDepartmentId ?? shift.departmentId!),
  demandLineId: shift.demandLineId,
});

/**
 * Which of the colleagues' live shifts `offered`'s holder could swap it for (each side takes the other's
 * shift once their own is off the roster, by the engine's hard rules), and which colleagues could take it
 * as a give-away: the list a swap is chosen from. One snapshot of everyone for the shifts of the offered
 * one's department; a shift that belongs to another department is checked as a proposal would be. A
 * proposal is checked again in full when it is made.
 */
export async function swapChoices(
  executor: Executor,
  buId: string,
  offered: LiveShift,
  colleagueIds: readonly string[],
  wantedIds: readonly string[],
): Promise<{ swappable: Set<string>; canTakeOver: Set<string> }> {
  const wanted = await roster.findAssignments(executor, buId, wantedIds);
  const departments = await roster.lineDepartments(executor, buId, [
    ...new Set(
      [offered, ...wanted].flatMap((shift) => (shift.demandLineId === null ? [] : [shift.demandLineId])),
    ),
  ]);
  const targetOf = (shift: LiveShift) =>
    takeOverTarget(`${MANUAL_LINE}:${shift.id}`, shift, departments.get(shift.demandLineId ?? '') ?? null);
  const offeredTarget = targetOf(offered);
  const home = offeredTarget.departmentId;
  const together = wanted.filter((shift) => targetOf(shift).departmentId === home);
  const dates = [offered, ...wanted].map((shift) => shift.date).sort();
  const { instance } = await buildSnapshot(executor, {
    buId,
    departmentId: home,
    from: addDays(dates[0]!, -32),
    to: addDays(dates.at(-1)!, 32),
    lines: [offeredTarget, ...together.map(targetOf)],
    employeeIds: [offered.employeeId, ...colleagueIds],
  });
  const explainer = explain(instance, { assignments: liveRosterOf(instance) });
  const present = new Set(instance.employees.map((employee) => employee.id));
  const allowed = (employeeId: string, target: string, releasing: string[]) =>
    present.has(employeeId) && explainer.reasons(target, employeeId, releasing).length === 0;
  const canTakeOver = new Set(colleagueIds.filter((id) => allowed(id, offeredTarget.id, [])));
  const swappable = new Set<string>();
  for (const shift of together)
    if (
      allowed(shift.employeeId, offeredTarget.id, [liveLine(shift.id)]) &&
      allowed(offered.employeeId, targetOf(shift).id, [liveLine(offered.id)])
    )
      swappable.add(shift.id);
  for (const shift of wanted.filter((other) => !together.includes(other))) {
    const theirs = await reasonsToTakeOver(executor, buId, shift.employeeId, offered, [shift.id]);
    const mine = await reasonsToTakeOver(executor, buId, offered.employeeId, shift, [offered.id]);
    if (!theirs.reasons.length && !mine.reasons.length) swappable.add(shift.id);
  }
  return { swappable, canTakeOver };
}

/** A shift a batch of edits (or a copy) puts someone on, in the batch's order. */
export interface Addition {
  index: number;
  employeeId: string;
  target: Awaited<ReturnType<typeof resolveTarget>>;
  /** The run whose work it is (a moved shift keeps its run). */
  runId: string | null;
}

export interface WeighedAddition extends Addition, Refusal {
  certification: string | null;
  lendingRuleId: string | null;
}

/**
 * The engine's hard rules for every addition of a batch, each after the ones accepted before it and with
 * the `released` live shifts off the roster: one snapshot of the department and one explainer, whatever
 * the batch's size. A refused addition is left out of what the next ones are checked against. Every target
 * is a line of `departmentId`; the caller holds the roster lock.
 */
export async function weighAdditions(
  tx: Executor,
  buId: string,
  departmentId: string,
  released: readonly LiveShift[],
  additions: readonly Addition[],
): Promise<WeighedAddition[]> {
  if (!additions.length) return [];
  const lines = new Map(additions.map(({ target }) => [target.id, target]));
  const dates = [
    ...additions.map(({ target }) => target.date),
    ...released.map((shift) => shift.date),
  ].sort();
  const { instance } = await buildSnapshot(tx, {
    buId,
    departmentId,
    from: addDays(dates[0]!, -32),
    to: addDays(dates.at(-1)!, 32),
    lines: [...lines.values()],
    employeeIds: [...new Set([...additions.map((a) => a.employeeId), ...released.map((s) => s.employeeId)])],
  });
  const explainer = explain(instance, { assignments: liveRosterOf(instance) });
  const present = new Set(instance.employees.map((employee) => employee.id));
  for (const shift of released) {
    if (!present.has(shift.employeeId)) continue;
    const line = shift.demandLineId !== null && lines.has(shift.demandLineId) ? shift.demandLineId : null;
    explainer.unassign(line ?? liveLine(shift.id), shift.employeeId);
  }
  const caps = new Map(instance.lendingRules.map((rule) => [rule.id, rule.maxPerDay]));
  const lentInBatch = new Map<string, number>();
  const weighed: WeighedAddition[] = [];
  // The explainer reads an employee already on the very line as eligible: a second shift the same day is not.
  const filled = new Set<string>();
  for (const addition of additions) {
    const { employeeId, target } = addition;
    if (!present.has(employeeId)) {
      weighed.push({ ...addition, reasons: ['EMPLOYEE_INACTIVE'], certification: null, lendingRuleId: null });
      continue;
    }
    const cell = `${employeeId}|${target.date}`;
    const reasons = filled.has(cell)
      ? ['ALREADY_ASSIGNED' as const]
      : explainer.reasons(target.id, employeeId);
    if (reasons.length) {
      const certification = certificationOf(explainer, reasons, target.id, employeeId);
      weighed.push({ ...addition, reasons, certification, lendingRuleId: null });
      continue;
    }
    const lendingRuleId = explainer.assign(target.id, employeeId);
    const cap = lendingRuleId === null ? undefined : caps.get(lendingRuleId);
    if (lendingRuleId !== null && cap !== undefined) {
      // The cap counts everyone lent through the rule that day, which the batch's snapshot cannot see.
      const key = `${lendingRuleId}|${target.date}`;
      const freed = released.filter((s) => s.lendingRuleId === lendingRuleId && s.date === target.date);
      const lent =
        (await roster.lentThrough(tx, lendingRuleId, target.date)) -
        freed.length +
        (lentInBatch.get(key) ?? 0);
      if (lent >= cap) {
        explainer.unassign(target.id, employeeId);
        weighed.push({ ...addition, reasons: ['LENDING_LIMIT_REACHED'], certification: null, lendingRuleId });
        continue;
      }
      lentInBatch.set(key, (lentInBatch.get(key) ?? 0) + 1);
    }
    filled.add(cell);
    weighed.push({ ...addition, reasons: [], certification: null, lendingRuleId });
  }
  return weighed;
}
