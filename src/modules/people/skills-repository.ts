import { and, asc, count, eq, inArray, isNull, or, type SQL } from 'drizzle-orm';
import type { DepartmentScope } from '../../core/auth/principal.ts';
import type { Executor } from '../../core/db/database.ts';
import { employeeRefColumns } from '../../core/db/employee-ref.ts';
import { paged } from '../../core/db/paging.ts';
import { inDepartmentScope } from '../../core/db/scope.ts';
import { employeeSkills, employees, skillCertificationRequirements } from '../../core/db/tables/index.ts';

/* The queries of production skills, their holders and the certifications a skill requires. */

/** The certifications each of these skills requires, by code (a skill that requires none is not in the map). */
export async function requiredOfSkills(executor: Executor, buId: string, skillIds: readonly string[]) {
  if (!skillIds.length) return new Map<string, string[]>();
  const rows = await executor
    .select({
      skillId: skillCertificationRequirements.skillId,
      code: skillCertificationRequirements.certificationCode,
    })
    .from(skillCertificationRequirements)
    .where(
      and(
        eq(skillCertificationRequirements.buId, buId),
        inArray(skillCertificationRequirements.skillId, [...skillIds]),
      ),
    )
    .orderBy(asc(skillCertificationRequirements.certificationCode));
  const required = new Map<string, string[]>();
  for (const row of rows) required.set(row.skillId, [...(required.get(row.skillId) ?? []), row.code]);
  return required;
}

/** A level of the unit, as lookups keeps it. */
export interface SkillLevel {
  id: string;
  code: string;
  rank: number;
}

export async function holdersOfSkill(
  executor: Executor,
  buId: string,
  scope: DepartmentScope,
  skillId: string,
  levels: readonly SkillLevel[],
  minRank: number | null,
  limit: number,
  offset: number,
) {
  // A holding without a level ranks 0.
  const ranked = (rank: number) =>
    or(
      rank <= 0 ? isNull(employeeSkills.levelId) : undefined,
      inArray(
        employeeSkills.levelId,
        levels.filter((level) => level.rank >= rank).map((level) => level.id),
      ),
    );
  const condition = and(
    eq(employeeSkills.buId, buId),
    eq(employeeSkills.skillId, skillId),
    inDepartmentScope(employees.departmentId, scope),
    minRank === null ? undefined : ranked(minRank),
  );
  const rows = executor
    .select({ ...employeeRefColumns, levelId: employeeSkills.levelId })
    .from(employeeSkills)
    .innerJoin(employees, eq(employees.id, employeeSkills.employeeId))
    .where(condition)
    .orderBy(asc(employees.employeeNumber))
    .limit(limit)
    .offset(offset);
  const total = executor
    .select({ n: count() })
    .from(employeeSkills)
    .innerJoin(employees, eq(employees.id, employeeSkills.employeeId))
    .where(condition);
  const byId = new Map(levels.map((level) => [level.id, level]));
  const page = await paged(rows, total);
  return {
    ...page,
    rows: page.rows.map(({ levelId, ...holder }) => {
      const level = levelId === null ? undefined : byId.get(levelId);
      return { ...holder, levelCode: level?.code ?? null, levelRank: level?.rank ?? null };
    }),
  };
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

/** Employee number, skill and level of the holdings of the first `limit` employees (by number) of the unit, or of all units. */
export function skillMatrixHoldings(executor: Executor, buId: string | null, limit: number) {
  const firstEmployees = executor
    .select({ id: employees.id })
    .from(employees)
    .where(buId ? eq(employees.buId, buId) : undefined)
    .orderBy(asc(employees.employeeNumber))
    .limit(limit);
  return executor
    .select({
      employeeNumber: employees.employeeNumber,
      skillId: employeeSkills.skillId,
      levelId: employeeSkills.levelId,
    })
    .from(employeeSkills)
    .innerJoin(employees, eq(employees.id, employeeSkills.employeeId))
    .where(inArray(employees.id, firstEmployees))
    .orderBy(asc(employees.employeeNumber));
}
