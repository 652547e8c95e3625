import { type SQL, sql } from 'drizzle-orm';
import { poolMembers, pools } from '../../core/db/tables/index.ts';

/*
 * Where an employee works from, defined once for every query that needs it (this module's home pools and
 * staffing, the employees list): their explicit pool when they have one, else their department's default pool.
 * Other modules embed these fragments in their own statements rather than asking in a statement of their own.
 */

/**
 * Joins the home pool of the employee whose id and department are `employeeId` and `departmentId` (columns of
 * the enclosing query): the explicit pool (`m`, its row `ep`) and the department's default pool (`dp`), at most
 * one row each, since an employee has one membership and a department one default.
 */
export const homePoolJoins = (
  employeeId: SQL,
  departmentId: SQL,
) => sql`left join ${poolMembers} m on m.employee_id = ${employeeId}
  left join ${pools} ep on ep.id = m.pool_id
  left join ${pools} dp on dp.department_id = ${departmentId} and dp.is_default`;

/** `homePoolJoins` of employees `e`. */
export const homePoolJoinsOfEmployees = homePoolJoins(sql`e.id`, sql`e.department_id`);

/** Over `homePoolJoins`: the home pool's id, code and source (the id is null for an employee with neither). */
export const homePool = {
  id: sql`coalesce(ep.id, dp.id)`,
  code: sql`coalesce(ep.code, dp.code)`,
  source: sql`case when ep.id is null then 'department-default' else 'explicit' end`,
};

/**
 * A condition on employees `e`: their home pool is `poolId`. A subquery for each employee (over one empty row)
 * plans in a fraction of the time of joining every employee again.
 */
export const worksFrom = (poolId: string): SQL =>
  sql`(select ${homePool.id} from (select) one ${homePoolJoinsOfEmployees}) = ${poolId}`;
