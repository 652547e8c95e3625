import { type SQL, sql } from 'drizzle-orm';
import type { DepartmentScope } from '../../core/auth/principal.ts';
import { containsPattern, type Executor, queryRows } from '../../core/db/database.ts';
import { inDepartmentScope } from '../../core/db/scope.ts';
import { one } from './sql.ts';

/* The SQL of employees (read only) and what an employee's detail shows of their skills and groups. */

export interface EmployeeRow {
  id: string;
  employee_number: string;
  name_en: string;
  name_ar: string;
  department_id: string | null;
  department_code: string | null;
  grade_code: string | null;
  status: string;
  hire_date: string | null;
  end_date: string | null;
  user_id: string | null;
  version: number;
}

const employeeSelect = sql`
  select e.id, e.employee_number, e.name_en, e.name_ar, e.department_id, d.code as department_code,
         g.code as grade_code, e.status, e.hire_date::text as hire_date, e.end_date::text as end_date,
         (select u.id from users u where u.employee_id = e.id and u.deleted_at is null limit 1) as user_id,
         e.version
    from employees e
    left join org_nodes d on d.id = e.department_id
    left join grades g on g.id = e.grade_id`;

export interface EmployeeFilters {
  q?: string;
  departmentId?: string;
  grade?: string;
  status?: string;
  skill?: string;
  poolId?: string;
  activeOn?: string;
}

/** The employees of the unit in scope that pass the list's filters (the list joins grades as `g`). */
function employeeCondition(buId: string, scope: DepartmentScope, filters: EmployeeFilters): SQL {
  const where: SQL[] = [sql`e.bu_id = ${buId}`, inDepartmentScope(sql`e.department_id`, scope)];
  if (filters.q) {
    const like = containsPattern(filters.q);
    where.push(sql`(e.employee_number ilike ${like} or e.name_en ilike ${like} or e.name_ar ilike ${like})`);
  }
  if (filters.departmentId) where.push(sql`e.department_id = ${filters.departmentId}`);
  if (filters.grade) where.push(sql`g.code = ${filters.grade}`);
  if (filters.status) where.push(sql`e.status = ${filters.status}`);
  if (filters.skill) {
    where.push(sql`exists (select 1 from employee_skills es join skills s on s.id = es.skill_id
                            where es.employee_id = e.id and s.code = ${filters.skill} and s.bu_id = ${buId})`);
  }
  if (filters.poolId) {
    // The home pool: an explicit membership, or else the department's default pool.
    where.push(sql`(exists (select 1 from pool_members pm where pm.employee_id = e.id and pm.pool_id = ${filters.poolId})
                    or (not exists (select 1 from pool_members pm where pm.employee_id = e.id)
                        and exists (select 1 from pools p where p.id = ${filters.poolId} and p.is_default
                                      and p.department_id = e.department_id)))`);
  }
  if (filters.activeOn) {
    where.push(sql`(e.hire_date is null or e.hire_date <= ${filters.activeOn}::date)
                   and (e.end_date is null or e.end_date >= ${filters.activeOn}::date)`);
  }
  return sql.join(where, sql` and `);
}

export async function countEmployees(
  executor: Executor,
  buId: string,
  scope: DepartmentScope,
  filters: EmployeeFilters,
): Promise<number> {
  const counted = await one<{ n: number }>(
    executor,
    sql`select count(*)::int as n from employees e left join grades g on g.id = e.grade_id
         where ${employeeCondition(buId, scope, filters)}`,
  );
  return counted?.n ?? 0;
}

export async function listEmployees(
  executor: Executor,
  buId: string,
  scope: DepartmentScope,
  filters: EmployeeFilters,
  limit: number,
  offset: number,
): Promise<{ rows: EmployeeRow[]; total: number }> {
  // One statement for the page and its total: the count beside a lateral page (a page past the end
  // still answers the total, on a row of nulls).
  const counted = await queryRows<EmployeeRow & { list_total: number }>(
    executor,
    sql`select page.*, c.n as list_total
          from (select count(*)::int as n from employees e left join grades g on g.id = e.grade_id
                 where ${employeeCondition(buId, scope, filters)}) c
          left join lateral (${employeeSelect} where ${employeeCondition(buId, scope, filters)}
                 order by e.employee_number limit ${limit} offset ${offset}) page on true
         order by page.employee_number`,
  );
  const rows = counted.filter((row) => row.id !== null).map(({ list_total: _, ...row }) => row);
  return { rows, total: counted[0]?.list_total ?? 0 };
}

export const findEmployee = (executor: Executor, buId: string, scope: DepartmentScope, id: string) =>
  one<EmployeeRow>(
    executor,
    sql`${employeeSelect} where e.bu_id = ${buId} and e.id = ${id} and ${inDepartmentScope(sql`e.department_id`, scope)}`,
  );

export interface EmployeeSkillRow {
  employee_id: string;
  skill_id: string;
  skill_code: string;
  name_en: string;
  name_ar: string | null;
  level_code: string | null;
  level_rank: number | null;
}

export const skillsOfEmployee = (executor: Executor, buId: string, employeeId: string) =>
  queryRows<EmployeeSkillRow>(
    executor,
    sql`select es.employee_id, s.id as skill_id, s.code as skill_code, s.name_en, s.name_ar,
               l.code as level_code, l.rank as level_rank
          from employee_skills es
          join skills s on s.id = es.skill_id
          left join skill_levels l on l.id = es.level_id
         where es.bu_id = ${buId} and es.employee_id = ${employeeId}
         order by s.code`,
  );

export const groupsOfEmployee = (executor: Executor, buId: string, employeeId: string) =>
  queryRows<{ id: string; code: string; name_en: string; name_ar: string }>(
    executor,
    sql`select g.id, g.code, g.name_en, g.name_ar
          from employee_group_members m join employee_groups g on g.id = m.group_id
         where g.bu_id = ${buId} and m.employee_id = ${employeeId}
         order by g.code`,
  );

export const summaryCounts = (executor: Executor, buId: string | null) =>
  queryRows<{ dimension: string; key: string | null; n: number }>(
    executor,
    sql`select 'department' as dimension, d.code as key, count(*)::int as n
          from employees e left join org_nodes d on d.id = e.department_id
         where ${buId ? sql`e.bu_id = ${buId}` : sql`true`} group by d.code
        union all
        select 'status', e.status, count(*)::int from employees e
         where ${buId ? sql`e.bu_id = ${buId}` : sql`true`} group by e.status
        union all
        select 'grade', g.code, count(*)::int from employees e left join grades g on g.id = e.grade_id
         where ${buId ? sql`e.bu_id = ${buId}` : sql`true`} group by g.code
        order by 1, 2`,
  );
