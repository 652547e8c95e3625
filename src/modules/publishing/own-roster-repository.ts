import { sql } from 'drizzle-orm';
import { type JsonRow, jsonList } from '../../core/db/json.ts';
import { preparedRead, type RunPrepared } from '../../core/db/prepared.ts';
import { plannedRosterLines, standingRosters } from '../../core/db/tables/index.ts';
import { type ApprovedLeaveFields, approvedLeaveJson } from '../leave/reads.ts';
import { type HolidayFields, holidaysInForceJson } from '../lookups/holidays.ts';
import { homeDepartmentOf } from '../people/reads.ts';

/** SQL of a person's own roster: the read every employee's screen opens. */

const ownLineFields = {
  id: plannedRosterLines.id,
  rosterId: plannedRosterLines.rosterId,
  rosterVersion: plannedRosterLines.rosterVersion,
  employeeId: plannedRosterLines.employeeId,
  employeeNumber: plannedRosterLines.employeeNumber,
  nameEn: plannedRosterLines.nameEn,
  nameAr: plannedRosterLines.nameAr,
  date: plannedRosterLines.date,
  shiftTemplateId: plannedRosterLines.shiftTemplateId,
  shiftCode: plannedRosterLines.shiftCode,
  shiftNameEn: plannedRosterLines.shiftNameEn,
  shiftNameAr: plannedRosterLines.shiftNameAr,
  startTime: plannedRosterLines.startTime,
  endTime: plannedRosterLines.endTime,
  paidHours: plannedRosterLines.paidHours,
  terminalId: plannedRosterLines.terminalId,
  terminalCode: plannedRosterLines.terminalCode,
  terminalNameEn: plannedRosterLines.terminalNameEn,
  terminalNameAr: plannedRosterLines.terminalNameAr,
  skillCode: plannedRosterLines.skillCode,
};
const coveredFields = { from: standingRosters.periodFrom, to: standingRosters.periodTo };

export interface OwnRosterSources {
  lines: JsonRow<typeof ownLineFields>[];
  /** The employee's approved leave touching the dates. */
  leave: JsonRow<ApprovedLeaveFields>[];
  /** Periods that standing versions of the employee's departments (home, or of a line) cover. */
  covered: JsonRow<typeof coveredFields>[];
  /** The unit's active holidays touching the dates, by date and code. */
  holidays: JsonRow<HolidayFields>[];
}

/**
 * Everything one person's roster over the dates is made of, in one statement planned once (the read every
 * employee's screen opens): their planned lines, approved leave, the periods standing versions cover, the
 * holidays. Without an employee record only the holidays are found.
 */
const ownRosterStatement = preparedRead<OwnRosterSources>(
  'own_roster_sources',
  4,
  (unit, employee, from, to) => {
    const planned = plannedRosterLines;
    const [buId, employeeId, fromDate, toDate] = [
      sql`${unit}::uuid`,
      sql`${employee}::uuid`,
      sql`${from}::date`,
      sql`${to}::date`,
    ];
    // The CTE takes the view's name, so the view's columns below read the employee's lines alone (a
    // non-recursive CTE does not see itself: its body reads the view).
    return sql`with ${planned} as (
      select * from ${planned}
       where ${planned.buId} = ${buId} and ${planned.employeeId} = ${employeeId}
         and ${planned.date} between ${fromDate} and ${toDate})
    select
      ${jsonList(ownLineFields, sql`from ${planned}`, sql`${planned.date}, ${planned.startTime}, ${planned.employeeNumber}`)} as "lines",
      ${approvedLeaveJson(buId, employeeId, fromDate, toDate)} as "leave",
      ${jsonList(
        coveredFields,
        sql`from ${standingRosters}
            where ${standingRosters.buId} = ${buId}
              and ${standingRosters.periodFrom} <= ${toDate} and ${standingRosters.periodTo} >= ${fromDate}
              and ${standingRosters.departmentId} in (
                select ${planned.departmentId} from ${planned}
                union ${homeDepartmentOf(buId, employeeId)})`,
      )} as "covered",
      ${holidaysInForceJson(buId, fromDate, toDate)} as "holidays"`;
  },
);

export async function ownRosterSources(
  runPrepared: RunPrepared,
  buId: string,
  employeeId: string | null,
  from: string,
  to: string,
): Promise<OwnRosterSources> {
  const [row] = await runPrepared(ownRosterStatement, [buId, employeeId, from, to]);
  return row!;
}
