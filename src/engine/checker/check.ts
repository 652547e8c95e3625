import type { Assignment, Employee, Instance, ReasonCode, Result } from '../types.ts';

/**
 * Independent roster checker. It shares only the types with the solver and recomputes every hard rule
 * directly from the instance's JSON with plain date arithmetic, so a solver bug cannot hide itself here.
 * By design it does not use the solver's rules module (rules/): a mistake there would be shared by every
 * phase, and only a second, separate reading of the rules can catch it.
 */

export type CheckRule =
  | ReasonCode
  | 'UNKNOWN_LINE'
  | 'UNKNOWN_EMPLOYEE'
  | 'WRONG_DATE'
  | 'OVER_REQUIRED'
  | 'FIXED_MISSING';

export interface Violation {
  rule: CheckRule;
  employeeId?: string;
  lineIds: string[];
  detail: string;
}

/** What a roster keeps to but only just (issue 53): read before publishing, not refused. */
export const WARNING_RULES = [
  'WEEKLY_HOURS_NEAR_LIMIT',
  'REST_NEAR_MINIMUM',
  'NO_DAY_OFF_IN_SEVEN',
  'CERTIFICATION_EXPIRES',
] as const;
export type WarningRule = (typeof WARNING_RULES)[number];

export interface Warning {
  rule: WarningRule;
  employeeId: string;
  /** The dates of the shifts it is about (for a certification: the shifts after it expires, if any). */
  dates: string[];
  /** Hours of the week or of rest, days in a row; null for a certification. */
  value: number | null;
  /** The limit it comes near: the weekly maximum, the minimum rest, seven days. */
  limit: number | null;
  /** For a certification: which one, and its last valid day. */
  certificationId: string | null;
  validTo: string | null;
}

export interface CheckReport {
  violations: Violation[];
  required: number;
  assigned: number;
  /** Only when asked for (`{ warnings: true }`). */
  warnings?: Warning[];
}

/** Weekly hours from 90 % of the maximum, rest under an hour above the minimum, seven days in a row. */
const NEAR_WEEKLY_SHARE = 0.9;
const NEAR_REST_MINUTES = 60;
const DAYS_WITHOUT_A_DAY_OFF = 7;

const DAY_MS = 86_400_000;
const WEEKDAY_NAMES = ['sunday', 'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday'];

function toDay(date: string): number {
  return Date.UTC(Number(date.slice(0, 4)), Number(date.slice(5, 7)) - 1, Number(date.slice(8, 10))) / DAY_MS;
}

function toMinutes(clock: string): number {
  return Number(clock.slice(0, 2)) * 60 + Number(clock.slice(3, 5));
}

function within(date: string, from: string, to: string | undefined): boolean {
  return date >= from && (to === undefined || date <= to);
}

interface Placed {
  assignment: Assignment;
  day: number;
  start: number;
  end: number;
  hours: number;
  night: boolean;
}

