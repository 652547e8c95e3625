import { type SQL, sql } from 'drizzle-orm';
import type { DepartmentScope } from '../../core/auth/principal.ts';
import { containsPattern, type Executor, queryRows } from '../../core/db/database.ts';
import { inDepartmentScope } from '../../core/db/scope.ts';
import { one } from './sql.ts';

/* The SQL of production skills, their holders and the certifications a skill requires. */

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
