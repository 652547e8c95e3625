import { type SQL, sql } from 'drizzle-orm';
import type { DepartmentScope } from '../../core/auth/principal.ts';
import { containsPattern, type Executor, queryRows } from '../../core/db/database.ts';
import { inDepartmentScope } from '../../core/db/scope.ts';

/*
 * All SQL of the people area. Every query filters by `bu_id`; reads of employees take the caller's
 * department scope (`{kind:'unit'}` or the listed departments) and apply it in the WHERE.
 */

const one = async <T>(executor: Executor, query: SQL): Promise<T | undefined> =>
  (await queryRows<T>(executor, query))[0];

// ---------------------------------------------------------------- employees

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
  const rows = await queryRows<EmployeeRow>(
    executor,
    sql`${employeeSelect} where ${employeeCondition(buId, scope, filters)}
         order by e.employee_number limit ${limit} offset ${offset}`,
  );
  return { rows, total: await countEmployees(executor, buId, scope, filters) };
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

// ---------------------------------------------------------------- skills

export interface SkillRow {
  id: string;
  code: string;
  name_en: string;
  name_ar: string | null;
  category_code: string | null;
  requires_certification: boolean;
  required: string[] | null;
  is_active: boolean;
  version: number;
}

const skillSelect = sql`
  select s.id, s.code, s.name_en, s.name_ar, c.code as category_code, s.requires_certification,
         (select array_agg(r.certification_code order by r.certification_code)
            from skill_certification_requirements r where r.skill_id = s.id) as required,
         s.is_active, s.version
    from skills s left join skill_categories c on c.id = s.category_id`;

export async function listSkills(
  executor: Executor,
  buId: string,
  filters: { q?: string; category?: string },
  limit: number,
  offset: number,
): Promise<{ rows: SkillRow[]; total: number }> {
  const where: SQL[] = [sql`s.bu_id = ${buId}`];
  if (filters.q) {
    const like = containsPattern(filters.q);
    where.push(sql`(s.code ilike ${like} or s.name_en ilike ${like} or s.name_ar ilike ${like})`);
  }
  if (filters.category) where.push(sql`c.code = ${filters.category}`);
  const condition = sql.join(where, sql` and `);
  const rows = await queryRows<SkillRow>(
    executor,
    sql`${skillSelect} where ${condition} order by s.code limit ${limit} offset ${offset}`,
  );
  const counted = await one<{ n: number }>(
    executor,
    sql`select count(*)::int as n from skills s left join skill_categories c on c.id = s.category_id
         where ${condition}`,
  );
  return { rows, total: counted?.n ?? 0 };
}

export const findSkill = (executor: Executor, buId: string, id: string, forUpdate = false) =>
  one<SkillRow>(
    executor,
    sql`${skillSelect} where s.bu_id = ${buId} and s.id = ${id} ${forUpdate ? sql`for update of s` : sql``}`,
  );

export interface SkillHolderRow {
  employee_id: string;
  employee_number: string;
  name_en: string;
  name_ar: string;
  department_id: string | null;
  level_code: string | null;
  level_rank: number | null;
}

export async function holdersOfSkill(
  executor: Executor,
  buId: string,
  scope: DepartmentScope,
  skillId: string,
  minRank: number | null,
  limit: number,
  offset: number,
): Promise<{ rows: SkillHolderRow[]; total: number }> {
  const condition = sql`es.bu_id = ${buId} and es.skill_id = ${skillId} and ${inDepartmentScope(sql`e.department_id`, scope)}
    ${minRank === null ? sql`` : sql`and coalesce(l.rank, 0) >= ${minRank}`}`;
  const from = sql`from employee_skills es join employees e on e.id = es.employee_id
                   left join skill_levels l on l.id = es.level_id`;
  const rows = await queryRows<SkillHolderRow>(
    executor,
    sql`select e.id as employee_id, e.employee_number, e.name_en, e.name_ar, e.department_id,
               l.code as level_code, l.rank as level_rank
          ${from} where ${condition} order by e.employee_number limit ${limit} offset ${offset}`,
  );
  const counted = await one<{ n: number }>(
    executor,
    sql`select count(*)::int as n ${from} where ${condition}`,
  );
  return { rows, total: counted?.n ?? 0 };
}

export const levelRank = async (executor: Executor, buId: string, code: string) =>
  (
    await one<{ rank: number }>(
      executor,
      sql`select rank from skill_levels where bu_id = ${buId} and code = ${code}`,
    )
  )?.rank;

