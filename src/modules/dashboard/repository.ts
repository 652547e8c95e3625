import { sql } from 'drizzle-orm';
import type { DepartmentScope } from '../../core/auth/principal.ts';
import { type Executor, queryRows } from '../../core/db/database.ts';
import { inDepartmentScope } from '../../core/db/scope.ts';
import { onApprovedLeave } from '../roster/approved-leave.ts';

/** The dashboard's own counts; the other tiles come from their areas' services. */

async function countOf(executor: Executor, query: ReturnType<typeof sql>): Promise<number> {
  const [row] = await queryRows<{ n: number }>(executor, query);
  return row?.n ?? 0;
}

export const runsAwaitingReview = (executor: Executor, buId: string, scope: DepartmentScope | null) =>
  countOf(
    executor,
    sql`select count(*)::int as n from allocation_runs
         where bu_id = ${buId} and status = 'Executed' and ${inDepartmentScope(sql`department_id`, scope)}`,
  );

/** Live assignments from today on of employees whose approved leave covers the date. */
export const leaveConflicts = (
  executor: Executor,
  buId: string,
  scope: DepartmentScope | null,
  today: string,
) =>
  countOf(
    executor,
    sql`select count(*)::int as n from shift_assignments a join employees e on e.id = a.employee_id
         where a.bu_id = ${buId} and a.date >= ${today} and ${inDepartmentScope(sql`e.department_id`, scope)}
           and ${onApprovedLeave(sql`a.employee_id`, sql`a.date`)}`,
  );

/**
 * Today's heads required by the demand plans in force (not archived) of the departments in scope, and
 * the live assignments staffing those lines (each line counted up to what it requires).
 */
export async function todaysCoverage(
  executor: Executor,
  buId: string,
  scope: DepartmentScope | null,
  today: string,
): Promise<{ required: number; assigned: number }> {
  const [row] = await queryRows<{ required: number; assigned: number }>(
    executor,
    sql`select coalesce(sum(l.required), 0)::int as required,
               coalesce(sum(least(l.required, (select count(*) from shift_assignments a where a.demand_line_id = l.id))), 0)::int
                 as assigned
          from demand_lines l join demand_plans p on p.id = l.plan_id
         where p.bu_id = ${buId} and p.status <> 'Archived' and l.date = ${today}
           and ${inDepartmentScope(sql`p.department_id`, scope)}`,
  );
  return row ?? { required: 0, assigned: 0 };
}