export function checkRoster(
  instance: Instance,
  result: Pick<Result, 'assignments'>,
  options: { warnings?: boolean } = {},
): CheckReport {
  const violations: Violation[] = [];
  const warnings: Warning[] = [];
  const warn = options.warnings ? (warning: Warning) => warnings.push(warning) : undefined;
  const add = (rule: CheckRule, lineIds: string[], detail: string, employeeId?: string) =>
    violations.push(
      employeeId === undefined ? { rule, lineIds, detail } : { rule, employeeId, lineIds, detail },
    );
  const lines = new Map(instance.demandLines.map((l) => [l.id, l]));
  const employees = new Map(instance.employees.map((e) => [e.id, e]));
  const templates = new Map(instance.shiftTemplates.map((t) => [t.id, t]));
  const byEmployee = new Map<string, Placed[]>();
  const perLine = new Map<string, number>();
  const lendingUse = new Map<string, string[]>();

  for (const a of result.assignments) {
    const line = lines.get(a.lineId);
    const employee = employees.get(a.employeeId);
    if (line === undefined) {
      add('UNKNOWN_LINE', [a.lineId], `line ${a.lineId} is not in the instance`, a.employeeId);
      continue;
    }
    if (employee === undefined) {
      add('UNKNOWN_EMPLOYEE', [a.lineId], `employee ${a.employeeId} is not in the instance`, a.employeeId);
      continue;
    }
    if (a.date !== line.date)
      add('WRONG_DATE', [line.id], `assignment dated ${a.date}, line is on ${line.date}`, employee.id);
    perLine.set(line.id, (perLine.get(line.id) ?? 0) + 1);
    const err = (rule: CheckRule, detail: string) => add(rule, [line.id], detail, employee.id);
    if (!within(line.date, employee.activeFrom, employee.activeTo))
      err('EMPLOYEE_INACTIVE', `not active on ${line.date}`);
    if (line.skill !== undefined) {
      if (!employee.skills.includes(line.skill)) err('SKILL_MISSING', `lacks skill ${line.skill}`);
      for (const certId of instance.skillCertifications[line.skill] ?? []) {
        const records = employee.certifications.filter((c) => c.certificationId === certId);
        if (records.length === 0) err('CERTIFICATION_MISSING', `has no ${certId} certification`);
        else if (!records.some((c) => c.status === 'active' && within(line.date, c.validFrom, c.validTo)))
          err('CERTIFICATION_EXPIRED', `${certId} not valid on ${line.date}`);
      }
    }
    if (instance.leaves.some((l) => l.employeeId === employee.id && within(line.date, l.from, l.to)))
      err('ON_LEAVE', `on approved leave on ${line.date}`);
    if (
      (instance.unavailability ?? []).some(
        (u) => u.employeeId === employee.id && within(line.date, u.from, u.to),
      )
    )
      err('UNAVAILABLE', `stated unavailable on ${line.date}`);
    checkPool(instance, employee, line, a, err, lendingUse);

    const template = templates.get(line.shiftTemplateId)!;
    const day = toDay(line.date);
    const start = day * 1440 + toMinutes(template.start);
    let end = day * 1440 + toMinutes(template.end);
    if (end <= start) end += 1440;
    const list = byEmployee.get(employee.id) ?? [];
    list.push({
      assignment: a,
      day,
      start,
      end,
      hours: template.paidHours,
      night: template.shiftType === 'night',
    });
    byEmployee.set(employee.id, list);
  }

  for (const [lineId, count] of perLine) {
    const required = lines.get(lineId)!.required;
    if (count > required) add('OVER_REQUIRED', [lineId], `${count} assigned, ${required} required`);
  }
  for (const [key, ids] of lendingUse) {
    const [ruleId, date] = key.split('|') as [string, string];
    const max = instance.lendingRules.find((r) => r.id === ruleId)?.maxPerDay;
    if (max !== undefined && ids.length > max)
      add('LENDING_LIMIT_REACHED', ids, `rule ${ruleId} lends ${ids.length} on ${date}, at most ${max}`);
  }
  const present = new Set(result.assignments.map((a) => `${a.employeeId}|${a.lineId}`));
  for (const f of instance.fixedAssignments)
    if (!present.has(`${f.employeeId}|${f.lineId}`))
      add('FIXED_MISSING', [f.lineId], 'fixed assignment dropped', f.employeeId);
  for (const [employeeId, placed] of byEmployee) {
    checkEmployeeTimeline(instance, employeeId, placed, add, warn);
    if (warn) warnOfExpiringCertifications(instance, employees.get(employeeId)!, placed, lines, warn);
  }

  let required = 0;
  let assigned = 0;
  for (const line of instance.demandLines) {
    required += line.required;
    assigned += Math.min(line.required, perLine.get(line.id) ?? 0);
  }
  return warn ? { violations, required, assigned, warnings } : { violations, required, assigned };
}