export const requirementsOf = (executor: Executor, buId: string, skillId: string) =>
  queryRows<{ skill_id: string; certification_code: string; created_at: Date | string }>(
    executor,
    sql`select skill_id, certification_code, created_at from skill_certification_requirements
         where bu_id = ${buId} and skill_id = ${skillId} order by certification_code`,
  );

export const addRequirement = async (executor: Executor, buId: string, skillId: string, code: string) =>
  one<{ skill_id: string; certification_code: string; created_at: Date | string }>(
    executor,
    sql`insert into skill_certification_requirements (bu_id, skill_id, certification_code)
        values (${buId}, ${skillId}, ${code}) on conflict do nothing
        returning skill_id, certification_code, created_at`,
  );

export const removeRequirement = async (executor: Executor, buId: string, skillId: string, code: string) =>
  (
    await queryRows<{ skill_id: string }>(
      executor,
      sql`delete from skill_certification_requirements
           where bu_id = ${buId} and skill_id = ${skillId} and certification_code = ${code}
       returning skill_id`,
    )
  ).length > 0;

export const setRequiresCertification = (executor: Executor, buId: string, skillId: string, value: boolean) =>
  executor.execute(
    sql`update skills set requires_certification = ${value}, version = version + 1, updated_at = now()
         where bu_id = ${buId} and id = ${skillId}`,
  );

// ---------------------------------------------------------------- certifications

export interface CertificationRow {
  id: string;
  employee_id: string;
  certification_code: string;
  issued_on: string;
  expires_on: string | null;
  status: string;
  notes: string | null;
  version: number;
  created_at: Date | string;
  updated_at: Date | string;
}

const certificationColumns = sql`c.id, c.employee_id, c.certification_code, c.issued_on::text as issued_on,
  c.expires_on::text as expires_on, c.status, c.notes, c.version, c.created_at, c.updated_at`;

export async function certificationsOf(
  executor: Executor,
  buId: string,
  employeeId: string,
  limit: number,
  offset: number,
): Promise<{ rows: CertificationRow[]; total: number }> {
  const rows = await queryRows<CertificationRow>(
    executor,
    sql`select ${certificationColumns} from certifications c
         where c.bu_id = ${buId} and c.employee_id = ${employeeId}
         order by c.certification_code, c.issued_on desc, c.id limit ${limit} offset ${offset}`,
  );
  const counted = await one<{ n: number }>(
    executor,
    sql`select count(*)::int as n from certifications where bu_id = ${buId} and employee_id = ${employeeId}`,
  );
  return { rows, total: counted?.n ?? 0 };
}

export const findCertification = (
  executor: Executor,
  buId: string,
  employeeId: string,
  id: string,
  forUpdate = false,
) =>
  one<CertificationRow>(
    executor,
    sql`select ${certificationColumns} from certifications c
         where c.bu_id = ${buId} and c.employee_id = ${employeeId} and c.id = ${id}
         ${forUpdate ? sql`for update` : sql``}`,
  );

export const insertCertification = (
  executor: Executor,
  buId: string,
  employeeId: string,
  values: {
    certificationCode: string;
    issuedOn: string;
    expiresOn: string | null;
    notes: string | null;
    status: string;
  },
) =>
  one<CertificationRow>(
    executor,
    sql`insert into certifications as c (bu_id, employee_id, certification_code, issued_on, expires_on, notes, status)
        values (${buId}, ${employeeId}, ${values.certificationCode}, ${values.issuedOn}, ${values.expiresOn},
                ${values.notes}, ${values.status})
        returning ${certificationColumns}`,
  );

export const updateCertification = (
  executor: Executor,
  buId: string,
  id: string,
  values: {
    certificationCode: string;
    issuedOn: string;
    expiresOn: string | null;
    notes: string | null;
    status: string;
  },
) =>
  one<CertificationRow>(
    executor,
    sql`update certifications c set certification_code = ${values.certificationCode},
          issued_on = ${values.issuedOn}, expires_on = ${values.expiresOn}, notes = ${values.notes},
          status = ${values.status}, version = c.version + 1, updated_at = now()
         where c.bu_id = ${buId} and c.id = ${id}
     returning ${certificationColumns}`,
  );

export const deleteCertification = (executor: Executor, buId: string, id: string) =>
  executor.execute(sql`delete from certifications where bu_id = ${buId} and id = ${id}`);

/**
 * Takes the employee's row lock: every write of an employee's certifications takes it first (the API's
 * and the import's), so two writers cannot both pass the overlap check.
 */
