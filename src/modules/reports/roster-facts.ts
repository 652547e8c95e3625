import type { Caller } from '../../core/auth/caller.ts';
import type { ServiceDeps } from '../../core/module-context.ts';
import { workingDays } from '../calendar/service.ts';
import { approvedLeaveOverlapping } from '../leave/service.ts';
import { departmentsByIds, skillsByIds } from '../lookups/reads.ts';
import { skillHoldingsOf } from '../people/reads.ts';
import { homeDepartments, standingPeriods } from '../publishing/service.ts';
import type { ReportLine } from './report-lines.ts';
import type { DailyRosterReport, MonthlyRosterReport } from './schemas.ts';

/**
 * What a roster report shows beside the published lines: the calendar of its dates, who is lent from
 * another department, the skills people hold, and each person's leave and days off.
 */

type CalendarDay = MonthlyRosterReport['days'][number];

/** The dates with their weekday, whether the unit's `weekendDays` setting rests on them, and holidays. */
export async function calendarOf(
  deps: ServiceDeps,
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
export async function lentStaff(
  deps: ServiceDeps,
  caller: Caller,
  lines: readonly ReportLine[],
): Promise<Map<string, Department>> {
  const { buId } = caller.principal;
  const homes = await homeDepartments(deps.db, buId, [...new Set(lines.map((line) => line.employeeId))]);
  const homeOf = new Map(homes.map((home) => [home.employeeId, home.departmentId]));
  const lent = new Map<string, string>();
  for (const line of lines) {
    const home = homeOf.get(line.employeeId);
    if (home && home !== line.departmentId) lent.set(line.employeeId, home);
  }
  const departments = new Map(
    (await departmentsByIds(deps.db, buId, [...new Set(lent.values())])).map((d) => [d.id, d]),
  );
  return new Map(
    [...lent].flatMap(([employeeId, home]) => {
      const department = departments.get(home);
      return department ? [[employeeId, department] as const] : [];
    }),
  );
}

/** The skills each employee of the lines holds, by code. */
export async function skillsHeld(
  deps: ServiceDeps,
  caller: Caller,
  lines: readonly ReportLine[],
): Promise<Map<string, DailyRosterReport['lines'][number]['employeeSkills']>> {
  const { buId } = caller.principal;
  const holdings = await skillHoldingsOf(deps.db, buId, [...new Set(lines.map((line) => line.employeeId))]);
  const holders = new Map<string, string[]>();
  for (const { employeeId, skillId } of holdings)
    holders.set(skillId, [...(holders.get(skillId) ?? []), employeeId]);
  const held = new Map<string, DailyRosterReport['lines'][number]['employeeSkills']>();
  // Skills come by code, so each employee's list is in code order.
  for (const { id, ...skill } of await skillsByIds(deps.db, buId, [...holders.keys()]))
    for (const employeeId of holders.get(id)!) held.set(employeeId, [...(held.get(employeeId) ?? []), skill]);
  return held;
}

/**
 * Marks the dates of each row without a shift: approved leave, else a day off where a published roster of
 * the row's department (or the draft's run) covers the date (a date no roster covers is not planned yet, so left blank).
 */
export async function markLeaveAndDaysOff(
  deps: ServiceDeps,
  caller: Caller,
  rows: MonthlyRosterReport['employees'],
  dates: string[],
  draftPeriod?: { departmentId: string; from: string; to: string },
): Promise<void> {
  const { buId } = caller.principal;
  const from = dates[0]!;
  const to = dates.at(-1)!;
  const [leave, periods] = await Promise.all([
    approvedLeaveOverlapping(
      deps.db,
      buId,
      rows.map((row) => row.employee.id),
      from,
      to,
    ),
    // A draft covers its run's period; a published report, what standing versions cover.
    draftPeriod
      ? [draftPeriod]
      : standingPeriods(deps.db, buId, [...new Set(rows.map((row) => row.departmentId))], from, to),
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
