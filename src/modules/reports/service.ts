import type { Caller } from '../../core/auth/caller.ts';
import type { ServiceDeps } from '../../core/module-context.ts';
import { addDays } from '../../core/time/dates.ts';
import { workingDays } from '../calendar/service.ts';
import { type PlannedLine, plannedLines } from '../publishing/service.ts';
import type { Variance } from '../reconciliation/schemas.ts';
import {
  utilization as reconciledUtilization,
  variance as reconciledVariance,
} from '../reconciliation/service.ts';
import { LABELS, type ReportLanguage } from './labels.ts';
import * as repo from './repository.ts';
import type {
  DailyRosterQuery,
  DailyRosterReport,
  MonthlyRosterQuery,
  MonthlyRosterReport,
  RangeReportQuery,
  UtilizationQuery,
  UtilizationReport,
} from './schemas.ts';

export type ReportDeps = ServiceDeps;

const ROSTER = 'roster.view';
const round2 = (value: number) => Math.round(value * 100) / 100;

/** The published roster of a period in the caller's `roster.view` scope (optionally one department). */
function rosterLines(deps: ReportDeps, caller: Caller, from: string, to: string, departmentId?: string) {
  const { principal } = caller;
  return plannedLines(deps.db, principal.buId, from, to, {
    scope: principal.scopeOf(ROSTER),
    ...(departmentId ? { departmentId } : {}),
  });
}

const employeeOf = (line: PlannedLine) => ({
  id: line.employeeId,
  employeeNumber: line.employeeNumber,
  Name_1_English: line.nameEn,
  Name_2_Arabic: line.nameAr,
});

const shiftOf = (line: PlannedLine) => ({
  code: line.shiftCode,
  nameEn: line.shiftNameEn,
  nameAr: line.shiftNameAr,
  start: line.startTime,
  end: line.endTime,
});

const departmentsOf = (deps: ReportDeps, caller: Caller, lines: PlannedLine[]) =>
  repo.departmentsByIds(deps.db, caller.principal.buId, [...new Set(lines.map((line) => line.departmentId))]);

type CalendarDay = MonthlyRosterReport['days'][number];

/** The dates with their weekday, whether the unit's `weekendDays` setting rests on them, and holidays. */
async function calendarOf(
  deps: ReportDeps,
  caller: Caller,
  from: string,
  to: string,
): Promise<CalendarDay[]> {
  const { days } = await workingDays(deps, caller.principal.buId, { from, to });
  return days.map((day) => {
    const holiday = day.reasons.find((reason) => reason.type === 'HOLIDAY');
    return {
      date: day.date,
      weekday: day.weekday,
      weekend: day.reasons.some((reason) => reason.type === 'WEEKEND'),
      holiday: holiday
        ? { code: holiday.code ?? '', nameEn: holiday.Name_1_English, nameAr: holiday.Name_2_Arabic }
        : null,
    };
  });
}

type Department = MonthlyRosterReport['departments'][number];

/**
 * Staff lent to another department's roster: for each employee of the lines whose own department is
 * not the department of their lines, that own department (by pool-lending rules, or by hand).
 */
async function lentStaff(
  deps: ReportDeps,
  caller: Caller,
  lines: PlannedLine[],
): Promise<Map<string, Department>> {
  const { buId } = caller.principal;
  const homes = await repo.homeDepartments(deps.db, buId, [...new Set(lines.map((line) => line.employeeId))]);
  const homeOf = new Map(homes.map((home) => [home.employeeId, home.departmentId]));
  const lent = new Map<string, string>();
  for (const line of lines) {
    const home = homeOf.get(line.employeeId);
    if (home && home !== line.departmentId) lent.set(line.employeeId, home);
  }
  const departments = new Map(
    (await repo.departmentsByIds(deps.db, buId, [...new Set(lent.values())])).map((d) => [d.id, d]),
  );
  return new Map(
    [...lent].flatMap(([employeeId, home]) => {
      const department = departments.get(home);
      return department ? [[employeeId, department] as const] : [];
    }),
  );
}

