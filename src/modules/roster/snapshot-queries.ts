import { sql } from 'drizzle-orm';
import { type Executor, queryRows, uuidList } from '../../core/db/database.ts';
import {
  certifications,
  demandLines,
  employeeSkills,
  employees,
  leaveRequests,
  shiftAssignments,
  shiftTemplates,
  shiftTypes,
  skillCertificationRequirements,
} from '../../core/db/tables/index.ts';

/* The reads a snapshot needs; id lists travel as one parameter (`uuidList`). */

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

export interface TemplateRow {
  id: string;
  code: string;
  start: string;
  end: string;
  paidHours: number;
  shiftType: string | null;
}

export async function shiftTemplatesOf(executor: Executor, buId: string): Promise<TemplateRow[]> {
  const rows = await queryRows<TemplateRow & { paidHours: string | number }>(
    executor,
    sql`select t.id, t.code, t.start_time as "start", t.end_time as "end", t.paid_hours as "paidHours",
          st.code as "shiftType"
        from ${shiftTemplates} t left join ${shiftTypes} st on st.id = t.shift_type_id
        where t.bu_id = ${buId}`,
  );
  return rows.map((row) => ({ ...row, paidHours: Number(row.paidHours) }));
}

export interface EmployeeRow {
  id: string;
  departmentId: string | null;
  gradeId: string | null;
  status: string;
  hireDate: string | null;
  endDate: string | null;
}

export async function employeesOf(executor: Executor, buId: string, ids: readonly string[]) {
  if (!ids.length) return [];
  return queryRows<EmployeeRow>(
    executor,
    sql`select e.id, e.department_id as "departmentId", e.grade_id as "gradeId", e.status,
          e.hire_date::text as "hireDate", e.end_date::text as "endDate"
        from ${employees} e
        where e.bu_id = ${buId} and e.id in ${uuidList(ids)}
        order by e.employee_number`,
  );
}

export async function skillsOf(executor: Executor, ids: readonly string[]) {
  if (!ids.length) return [];
  return queryRows<{ employeeId: string; skillId: string }>(
    executor,
    sql`select employee_id as "employeeId", skill_id as "skillId" from ${employeeSkills}
        where employee_id in ${uuidList(ids)} order by skill_id`,
  );
}

export async function certificationsOf(executor: Executor, ids: readonly string[]) {
  if (!ids.length) return [];
  return queryRows<{
    employeeId: string;
    code: string;
    issuedOn: string;
    expiresOn: string | null;
    status: string;
  }>(
    executor,
    sql`select employee_id as "employeeId", certification_code as "code", issued_on::text as "issuedOn",
          expires_on::text as "expiresOn", status
        from ${certifications} where employee_id in ${uuidList(ids)} order by issued_on, id`,
  );
}

export async function certificationRequirements(executor: Executor, buId: string) {
  return queryRows<{ skillId: string; code: string }>(
    executor,
    sql`select skill_id as "skillId", certification_code as "code" from ${skillCertificationRequirements}
        where bu_id = ${buId} order by certification_code`,
  );
}

export async function approvedLeave(executor: Executor, ids: readonly string[], from: string, to: string) {
  if (!ids.length) return [];
  return queryRows<{ employeeId: string; from: string; to: string }>(
    executor,
    sql`select employee_id as "employeeId", from_date::text as "from", to_date::text as "to"
        from ${leaveRequests}
        where status = 'Approved' and employee_id in ${uuidList(ids)}
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
        where a.bu_id = ${buId} and a.employee_id in ${uuidList(ids)} and a.date between ${from} and ${to}
        order by a.date, a.employee_id`,
  );
}

/** Whoever is assigned to the lines, from any department: they count towards those lines' coverage. */
export async function employeesOnLines(executor: Executor, lineIds: readonly string[]): Promise<string[]> {
  if (!lineIds.length) return [];
  const rows = await queryRows<{ employeeId: string }>(
    executor,
    sql`select distinct employee_id as "employeeId" from ${shiftAssignments}
        where demand_line_id in ${uuidList(lineIds)}`,
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
        where lending_rule_id in ${uuidList(ruleIds)} and date between ${from} and ${to}`,
  );
  return rows.map((row) => row.employeeId);
}
