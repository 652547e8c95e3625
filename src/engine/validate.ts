import { clockMinutes, dayNumber, timestampMinutes, WEEKDAYS } from './dates.ts';
import type { Instance } from './types.ts';

/** Thrown when an instance is malformed or inconsistent; `problems` lists every problem found. */
export class InstanceError extends Error {
  constructor(readonly problems: string[]) {
    super(`invalid instance:\n  ${problems.join('\n  ')}`);
    this.name = 'InstanceError';
  }
}

type Obj = Record<string, unknown>;

function isObject(value: unknown): value is Obj {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Collects problems with paths so a person can find them in the JSON. */
function makeChecker(problems: string[]) {
  const date = (value: unknown, path: string): number => {
    const day = dayNumber(value as string);
    if (Number.isNaN(day)) problems.push(`${path}: expected a date YYYY-MM-DD, got ${JSON.stringify(value)}`);
    return day;
  };
  const range = (from: unknown, to: unknown, path: string) => {
    const a = date(from, `${path}.from`);
    const b = to === undefined ? a : date(to, `${path}.to`);
    if (a > b) problems.push(`${path}: from ${String(from)} is after to ${String(to)}`);
  };
  const number = (value: unknown, path: string, min: number, integer = false) => {
    if (
      typeof value !== 'number' ||
      !Number.isFinite(value) ||
      value < min ||
      (integer && !Number.isInteger(value))
    )
      problems.push(
        `${path}: expected ${integer ? 'an integer' : 'a number'} >= ${min}, got ${JSON.stringify(value)}`,
      );
  };
  const text = (value: unknown, path: string) => {
    if (typeof value !== 'string' || value.length === 0)
      problems.push(`${path}: expected a non-empty string`);
  };
  const list = (value: unknown, path: string, optional = false): unknown[] => {
    if (value === undefined && optional) return [];
    if (!Array.isArray(value)) {
      problems.push(`${path}: expected an array`);
      return [];
    }
    return value;
  };
  const objects = (value: unknown, path: string, optional = false): Obj[] =>
    list(value, path, optional).filter((item, i) => {
      if (!isObject(item)) problems.push(`${path}[${i}]: expected an object`);
      return isObject(item);
    });
  return { date, range, number, text, list, objects };
}

function uniqueIds(items: Obj[], path: string, problems: string[]): Set<string> {
  const ids = new Set<string>();
  items.forEach((item, i) => {
    const id = item.id;
    if (typeof id !== 'string' || id.length === 0)
      problems.push(`${path}[${i}].id: expected a non-empty string`);
    else if (ids.has(id)) problems.push(`${path}[${i}].id: duplicate id ${id}`);
    else ids.add(id);
  });
  return ids;
}

/** A wish weighs at most this much, so that wishes of a day stay far below a lent employee's rank. */
const MAX_WISH_WEIGHT = 10;

function isWeekday(value: unknown): boolean {
  return WEEKDAYS.includes(value as (typeof WEEKDAYS)[number]);
}

function weekdays(value: unknown, path: string, problems: string[]): void {
  if (value === undefined) return;
  if (!Array.isArray(value) || !value.every(isWeekday))
    problems.push(`${path}: expected an array of ${WEEKDAYS.join(', ')}`);
}

/** Checks shape, dates, ranges and references; throws InstanceError listing every problem. */
export function validateInstance(input: unknown): asserts input is Instance {
  const problems: string[] = [];
  const check = makeChecker(problems);
  if (!isObject(input)) throw new InstanceError(['instance: expected a JSON object']);
  const period = isObject(input.period) ? input.period : {};
  if (!isObject(input.period)) problems.push('period: expected { from, to }');
  check.range(period.from, period.to, 'period');
  const periodFrom = dayNumber(period.from as string);
  const periodTo = dayNumber(period.to as string);

  const settings = isObject(input.settings) ? input.settings : {};
  if (!isObject(input.settings)) problems.push('settings: expected an object');
  check.number(settings.minRestHours, 'settings.minRestHours', 0);
  if (typeof settings.minRestHours === 'number' && settings.minRestHours > 24)
    problems.push('settings.minRestHours: at most 24 is supported');
  check.number(settings.maxConsecutiveDays, 'settings.maxConsecutiveDays', 1, true);
  check.number(settings.maxWeeklyHours, 'settings.maxWeeklyHours', 0);
  check.number(settings.equalizationWindowDays, 'settings.equalizationWindowDays', 1, true);
  if (!isWeekday(settings.weekStart))
    problems.push(`settings.weekStart: expected one of ${WEEKDAYS.join(', ')}`);
  weekdays(settings.weekendDays, 'settings.weekendDays', problems);
  if (settings.maxConsecutiveNights !== undefined)
    check.number(settings.maxConsecutiveNights, 'settings.maxConsecutiveNights', 1, true);

  const templates = check.objects(input.shiftTemplates, 'shiftTemplates');
  const templateIds = uniqueIds(templates, 'shiftTemplates', problems);
  templates.forEach((t, i) => {
    const path = `shiftTemplates[${i}]`;
    for (const key of ['start', 'end'] as const)
      if (Number.isNaN(clockMinutes(t[key] as string))) problems.push(`${path}.${key}: expected HH:mm`);
    if (t.start === t.end) problems.push(`${path}: start equals end`);
    check.number(t.paidHours, `${path}.paidHours`, 0);
    check.text(t.shiftType, `${path}.shiftType`);
  });

  const lines = check.objects(input.demandLines, 'demandLines');
  const lineIds = uniqueIds(lines, 'demandLines', problems);
  lines.forEach((line, i) => {
    const path = `demandLines[${i}]`;
    const day = check.date(line.date, `${path}.date`);
    if (day < periodFrom || day > periodTo)
      problems.push(`${path}.date: ${String(line.date)} is outside the period`);
    if (!templateIds.has(line.shiftTemplateId as string))
      problems.push(`${path}.shiftTemplateId: unknown shift template ${String(line.shiftTemplateId)}`);
    check.text(line.terminal, `${path}.terminal`);
    check.text(line.pool, `${path}.pool`);
    if (line.skill !== undefined) check.text(line.skill, `${path}.skill`);
    check.number(line.required, `${path}.required`, 0, true);
  });

  const employees = check.objects(input.employees, 'employees');
  const employeeIds = uniqueIds(employees, 'employees', problems);
  // The solver packs an employee index into 16 bits when ranking candidates.
  if (employees.length > 65_535) problems.push('employees: at most 65,535 are supported');
  employees.forEach((employee, i) => {
    const path = `employees[${i}]`;
    for (const key of ['grade', 'department', 'homePool'] as const)
      check.text(employee[key], `${path}.${key}`);
    check.range(employee.activeFrom, employee.activeTo, `${path}.active`);
    for (const skill of check.list(employee.skills, `${path}.skills`)) check.text(skill, `${path}.skills[]`);
    check.objects(employee.certifications, `${path}.certifications`).forEach((cert, j) => {
      const certPath = `${path}.certifications[${j}]`;
      check.text(cert.certificationId, `${certPath}.certificationId`);
      check.range(cert.validFrom, cert.validTo, `${certPath}.valid`);
      if (!['active', 'suspended', 'revoked'].includes(cert.status as string))
        problems.push(`${certPath}.status: expected active, suspended or revoked`);
    });
  });

  if (!isObject(input.skillCertifications)) problems.push('skillCertifications: expected an object');
  else
    for (const [skill, certs] of Object.entries(input.skillCertifications))
      for (const cert of check.list(certs, `skillCertifications.${skill}`))
        check.text(cert, `skillCertifications.${skill}[]`);

  const knownEmployee = (value: unknown, path: string) => {
    if (!employeeIds.has(value as string)) problems.push(`${path}: unknown employee ${String(value)}`);
  };
  check.objects(input.leaves, 'leaves').forEach((leave, i) => {
    knownEmployee(leave.employeeId, `leaves[${i}].employeeId`);
    check.range(leave.from, leave.to, `leaves[${i}]`);
  });

  const rules = check.objects(input.lendingRules, 'lendingRules');
  uniqueIds(rules, 'lendingRules', problems);
  rules.forEach((rule, i) => {
    const path = `lendingRules[${i}]`;
    check.text(rule.sourcePool, `${path}.sourcePool`);
    check.text(rule.targetPool, `${path}.targetPool`);
    check.range(rule.effectiveFrom, rule.effectiveTo, `${path}.effective`);
    if (rule.skills !== undefined) check.list(rule.skills, `${path}.skills`);
    if (rule.maxPerDay !== undefined) check.number(rule.maxPerDay, `${path}.maxPerDay`, 0, true);
  });

  const pairs = (value: unknown, path: string, optional: boolean) => {
    const seen = new Set<string>();
    check.objects(value, path, optional).forEach((pair, i) => {
      knownEmployee(pair.employeeId, `${path}[${i}].employeeId`);
      if (!lineIds.has(pair.lineId as string))
        problems.push(`${path}[${i}].lineId: unknown line ${String(pair.lineId)}`);
      const key = `${String(pair.employeeId)}|${String(pair.lineId)}`;
      if (seen.has(key)) problems.push(`${path}[${i}]: duplicate assignment ${key}`);
      seen.add(key);
    });
  };
  pairs(input.fixedAssignments, 'fixedAssignments', false);
  const lineDates = new Map(lines.map((line) => [line.id as string, line.date as string]));
  const fixedDays = new Set<string>();
  (Array.isArray(input.fixedAssignments) ? input.fixedAssignments : [])
    .filter(isObject)
    .forEach((pair, i) => {
      const key = `${String(pair.employeeId)}|${lineDates.get(pair.lineId as string)}`;
      if (fixedDays.has(key))
        problems.push(`fixedAssignments[${i}]: employee ${String(pair.employeeId)} fixed twice on one date`);
      fixedDays.add(key);
    });
  pairs(input.previousAssignments, 'previousAssignments', true);

  check.objects(input.priorWork, 'priorWork').forEach((prior, i) => {
    const path = `priorWork[${i}]`;
    knownEmployee(prior.employeeId, `${path}.employeeId`);
    check.number(prior.consecutiveDays, `${path}.consecutiveDays`, 0, true);
    check.number(prior.hoursInFirstWeek, `${path}.hoursInFirstWeek`, 0);
    if (prior.consecutiveNights !== undefined)
      check.number(prior.consecutiveNights, `${path}.consecutiveNights`, 0, true);
    if (prior.lastShiftEnd !== undefined && Number.isNaN(timestampMinutes(prior.lastShiftEnd as string)))
      problems.push(`${path}.lastShiftEnd: expected YYYY-MM-DDTHH:mm`);
  });
  check.objects(input.equalizationHistory, 'equalizationHistory').forEach((history, i) => {
    const path = `equalizationHistory[${i}]`;
    knownEmployee(history.employeeId, `${path}.employeeId`);
    check.number(history.hours, `${path}.hours`, 0);
    check.number(history.unsocialHours, `${path}.unsocialHours`, 0);
    check.number(history.unavailableDays, `${path}.unavailableDays`, 0, true);
    for (const key of ['nightHours', 'weekendHours'] as const)
      if (history[key] !== undefined) check.number(history[key], `${path}.${key}`, 0);
  });
  check.objects(input.preferences, 'preferences', true).forEach((preference, i) => {
    const path = `preferences[${i}]`;
    knownEmployee(preference.employeeId, `${path}.employeeId`);
    if (preference.date !== undefined) check.date(preference.date, `${path}.date`);
    weekdays(preference.weekdays, `${path}.weekdays`, problems);
    if (preference.kind !== 'work' && preference.kind !== 'off')
      problems.push(`${path}.kind: expected work or off`);
    if (preference.shiftType !== undefined) check.text(preference.shiftType, `${path}.shiftType`);
    if (preference.weight !== undefined) {
      check.number(preference.weight, `${path}.weight`, 0);
      if (typeof preference.weight === 'number' && preference.weight > MAX_WISH_WEIGHT)
        problems.push(`${path}.weight: at most ${MAX_WISH_WEIGHT}`);
    }
  });
  check.objects(input.unavailability, 'unavailability', true).forEach((away, i) => {
    knownEmployee(away.employeeId, `unavailability[${i}].employeeId`);
    check.range(away.from, away.to, `unavailability[${i}]`);
  });
  if (problems.length > 0) throw new InstanceError(problems);
}
