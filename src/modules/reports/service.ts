import type { Caller } from '../../core/auth/caller.ts';
import type { ServiceDeps } from '../../core/module-context.ts';
import { addDays } from '../../core/time/dates.ts';
import { departmentsByIds, skillsByCodes } from '../lookups/reads.ts';
import type { Variance } from '../reconciliation/schemas.ts';
import {
  utilization as reconciledUtilization,
  variance as reconciledVariance,
} from '../reconciliation/service.ts';
import { LABELS, type ReportLanguage } from './labels.ts';
import { type ReportLine, type RosterSource, rosterSource } from './report-lines.ts';
import { calendarOf, lentStaff, markLeaveAndDaysOff, skillsHeld } from './roster-facts.ts';
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

const round2 = (value: number) => Math.round(value * 100) / 100;

/** A draft says so in its title, which every format prints first. */
const titled = (title: string, lang: ReportLanguage, source: RosterSource) =>
  source.draft ? `${title} · ${LABELS[lang].draft}` : title;

const draftOf = ({ draft }: RosterSource) =>
  draft ? { runId: draft.runId, runStatus: draft.runStatus } : null;

const employeeOf = (line: ReportLine) => ({
  id: line.employeeId,
  employeeNumber: line.employeeNumber,
  Name_1_English: line.nameEn,
  Name_2_Arabic: line.nameAr,
});

const shiftOf = (line: ReportLine) => ({
  code: line.shiftCode,
  nameEn: line.shiftNameEn,
  nameAr: line.shiftNameAr,
  start: line.startTime,
  end: line.endTime,
});

const departmentsOf = (deps: ReportDeps, caller: Caller, lines: readonly ReportLine[]) =>
  departmentsByIds(deps.db, caller.principal.buId, [...new Set(lines.map((line) => line.departmentId))]);

/** The day's published roster: lines by shift start, terminal and number; heads and hours per shift. */
export async function dailyRoster(
  deps: ReportDeps,
  caller: Caller,
  query: DailyRosterQuery,
): Promise<DailyRosterReport> {
  const lang: ReportLanguage = query.lang ?? 'en';
  const source = await rosterSource(deps, caller, query.date, query.date, query);
  const lines = source.lines.sort(
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
    (await skillsByCodes(deps.db, caller.principal.buId, skillCodes)).map((skill) => [skill.code, skill]),
  );
  const held = await skillsHeld(deps, caller, lines);
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
    title: titled(`${LABELS[lang].dailyRoster} ${query.date}`, lang, source),
    draft: draftOf(source),
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
  const source = await rosterSource(deps, caller, from, to, query);
  const { lines } = source;

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
  await markLeaveAndDaysOff(deps, caller, rows, dates, source.draft ?? undefined);
  return {
    month: query.month,
    from,
    to,
    lang,
    title: titled(`${LABELS[lang].monthlyRoster} ${query.month}`, lang, source),
    draft: draftOf(source),
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