/** The day's published roster: lines by shift start, terminal and number; heads and hours per shift. */
export async function dailyRoster(
  deps: ReportDeps,
  caller: Caller,
  query: DailyRosterQuery,
): Promise<DailyRosterReport> {
  const lang: ReportLanguage = query.lang ?? 'en';
  const lines = (await rosterLines(deps, caller, query.date, query.date, query.departmentId)).sort(
    (a, b) =>
      a.startTime.localeCompare(b.startTime) ||
      a.shiftCode.localeCompare(b.shiftCode) ||
      a.terminalCode.localeCompare(b.terminalCode) ||
      a.employeeNumber.localeCompare(b.employeeNumber),
  );
  const [day] = await calendarOf(deps, caller, query.date, query.date);
  const lent = await lentStaff(deps, caller, lines);
  const skillCodes = [...new Set(lines.flatMap((line) => (line.skillCode ? [line.skillCode] : [])))];
  const skills = new Map(
    (await repo.skillsByCodes(deps.db, caller.principal.buId, skillCodes)).map((skill) => [
      skill.code,
      skill,
    ]),
  );
  const held = new Map<string, { code: string; nameEn: string; nameAr: string | null }[]>();
  const employeeIds = [...new Set(lines.map((line) => line.employeeId))];
  for (const { employeeId, ...skill } of await repo.employeeSkillsOf(
    deps.db,
    caller.principal.buId,
    employeeIds,
  )) {
    held.set(employeeId, [...(held.get(employeeId) ?? []), skill]);
  }
  const byShift = new Map<string, DailyRosterReport['totals']['byShift'][number]>();
  for (const line of lines) {
    const total = byShift.get(line.shiftCode) ?? { ...shiftOf(line), heads: 0, hours: 0 };
    total.heads += 1;
    total.hours = round2(total.hours + line.paidHours);
    byShift.set(line.shiftCode, total);
  }
  return {
    date: query.date,
    lang,
    title: `${LABELS[lang].dailyRoster} ${query.date}`,
    day: day!,
    departments: await departmentsOf(deps, caller, lines),
    lines: lines.map((line) => ({
      employee: employeeOf(line),
      departmentId: line.departmentId,
      shift: shiftOf(line),
      terminal: { code: line.terminalCode, nameEn: line.terminalNameEn, nameAr: line.terminalNameAr },
      skill: line.skillCode
        ? (skills.get(line.skillCode) ?? { code: line.skillCode, nameEn: line.skillCode, nameAr: null })
        : null,
      employeeSkills: held.get(line.employeeId) ?? [],
      lentFrom: lent.get(line.employeeId) ?? null,
      paidHours: line.paidHours,
    })),
    totals: {
      heads: lines.length,
      hours: round2(lines.reduce((sum, line) => sum + line.paidHours, 0)),
      byShift: [...byShift.values()],
    },
  };
}

/** Short codes for the grid: the shortest upper-case prefix of each shift code that no other shares. */
export function shortCodes(codes: readonly string[]): Map<string, string> {
  const result = new Map<string, string>();
  for (const code of codes) {
    let length = 1;
    const clash = (candidate: string) =>
      codes.some((other) => other !== code && other.slice(0, candidate.length).toUpperCase() === candidate);
    while (length < code.length && clash(code.slice(0, length).toUpperCase())) length += 1;
    result.set(code, code.slice(0, length).toUpperCase());
  }
  return result;
}

const monthEnd = (month: string) => addDays(`${addDays(`${month}-28`, 4).slice(0, 7)}-01`, -1);