export const lockEmployee = (executor: Executor, buId: string, id: string) =>
  executor.execute(sql`select 1 from employees where bu_id = ${buId} and id = ${id} for update`);

/**
 * Whether a code is in the unit's catalogue: an active certification type, or a code a skill requires.
 */
export const certificationCodeKnown = async (executor: Executor, buId: string, code: string) =>
  Boolean(
    await one(
      executor,
      sql`select 1 where exists (select 1 from certification_types
                                  where bu_id = ${buId} and code = ${code} and is_active)
                      or exists (select 1 from skill_certification_requirements
                                  where bu_id = ${buId} and certification_code = ${code})`,
    ),
  );

/**
 * A row of the same employee and code, not Revoked, whose dates overlap `issuedOn`…`expiresOn` (both
 * inclusive; no expiry runs for ever), other than `exceptId`.
 */
export const overlappingCertification = (
  executor: Executor,
  buId: string,
  employeeId: string,
  code: string,
  issuedOn: string,
  expiresOn: string | null,
  exceptId: string | null,
) =>
  one<CertificationRow>(
    executor,
    sql`select ${certificationColumns} from certifications c
         where c.bu_id = ${buId} and c.employee_id = ${employeeId} and c.certification_code = ${code}
           and c.status <> 'Revoked'
           and c.issued_on <= coalesce(${expiresOn}::date, 'infinity'::date)
           and coalesce(c.expires_on, 'infinity'::date) >= ${issuedOn}::date
           ${exceptId ? sql`and c.id <> ${exceptId}` : sql``}
         order by c.issued_on limit 1`,
  );

export interface ExpiringRow extends CertificationRow {
  employee_number: string;
  name_en: string;
  name_ar: string;
  department_id: string | null;
}

/** Active certifications in scope expiring from `today` to `until` (certifications `c`, employees `e`). */
const expiringCondition = (buId: string, scope: DepartmentScope, today: string, until: string) =>
  sql`c.bu_id = ${buId} and c.status = 'Active' and c.expires_on is not null
    and c.expires_on >= ${today}::date and c.expires_on <= ${until}::date
    and ${inDepartmentScope(sql`e.department_id`, scope)}`;

export async function countExpiringCertifications(
  executor: Executor,
  buId: string,
  scope: DepartmentScope,
  today: string,
  until: string,
): Promise<number> {
  const counted = await one<{ n: number }>(
    executor,
    sql`select count(*)::int as n from certifications c join employees e on e.id = c.employee_id
         where ${expiringCondition(buId, scope, today, until)}`,
  );
  return counted?.n ?? 0;
}

export async function expiringCertifications(
  executor: Executor,
  buId: string,
  scope: DepartmentScope,
  today: string,
  until: string,
  limit: number,
  offset: number,
): Promise<{ rows: ExpiringRow[]; total: number }> {
  const rows = await queryRows<ExpiringRow>(
    executor,
    sql`select ${certificationColumns}, e.employee_number, e.name_en, e.name_ar, e.department_id
          from certifications c join employees e on e.id = c.employee_id
         where ${expiringCondition(buId, scope, today, until)}
         order by c.expires_on, e.employee_number, c.id limit ${limit} offset ${offset}`,
  );
  return { rows, total: await countExpiringCertifications(executor, buId, scope, today, until) };
}

/** Writes Expired onto Active rows whose expiry date is before `today` of their unit; answers the rows. */
export const expireLapsed = (executor: Executor, buId: string | null, today: string) =>
  queryRows<{ id: string; bu_id: string; employee_id: string; certification_code: string }>(
    executor,
    sql`update certifications set status = 'Expired', version = version + 1, updated_at = now()
         where status = 'Active' and expires_on < ${today}::date
           ${buId ? sql`and bu_id = ${buId}` : sql``}
     returning id, bu_id, employee_id, certification_code`,
  );

// ---------------------------------------------------------------- groups

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

// ---------------------------------------------------------------- diagnostics

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

export const skillMatrixRows = (executor: Executor, buId: string | null, limit: number) =>
  queryRows<{ employee_number: string; skill_code: string; level_code: string | null }>(
    executor,
    sql`select e.employee_number, s.code as skill_code, l.code as level_code
          from employee_skills es
          join employees e on e.id = es.employee_id
          join skills s on s.id = es.skill_id
          left join skill_levels l on l.id = es.level_id
         where e.id in (select id from employees where ${buId ? sql`bu_id = ${buId}` : sql`true`}
                         order by employee_number limit ${limit})
         order by e.employee_number, s.code`,
  );