/** A certification the person's work in the period needs that ends inside the period, once per certification. */
function warnOfExpiringCertifications(
  instance: Instance,
  employee: Employee,
  placed: Placed[],
  lines: Map<string, Instance['demandLines'][number]>,
  warn: (warning: Warning) => void,
): void {
  const { from, to } = instance.period;
  const needed = new Set(
    placed.flatMap((p) => instance.skillCertifications[lines.get(p.assignment.lineId)!.skill ?? ''] ?? []),
  );
  for (const certificationId of needed) {
    const validTo = employee.certifications
      .filter((c) => c.certificationId === certificationId && c.status === 'active')
      .map((c) => c.validTo)
      .sort()
      .at(-1);
    if (validTo === undefined || validTo < from || validTo >= to) continue;
    const after = placed
      .map((p) => lines.get(p.assignment.lineId)!)
      .filter(
        (line) =>
          line.date > validTo &&
          (instance.skillCertifications[line.skill ?? ''] ?? []).includes(certificationId),
      )
      .map((line) => line.date);
    warn({
      rule: 'CERTIFICATION_EXPIRES',
      employeeId: employee.id,
      dates: [...new Set(after)].sort(),
      value: null,
      limit: null,
      certificationId,
      validTo,
    });
  }
}

function checkPool(
  instance: Instance,
  employee: Employee,
  line: Instance['demandLines'][number],
  a: Assignment,
  err: (rule: CheckRule, detail: string) => void,
  lendingUse: Map<string, string[]>,
): void {
  if (employee.homePool === line.pool) return;
  const matches = instance.lendingRules.filter(
    (r) =>
      r.sourcePool === employee.homePool &&
      r.targetPool === line.pool &&
      within(line.date, r.effectiveFrom, r.effectiveTo) &&
      (r.skills === undefined || (line.skill !== undefined && r.skills.includes(line.skill))),
  );
  const rule = a.lendingRuleId === undefined ? matches[0] : matches.find((r) => r.id === a.lendingRuleId);
  if (rule === undefined) {
    err('POOL_NOT_ALLOWED', `home pool ${employee.homePool} may not work pool ${line.pool} on ${line.date}`);
    return;
  }
  const key = `${rule.id}|${line.date}`;
  lendingUse.set(key, [...(lendingUse.get(key) ?? []), line.id]);
}