/** The month's published roster as a grid: one line per employee, a short shift code per day. */
export async function monthlyRoster(
  deps: ReportDeps,
  caller: Caller,
  query: MonthlyRosterQuery,
): Promise<MonthlyRosterReport> {
  const lang: ReportLanguage = query.lang ?? 'en';
  const from = `${query.month}-01`;
  const to = monthEnd(query.month);
  const dates: string[] = [];
  for (let date = from; date <= to; date = addDays(date, 1)) dates.push(date);
  const dayIndex = new Map(dates.map((date, index) => [date, index]));
  const lines = await rosterLines(deps, caller, from, to, query.departmentId);

  const shifts = new Map<string, MonthlyRosterReport['shiftCodes'][number]>();
  for (const line of lines) {
    if (!shifts.has(line.shiftCode))
      shifts.set(line.shiftCode, { short: '', ...shiftOf(line), paidHours: line.paidHours });
  }
  const legend = [...shifts.values()].sort(
    (a, b) => a.start.localeCompare(b.start) || a.code.localeCompare(b.code),
  );
  const short = shortCodes(legend.map((shift) => shift.code));
  for (const shift of legend) shift.short = short.get(shift.code)!;

  const lent = await lentStaff(deps, caller, lines);
  const employees = new Map<string, MonthlyRosterReport['employees'][number]>();
  const perDay = dates.map(() => 0);
  for (const line of lines) {
    let row = employees.get(line.employeeId);
    if (!row) {
      row = {
        employee: employeeOf(line),
        departmentId: line.departmentId,
        days: dates.map(() => null),
        marks: dates.map(() => null),
        lentFrom: lent.get(line.employeeId) ?? null,
        shifts: 0,
        hours: 0,
      };
      employees.set(line.employeeId, row);
    }
    const day = dayIndex.get(line.date)!;
    const code = short.get(line.shiftCode)!;
    // Two departments may each have published a shift for one person on one day.
    row.days[day] = row.days[day] ? `${row.days[day]}/${code}` : code;
    row.shifts += 1;
    row.hours = round2(row.hours + line.paidHours);
    perDay[day]! += 1;
  }
  const rows = [...employees.values()].sort((a, b) =>
    a.employee.employeeNumber.localeCompare(b.employee.employeeNumber),
  );
  await markLeaveAndDaysOff(deps, caller, rows, dates);
  return {
    month: query.month,
    from,
    to,
    lang,
    title: `${LABELS[lang].monthlyRoster} ${query.month}`,
    dates,
    days: await calendarOf(deps, caller, from, to),
    departments: await departmentsOf(deps, caller, lines),
    shiftCodes: legend,
    employees: rows,
    totals: {
      perDay,
      shifts: lines.length,
      hours: round2(lines.reduce((sum, line) => sum + line.paidHours, 0)),
    },
  };
}

/**
 * Marks the dates of each row without a shift: approved leave, else a day off where a published roster of
 * the row's department covers the date (a date no roster covers is not planned yet, so left blank).
 */
async function markLeaveAndDaysOff(
  deps: ReportDeps,
  caller: Caller,
  rows: MonthlyRosterReport['employees'],
  dates: string[],
): Promise<void> {
  const { buId } = caller.principal;
  const from = dates[0]!;
  const to = dates.at(-1)!;
  const [leave, periods] = await Promise.all([
    repo.approvedLeave(
      deps.db,
      buId,
      rows.map((row) => row.employee.id),
      from,
      to,
    ),
    repo.publishedPeriods(deps.db, buId, [...new Set(rows.map((row) => row.departmentId))], from, to),
  ]);
  for (const row of rows) {
    const own = leave.filter((span) => span.employeeId === row.employee.id);
    const covering = periods.filter((period) => period.departmentId === row.departmentId);
    dates.forEach((date, index) => {
      if (row.days[index]) return;
      if (own.some((span) => span.from <= date && date <= span.to)) row.marks[index] = 'LEAVE';
      else if (covering.some((period) => period.from <= date && date <= period.to)) row.marks[index] = 'OFF';
    });
  }
}

/** Required against planned against actual heads per date × terminal × shift (reconciliation's figures). */
export async function variance(deps: ReportDeps, caller: Caller, query: RangeReportQuery): Promise<Variance> {
  const { from, to, departmentId } = query;
  return reconciledVariance(deps, caller, { from, to, departmentId });
}

/** Actual ÷ planned hours per department and overall (reconciliation's figures). */
export async function utilization(
  deps: ReportDeps,
  caller: Caller,
  query: UtilizationQuery,
): Promise<UtilizationReport> {
  return reconciledUtilization(deps, caller, query);
}
