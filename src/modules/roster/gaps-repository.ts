import { sql } from 'drizzle-orm';
import type { DepartmentScope } from '../../core/auth/principal.ts';
import { type Executor, queryRows } from '../../core/db/database.ts';
import { inDepartmentScope } from '../../core/db/scope.ts';

/* The gaps of the live roster: heads that demand lines of live plans require and no live assignment covers. */

export interface GapRow {
  id: string;
  planId: string;
  departmentId: string;
  departmentCode: string;
  date: string;
  terminalId: string;
  terminalCode: string;
  shiftTemplateId: string;
  shiftCode: string;
  start: string;
  end: string;
  skillId: string | null;
  skillCode: string | null;
  required: number;
  assigned: number;
}

export interface GapFilter {
  from: string;
  to: string;
  departmentId?: string;
  scope: DepartmentScope;
}

const gapsOf = (buId: string, filter: GapFilter) => sql`
  with staffed as (
    select demand_line_id, count(*)::int as n from shift_assignments
     where bu_id = ${buId} and date between ${filter.from} and ${filter.to} and demand_line_id is not null
     group by demand_line_id)
  select l.id, l.plan_id as "planId", p.department_id as "departmentId", d.code as "departmentCode",
         l.date::text as "date", l.terminal_id as "terminalId", x.code as "terminalCode",
         l.shift_template_id as "shiftTemplateId", t.code as "shiftCode", t.start_time as "start",
         t.end_time as "end", l.skill_id as "skillId", s.code as "skillCode", l.required,
         coalesce(staffed.n, 0) as "assigned"
    from demand_lines l
    join demand_plans p on p.id = l.plan_id
    join org_nodes d on d.id = p.department_id
    join terminals x on x.id = l.terminal_id
    join shift_templates t on t.id = l.shift_template_id
    left join skills s on s.id = l.skill_id
    left join staffed on staffed.demand_line_id = l.id
   where l.bu_id = ${buId} and p.status <> 'Archived' and l.date between ${filter.from} and ${filter.to}
     and ${inDepartmentScope(sql`p.department_id`, filter.scope)}
     ${filter.departmentId ? sql`and p.department_id = ${filter.departmentId}` : sql``}
     and l.required > coalesce(staffed.n, 0)`;

/** A page of gaps in roster order (date, shift start, terminal, skill), with the count of all of them. */
export async function listGaps(
  executor: Executor,
  buId: string,
  filter: GapFilter,
  limit: number,
  offset: number,
) {
  const rows = await queryRows<GapRow>(
    executor,
    sql`${gapsOf(buId, filter)} order by l.date, t.start_time, x.code, s.code nulls first, l.id
        limit ${limit} offset ${offset}`,
  );
  const [counted] = await queryRows<{ n: number; heads: number }>(
    executor,
    sql`select count(*)::int as n, coalesce(sum(required - assigned), 0)::int as heads from (${gapsOf(buId, filter)}) gaps`,
  );
  return { rows, total: counted?.n ?? 0, missingHeads: counted?.heads ?? 0 };
}

/** Missing heads per date (the dashboard's coming week). */
export async function missingHeadsByDate(executor: Executor, buId: string, filter: GapFilter) {
  return queryRows<{ date: string; lines: number; missingHeads: number }>(
    executor,
    sql`select date, count(*)::int as lines, sum(required - assigned)::int as "missingHeads"
          from (${gapsOf(buId, filter)}) gaps group by date order by date`,
  );
}

/** A demand line as the engine's checks take it, with its plan's department. */
export interface GapLineRow {
  id: string;
  date: string;
  terminalId: string;
  shiftTemplateId: string;
  skillId: string | null;
  required: number;
  departmentId: string;
}

/** One demand line of a live plan, with its department (what covering it is checked against). */
export async function findGapLine(executor: Executor, buId: string, scope: DepartmentScope, lineId: string) {
  const [row] = await queryRows<GapLineRow>(
    executor,
    sql`select l.id, l.date::text as "date", l.terminal_id as "terminalId", l.shift_template_id as "shiftTemplateId",
               l.skill_id as "skillId", l.required, p.department_id as "departmentId"
          from demand_lines l join demand_plans p on p.id = l.plan_id
         where l.bu_id = ${buId} and l.id = ${lineId} and p.status <> 'Archived'
           and ${inDepartmentScope(sql`p.department_id`, scope)}`,
  );
  return row ?? null;
}
