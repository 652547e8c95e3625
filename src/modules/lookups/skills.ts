import { and, asc, count, eq, ilike, inArray, or } from 'drizzle-orm';
import { containsPattern, type Executor } from '../../core/db/database.ts';
import { paged } from '../../core/db/paging.ts';
import { skillCategories, skillLevels, skills } from '../../core/db/tables/index.ts';
import { edited } from '../../core/db/versioned.ts';

/*
 * The production skills as people's screens show them: the catalogue with its categories, the levels, and
 * the one flag people set on a skill (whether it requires a certification).
 */

const skillColumns = {
  id: skills.id,
  code: skills.code,
  nameEn: skills.nameEn,
  nameAr: skills.nameAr,
  categoryCode: skillCategories.code,
  requiresCertification: skills.requiresCertification,
  isActive: skills.isActive,
  version: skills.version,
};

const selectSkills = (executor: Executor) =>
  executor
    .select(skillColumns)
    .from(skills)
    .leftJoin(skillCategories, eq(skillCategories.id, skills.categoryId));

export type CatalogueSkill = Awaited<ReturnType<typeof findSkill>> & {};

/** A page of the unit's skills by code, with the count of all that pass the filters. */
export function skillsPage(
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

export const setSkillRequiresCertification = (
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

/** The unit's skill levels: id, code and rank. */
export const skillLevelsOf = (executor: Executor, buId: string) =>
  executor
    .select({ id: skillLevels.id, code: skillLevels.code, rank: skillLevels.rank })
    .from(skillLevels)
    .where(eq(skillLevels.buId, buId));

/** Skills by id with their codes, by code, of the unit or of all units (the matrix spans them). */
export function skillCodesByIds(executor: Executor, buId: string | null, ids: readonly string[]) {
  if (!ids.length) return Promise.resolve([]);
  return executor
    .select({ id: skills.id, code: skills.code })
    .from(skills)
    .where(and(buId ? eq(skills.buId, buId) : undefined, inArray(skills.id, [...ids])))
    .orderBy(asc(skills.code));
}

/** Skill levels by id with their codes, of the unit or of all units. */
export function levelCodesByIds(executor: Executor, buId: string | null, ids: readonly string[]) {
  if (!ids.length) return Promise.resolve([]);
  return executor
    .select({ id: skillLevels.id, code: skillLevels.code })
    .from(skillLevels)
    .where(and(buId ? eq(skillLevels.buId, buId) : undefined, inArray(skillLevels.id, [...ids])));
}
