import { and, asc, count, eq, gte, ilike, inArray, or, type SQL, sql } from 'drizzle-orm';
import type { DepartmentScope } from '../../core/auth/principal.ts';
import { containsPattern, type Executor } from '../../core/db/database.ts';
import { employeeRefColumns } from '../../core/db/employee-ref.ts';
import { paged } from '../../core/db/paging.ts';
import { inDepartmentScope } from '../../core/db/scope.ts';
import {
  employeeSkills,
  employees,
  skillCategories,
  skillCertificationRequirements,
  skillLevels,
  skills,
} from '../../core/db/tables/index.ts';
import { edited } from '../../core/db/versioned.ts';

/* The queries of production skills, their holders and the certifications a skill requires. */

const skillColumns = {
  id: skills.id,
  code: skills.code,
  nameEn: skills.nameEn,
  nameAr: skills.nameAr,
  categoryCode: skillCategories.code,
  requiresCertification: skills.requiresCertification,
  required: sql<string[] | null>`(select array_agg(r.certification_code order by r.certification_code)
    from ${skillCertificationRequirements} r where r.skill_id = ${skills.id})`,
  isActive: skills.isActive,
  version: skills.version,
};

const selectSkills = (executor: Executor) =>
  executor
    .select(skillColumns)
    .from(skills)
    .leftJoin(skillCategories, eq(skillCategories.id, skills.categoryId));

export type SkillRow = Awaited<ReturnType<typeof findSkill>> & {};

export function listSkills(
  executor: Executor,
  buId: string,
  filters: { q?: string; category?: string },
  limit: number,
  offset: number,
) {
  const like = filters.q ? containsPattern(filters.q) : undefined;
  const condition = and(
    eq(skills.buId, buId),
    like ? or(ilike(skills.code, like), ilike(skills.nameEn, like), ilike(skills.nameAr, like)) : undefined,
    filters.category ? eq(skillCategories.code, filters.category) : undefined,
  );
  return paged(
    selectSkills(executor).where(condition).orderBy(asc(skills.code)).limit(limit).offset(offset),
    executor
      .select({ n: count() })
      .from(skills)
      .leftJoin(skillCategories, eq(skillCategories.id, skills.categoryId))
      .where(condition),
  );
}

export async function findSkill(executor: Executor, buId: string, id: string, forUpdate = false) {
  const query = selectSkills(executor).where(and(eq(skills.buId, buId), eq(skills.id, id)));
  const [row] = await (forUpdate ? query.for('update', { of: skills }) : query);
  return row;
}

export function holdersOfSkill(
  executor: Executor,
  buId: string,
  scope: DepartmentScope,
  skillId: string,
  minRank: number | null,
  limit: number,
  offset: number,
) {
  const condition = and(
    eq(employeeSkills.buId, buId),
    eq(employeeSkills.skillId, skillId),
    inDepartmentScope(employees.departmentId, scope),
    minRank === null ? undefined : gte(sql`coalesce(${skillLevels.rank}, 0)`, minRank),
  );
  const rows = executor
    .select({ ...employeeRefColumns, levelCode: skillLevels.code, levelRank: skillLevels.rank })
    .from(employeeSkills)
    .innerJoin(employees, eq(employees.id, employeeSkills.employeeId))
    .leftJoin(skillLevels, eq(skillLevels.id, employeeSkills.levelId))
    .where(condition)
    .orderBy(asc(employees.employeeNumber))
    .limit(limit)
    .offset(offset);
  const total = executor
    .select({ n: count() })
    .from(employeeSkills)
    .innerJoin(employees, eq(employees.id, employeeSkills.employeeId))
    .leftJoin(skillLevels, eq(skillLevels.id, employeeSkills.levelId))
    .where(condition);
  return paged(rows, total);
}

export async function levelRank(executor: Executor, buId: string, code: string) {
  const [row] = await executor
    .select({ rank: skillLevels.rank })
    .from(skillLevels)
    .where(and(eq(skillLevels.buId, buId), eq(skillLevels.code, code)));
  return row?.rank;
}

const requirementColumns = {
  skillId: skillCertificationRequirements.skillId,
  certificationCode: skillCertificationRequirements.certificationCode,
  createdAt: skillCertificationRequirements.createdAt,
};

const ofSkill = (buId: string, skillId: string, code?: string): SQL | undefined =>
  and(
    eq(skillCertificationRequirements.buId, buId),
    eq(skillCertificationRequirements.skillId, skillId),
    code === undefined ? undefined : eq(skillCertificationRequirements.certificationCode, code),
  );

export const requirementsOf = (executor: Executor, buId: string, skillId: string) =>
  executor
    .select(requirementColumns)
    .from(skillCertificationRequirements)
    .where(ofSkill(buId, skillId))
    .orderBy(asc(skillCertificationRequirements.certificationCode));

export async function addRequirement(executor: Executor, buId: string, skillId: string, code: string) {
  const [row] = await executor
    .insert(skillCertificationRequirements)
    .values({ buId, skillId, certificationCode: code })
    .onConflictDoNothing()
    .returning(requirementColumns);
  return row;
}

export async function removeRequirement(executor: Executor, buId: string, skillId: string, code: string) {
  const removed = await executor
    .delete(skillCertificationRequirements)
    .where(ofSkill(buId, skillId, code))
    .returning({ skillId: skillCertificationRequirements.skillId });
  return removed.length > 0;
}

export const setRequiresCertification = (
  executor: Executor,
  buId: string,
  skillId: string,
  value: boolean,
  at: Date,
) =>
  executor
    .update(skills)
    .set(edited(skills, { requiresCertification: value }, at))
    .where(and(eq(skills.buId, buId), eq(skills.id, skillId)));

/** Employee number, skill and level of the first `limit` employees (by number) of the unit, or of all units. */
export function skillMatrixRows(executor: Executor, buId: string | null, limit: number) {
  const firstEmployees = executor
    .select({ id: employees.id })
    .from(employees)
    .where(buId ? eq(employees.buId, buId) : undefined)
    .orderBy(asc(employees.employeeNumber))
    .limit(limit);
  return executor
    .select({ employeeNumber: employees.employeeNumber, skillCode: skills.code, levelCode: skillLevels.code })
    .from(employeeSkills)
    .innerJoin(employees, eq(employees.id, employeeSkills.employeeId))
    .innerJoin(skills, eq(skills.id, employeeSkills.skillId))
    .leftJoin(skillLevels, eq(skillLevels.id, employeeSkills.levelId))
    .where(inArray(employees.id, firstEmployees))
    .orderBy(asc(employees.employeeNumber), asc(skills.code));
}
