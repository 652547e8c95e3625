import { sql } from 'drizzle-orm';
import { type Executor, queryRows, uuidList } from '../../core/db/database.ts';
import { demandLines, leaveRequests, shiftAssignments } from '../../core/db/tables/index.ts';

/*
 * The reads of the live roster, its demand lines and leave a snapshot needs (people's and lookups' come from
 * their modules); raw SQL because id lists travel as one parameter (`uuidList`), which a builder's `inArray` cannot.
 */

export interface LineRow {
  id: string;
  date: string;
  terminalId: string;
  shiftTemplateId: string;
  skillId: string | null;
  required: number;
}

export async function planLines(executor: Executor, planId: string, from: string, to: string) {
  return queryRows<LineRow>(
    executor,
    sql`select l.id, l.date::text as "date", l.terminal_id as "terminalId",
          l.shift_template_id as "shiftTemplateId", l.skill_id as "skillId", l.required
        from ${demandLines} l
        where l.plan_id = ${planId} and l.date between ${from} and ${to}
        order by l.date, l.id`,
  );
}

export async function approvedLeave(executor: Executor, ids: readonly string[], from: string, to: string) {
  if (!ids.length) return [];
  return queryRows<{ employeeId: string; from: string; to: string }>(
    executor,
    sql`select employee_id as "employeeId", from_date::text as "from", to_date::text as "to"
        from ${leaveRequests}
        where status = 'Approved' and employee_id = any(${uuidList(ids)})
          and from_date <= ${to} and to_date >= ${from}
        order by from_date, id`,
  );
}

export interface LiveRow {
  id: string;
  employeeId: string;
  date: string;
  shiftTemplateId: string;
  terminalId: string;
  skillId: string | null;
  demandLineId: string | null;
  lendingRuleId: string | null;
}

const liveColumns = sql`a.id, a.employee_id as "employeeId", a.date::text as "date",
  a.shift_template_id as "shiftTemplateId", a.terminal_id as "terminalId", a.skill_id as "skillId",
  a.demand_line_id as "demandLineId", a.lending_rule_id as "lendingRuleId"`;

/** The live roster of the employees between the dates. */
export async function liveAssignmentsOf(
  executor: Executor,
  buId: string,
  ids: readonly string[],
  from: string,
  to: string,
) {
  if (!ids.length) return [];
  return queryRows<LiveRow>(
    executor,
    sql`select ${liveColumns} from ${shiftAssignments} a
        where a.bu_id = ${buId} and a.employee_id = any(${uuidList(ids)}) and a.date between ${from} and ${to}
        order by a.date, a.employee_id`,
  );
}

/** Whoever is assigned to the lines, from any department: they count towards those lines' coverage. */
export async function employeesOnLines(executor: Executor, lineIds: readonly string[]): Promise<string[]> {
  if (!lineIds.length) return [];
  const rows = await queryRows<{ employeeId: string }>(
    executor,
    sql`select distinct employee_id as "employeeId" from ${shiftAssignments}
        where demand_line_id = any(${uuidList(lineIds)})`,
  );
  return rows.map((row) => row.employeeId);
}

/** Whoever works lent through the rules between the dates: their work counts towards the rules' caps. */
export async function employeesLentThrough(
  executor: Executor,
  ruleIds: readonly string[],
  from: string,
  to: string,
): Promise<string[]> {
  if (!ruleIds.length) return [];
  const rows = await queryRows<{ employeeId: string }>(
    executor,
    sql`select distinct employee_id as "employeeId" from ${shiftAssignments}
        where lending_rule_id = any(${uuidList(ruleIds)}) and date between ${from} and ${to}`,
  );
  return rows.map((row) => row.employeeId);
}
