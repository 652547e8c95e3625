import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Executor } from '../../core/db/database.ts';
import { employeeSkills, orgNodes, skills } from '../../core/db/tables/index.ts';

/** The departments a report names, by code. */
export async function departmentsByIds(executor: Executor, buId: string, ids: string[]) {
  if (!ids.length) return [];
  return executor
    .select({ id: orgNodes.id, code: orgNodes.code, nameEn: orgNodes.nameEn, nameAr: orgNodes.nameAr })
    .from(orgNodes)
    .where(and(eq(orgNodes.buId, buId), inArray(orgNodes.id, ids)))
    .orderBy(asc(orgNodes.code));
}

/** Skills by code, for their names in the report's language. */
export async function skillsByCodes(executor: Executor, buId: string, codes: string[]) {
  if (!codes.length) return [];
  return executor
    .select({ code: skills.code, nameEn: skills.nameEn, nameAr: skills.nameAr })
    .from(skills)
    .where(and(eq(skills.buId, buId), inArray(skills.code, codes)));
}

/** The skills each of these employees holds, by code. */
export async function employeeSkillsOf(executor: Executor, buId: string, employeeIds: string[]) {
  if (!employeeIds.length) return [];
  return executor
    .select({
      employeeId: employeeSkills.employeeId,
      code: skills.code,
      nameEn: skills.nameEn,
      nameAr: skills.nameAr,
    })
    .from(employeeSkills)
    .innerJoin(skills, eq(skills.id, employeeSkills.skillId))
    .where(and(eq(employeeSkills.buId, buId), inArray(employeeSkills.employeeId, employeeIds)))
    .orderBy(asc(skills.code));
}