function checkEmployeeTimeline(
  instance: Instance,
  employeeId: string,
  placed: Placed[],
  add: (rule: CheckRule, lineIds: string[], detail: string, employeeId?: string) => void,
  warn?: (warning: Warning) => void,
): void {
  const { settings, period } = instance;
  const dateOf = (p: Placed) => new Date(p.day * DAY_MS).toISOString().slice(0, 10);
  const near = (rule: WarningRule, on: Placed[], value: number, limit: number) =>
    warn?.({ rule, employeeId, dates: on.map(dateOf), value, limit, certificationId: null, validTo: null });
  const prior = instance.priorWork.find((p) => p.employeeId === employeeId);
  placed.sort((a, b) => a.start - b.start);
  const ids = (...p: Placed[]) => p.map((x) => x.assignment.lineId);

  const byDay = new Map<number, Placed[]>();
  for (const p of placed) byDay.set(p.day, [...(byDay.get(p.day) ?? []), p]);
  for (const same of byDay.values())
    if (same.length > 1)
      add('ALREADY_ASSIGNED', ids(...same), `${same.length} shifts on one date`, employeeId);

  const restMinutes = settings.minRestHours * 60;
  if (prior?.lastShiftEnd !== undefined && placed[0] !== undefined) {
    const lastEnd = toDay(prior.lastShiftEnd.slice(0, 10)) * 1440 + toMinutes(prior.lastShiftEnd.slice(11));
    const rest = placed[0].start - lastEnd;
    if (rest < restMinutes)
      add(
        'REST_TOO_SHORT',
        ids(placed[0]),
        `rest after the shift ending ${prior.lastShiftEnd} too short`,
        employeeId,
      );
    else if (rest < restMinutes + NEAR_REST_MINUTES)
      near('REST_NEAR_MINIMUM', [placed[0]], rest / 60, settings.minRestHours);
  }
  for (let i = 0; i + 1 < placed.length; i++) {
    const a = placed[i]!;
    const b = placed[i + 1]!;
    if (a.day === b.day) continue;
    const rest = b.start - a.end;
    if (rest < restMinutes)
      add('REST_TOO_SHORT', ids(a, b), `${rest / 60} h rest between shifts`, employeeId);
    else if (rest < restMinutes + NEAR_REST_MINUTES)
      near('REST_NEAR_MINIMUM', [a, b], rest / 60, settings.minRestHours);
  }

  const days = [...byDay.keys()].sort((a, b) => a - b);
  const firstDay = toDay(period.from);
  let runStart = 0;
  for (let i = 0; i < days.length; i++) {
    if (i > 0 && days[i]! !== days[i - 1]! + 1) runStart = i;
    const before = days[runStart] === firstDay ? (prior?.consecutiveDays ?? 0) : 0;
    const run = i - runStart + 1 + before;
    const endsHere = i + 1 === days.length || days[i + 1] !== days[i]! + 1;
    if (endsHere && run > settings.maxConsecutiveDays) {
      const inRun = days.slice(runStart, i + 1).flatMap((d) => ids(...byDay.get(d)!));
      add('MAX_CONSECUTIVE_DAYS', inRun, `${run} consecutive working days`, employeeId);
    } else if (endsHere && run >= DAYS_WITHOUT_A_DAY_OFF) {
      const inRun = days.slice(runStart, i + 1).flatMap((d) => byDay.get(d)!);
      near('NO_DAY_OFF_IN_SEVEN', inRun, run, DAYS_WITHOUT_A_DAY_OFF);
    }
  }

  if (settings.maxConsecutiveNights !== undefined) {
    const nights = days.filter((d) => byDay.get(d)!.some((p) => p.night));
    let from = 0;
    for (let i = 0; i < nights.length; i++) {
      if (i > 0 && nights[i]! !== nights[i - 1]! + 1) from = i;
      const endsHere = i + 1 === nights.length || nights[i + 1] !== nights[i]! + 1;
      const before = nights[from] === firstDay ? (prior?.consecutiveNights ?? 0) : 0;
      const run = i - from + 1 + before;
      if (endsHere && run > settings.maxConsecutiveNights) {
        const inRun = nights.slice(from, i + 1).flatMap((d) => ids(...byDay.get(d)!.filter((p) => p.night)));
        add('MAX_CONSECUTIVE_NIGHTS', inRun, `${run} nights in a row`, employeeId);
      }
    }
  }

  const weekStartIndex = WEEKDAY_NAMES.indexOf(settings.weekStart);
  const weekOf = (day: number) => {
    const weekday = new Date(day * DAY_MS).getUTCDay();
    return day - ((weekday - weekStartIndex + 7) % 7);
  };
  const weeks = new Map<number, Placed[]>();
  for (const p of placed) weeks.set(weekOf(p.day), [...(weeks.get(weekOf(p.day)) ?? []), p]);
  for (const [week, list] of weeks) {
    const carried = week === weekOf(firstDay) ? (prior?.hoursInFirstWeek ?? 0) : 0;
    const hours = carried + list.reduce((sum, p) => sum + p.hours, 0);
    if (hours > settings.maxWeeklyHours + 1e-9)
      add(
        'MAX_WEEKLY_HOURS',
        ids(...list),
        `${hours} h in the week of ${new Date(week * DAY_MS).toISOString().slice(0, 10)}`,
        employeeId,
      );
    else if (hours >= settings.maxWeeklyHours * NEAR_WEEKLY_SHARE - 1e-9)
      near('WEEKLY_HOURS_NEAR_LIMIT', list, hours, settings.maxWeeklyHours);
  }
}
