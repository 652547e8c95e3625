import { type SQL, sql } from 'drizzle-orm';
import type { DepartmentScope } from '../../core/auth/principal.ts';
import { containsPattern, type Executor, queryRows } from '../../core/db/database.ts';
import { inDepartmentScope } from '../../core/db/scope.ts';
import { one } from './sql.ts';

/* The SQL of employee groups and their members. */

export interface GroupRow {
  id: string;
  code: string;
  name_en: string;
  name_ar: string;
  description: string | null;
  department_id: string | null;
  member_count: number;
  version: number;
  created_at: Date | string;
  updated_at: Date | string;
}

const groupSelect = sql`
  select g.id, g.code, g.name_en, g.name_ar, g.description, g.department_id,
         (select count(*)::int from employee_group_members m where m.group_id = g.id) as member_count,
         g.version, g.created_at, g.updated_at
    from employee_groups g`;

/** Groups of a department in scope; unit-wide groups (no department) only to a unit-wide grant. */
const groupInScope = (scope: DepartmentScope) => inDepartmentScope(sql`g.department_id`, scope);

export async function listGroups(
  executor: Executor,
  buId: string,
  scope: DepartmentScope,
  filters: { q?: string; departmentId?: string },
  limit: number,
  offset: number,
): Promise<{ rows: GroupRow[]; total: number }> {
  const where: SQL[] = [sql`g.bu_id = ${buId}`, groupInScope(scope)];
  if (filters.q) {
    const like = containsPattern(filters.q);
    where.push(sql`(g.code ilike ${like} or g.name_en ilike ${like} or g.name_ar ilike ${like})`);
  }
  if (filters.departmentId) where.push(sql`g.department_id = ${filters.departmentId}`);
  const condition = sql.join(where, sql` and `);
  const rows = await queryRows<GroupRow>(
    executor,
    sql`${groupSelect} where ${condition} order by g.code limit ${limit} offset ${offset}`,
  );
  const counted = await one<{ n: number }>(
    executor,
    sql`select count(*)::int as n from employee_groups g where ${condition}`,
  );
  return { rows, total: counted?.n ?? 0 };
}

export const findGroup = (
  executor: Executor,
  buId: string,
  scope: DepartmentScope,
  id: string,
  forUpdate = false,
) =>
  one<GroupRow>(
    executor,
    sql`${groupSelect} where g.bu_id = ${buId} and g.id = ${id} and ${groupInScope(scope)}
        ${forUpdate ? sql`for update of g` : sql``}`,
  );

export const insertGroup = async (
  executor: Executor,
  buId: string,
  values: {
    code: string;
    nameEn: string;
    nameAr: string;
    description: string | null;
    departmentId: string | null;
  },
) =>
  (
    await queryRows<{ id: string }>(
      executor,
      sql`insert into employee_groups (bu_id, code, name_en, name_ar, description, department_id)
          values (${buId}, ${values.code}, ${values.nameEn}, ${values.nameAr}, ${values.description},
                  ${values.departmentId})
          on conflict (bu_id, code) do nothing returning id`,
    )
  )[0]?.id;

export const updateGroup = (
  executor: Executor,
  buId: string,
  id: string,
  values: { nameEn: string; nameAr: string; description: string | null },
) =>
  executor.execute(
    sql`update employee_groups set name_en = ${values.nameEn}, name_ar = ${values.nameAr},
          description = ${values.description}, version = version + 1, updated_at = now()
         where bu_id = ${buId} and id = ${id}`,
  );

export const bumpGroup = (executor: Executor, buId: string, id: string) =>
  executor.execute(
    sql`update employee_groups set version = version + 1, updated_at = now() where bu_id = ${buId} and id = ${id}`,
  );

export const deleteGroup = (executor: Executor, buId: string, id: string) =>
  executor.execute(sql`delete from employee_groups where bu_id = ${buId} and id = ${id}`);

export interface MemberRow {
  employee_id: string;
  employee_number: string;
  name_en: string;
  name_ar: string;
  department_id: string | null;
  added_at: Date | string;
}

export async function membersOf(
  executor: Executor,
  buId: string,
  scope: DepartmentScope,
  groupId: string,
  limit: number,
  offset: number,
): Promise<{ rows: MemberRow[]; total: number }> {
  const condition = sql`e.bu_id = ${buId} and m.group_id = ${groupId} and ${inDepartmentScope(sql`e.department_id`, scope)}`;
  const from = sql`from employee_group_members m join employees e on e.id = m.employee_id`;
  const rows = await queryRows<MemberRow>(
    executor,
    sql`select e.id as employee_id, e.employee_number, e.name_en, e.name_ar, e.department_id, m.added_at
          ${from} where ${condition} order by e.employee_number limit ${limit} offset ${offset}`,
  );
  const counted = await one<{ n: number }>(
    executor,
    sql`select count(*)::int as n ${from} where ${condition}`,
  );
  return { rows, total: counted?.n ?? 0 };
}

export const addMember = async (executor: Executor, groupId: string, employeeId: string) =>
  (
    await queryRows<{ added_at: Date | string }>(
      executor,
      sql`insert into employee_group_members (group_id, employee_id) values (${groupId}, ${employeeId})
          on conflict do nothing returning added_at`,
    )
  ).length > 0;

export const removeMember = async (executor: Executor, groupId: string, employeeId: string) =>
  (
    await queryRows<{ group_id: string }>(
      executor,
      sql`delete from employee_group_members where group_id = ${groupId} and employee_id = ${employeeId}
      returning group_id`,
    )
  ).length > 0;

export const departmentExists = async (executor: Executor, buId: string, id: string) =>
  Boolean(
    await one(
      executor,
      sql`select 1 from org_nodes n join node_types t on t.id = n.node_type_id
           where n.bu_id = ${buId} and n.id = ${id} and t.code = 'DEPARTMENT'`,
    ),
  );
