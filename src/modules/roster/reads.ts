import { sql } from 'drizzle-orm';
import type { DepartmentScope } from '../../core/auth/principal.ts';
import { type Executor, queryRows, uuidList } from '../../core/db/database.ts';
import { ofEmployeesInScope } from '../people/reads.ts';
import { onApprovedLeave } from './approved-leave.ts';

/* What other modules read of the live roster: counts over its assignments (the dashboard's tiles). */

/** Live assignments from today on of employees in scope whose approved leave covers the date. */
export async function liveShiftsOnLeaveCount(
  executor: Executor,
  buId: string,
  scope: DepartmentScope | null,
  today: string,
): Promise<number> {
  const [row] = await queryRows<{ n: number }>(
    executor,
    sql`select count(*)::int as n from shift_assignments a
         where a.bu_id = ${buId} and a.date >= ${today} and ${ofEmployeesInScope(sql`a.employee_id`, scope)}
           and ${onApprovedLeave(sql`a.employee_id`, sql`a.date`)}`,
  );
  return row?.n ?? 0;
}

/** How many live assignments staff each of these demand lines. */
export async function assignmentsPerLine(executor: Executor, lineIds: readonly string[]) {
  if (!lineIds.length) return new Map<string, number>();
  const rows = await queryRows<{ lineId: string; n: number }>(
    executor,
    sql`select demand_line_id as "lineId", count(*)::int as n from shift_assignments
         where demand_line_id = any(${uuidList(lineIds)}) group by demand_line_id`,
  );
  return new Map(rows.map((row) => [row.lineId, row.n]));
}
