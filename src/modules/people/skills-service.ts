import { actorOf, recordAudit } from '../../core/audit/record.ts';
import { type Caller, scopeOf } from '../../core/auth/caller.ts';
import type { Executor } from '../../core/db/database.ts';
import { businessRule, conflict, notFound } from '../../core/http/errors.ts';
import { offsetOf, type Page, type PageQuery, pageOf } from '../../core/http/pagination.ts';
import { assertVersion } from '../../core/http/versioning.ts';
import type { ServiceDeps } from '../../core/module-context.ts';
import {
  type CatalogueSkill,
  findSkill,
  levelCodesByIds,
  setSkillRequiresCertification,
  skillCodesByIds,
  skillLevelsOf,
  skillsPage,
} from '../lookups/skills.ts';
import { assertKnownCode, normaliseCertificationCode } from './certifications-service.ts';
import type { CertificationRequirement, Skill, SkillHolder, SkillListQuery } from './schemas.ts';
import * as repo from './skills-repository.ts';

// Production skills: the catalogue, its holders, the certifications a skill requires, the skill matrix.

const skillView = (
  { nameEn, nameAr, ...row }: CatalogueSkill,
  required: ReadonlyMap<string, string[]>,
): Skill => ({
  ...row,
  Name_1_English: nameEn,
  Name_2_Arabic: nameAr,
  requiredCertifications: required.get(row.id) ?? [],
});

/** The skills of lookups' catalogue as people show them, with the certifications each requires. */
async function skillViews(executor: Executor, buId: string, rows: readonly CatalogueSkill[]) {
  const required = await repo.requiredOfSkills(
    executor,
    buId,
    rows.map((row) => row.id),
  );
  return rows.map((row) => skillView(row, required));
}

// ---------------------------------------------------------------- skills

export async function listSkills(
  deps: ServiceDeps,
  caller: Caller,
  query: SkillListQuery,
): Promise<Page<Skill>> {
  const { buId } = caller.principal;
  const { rows, total } = await skillsPage(deps.db, buId, query, query.pageSize, offsetOf(query));
  return pageOf(await skillViews(deps.db, buId, rows), total, query);
}

async function requireSkill(executor: Executor, buId: string, id: string, forUpdate = false) {
  const row = await findSkill(executor, buId, id, forUpdate);
  if (!row) throw notFound('Skill');
  return row;
}

export async function holdersOfSkill(
  deps: ServiceDeps,
  caller: Caller,
  skillId: string,
  query: PageQuery & { minLevel?: string },
): Promise<Page<SkillHolder>> {
  const { buId } = caller.principal;
  await requireSkill(deps.db, buId, skillId);
  const levels = await skillLevelsOf(deps.db, buId);
  let minRank: number | null = null;
  if (query.minLevel) {
    const rank = levels.find((level) => level.code === query.minLevel)?.rank;
    if (rank === undefined) throw businessRule('SKILL_LEVEL_UNKNOWN', `No skill level ${query.minLevel}`);
    minRank = rank;
  }
  const { rows, total } = await repo.holdersOfSkill(
    deps.db,
    buId,
    scopeOf(caller, 'skill.view'),
    skillId,
    levels,
    minRank,
    query.pageSize,
    offsetOf(query),
  );
  return pageOf(
    rows.map(({ id, ...holder }) => ({ employeeId: id, ...holder })),
    total,
    query,
  );
}

const requirementView = (r: { skillId: string; certificationCode: string; createdAt: Date }) => ({
  ...r,
  createdAt: r.createdAt.toISOString(),
});

export async function requirementsOf(deps: ServiceDeps, caller: Caller, skillId: string) {
  const { buId } = caller.principal;
  await requireSkill(deps.db, buId, skillId);
  return { items: (await repo.requirementsOf(deps.db, buId, skillId)).map(requirementView) };
}

export async function addRequirement(
  deps: ServiceDeps,
  caller: Caller,
  skillId: string,
  code: string,
): Promise<CertificationRequirement> {
  const { buId } = caller.principal;
  const certificationCode = normaliseCertificationCode(code);
  return deps.db.transaction(async (tx) => {
    const skill = await requireSkill(tx, buId, skillId, true);
    await assertKnownCode(tx, buId, certificationCode);
    const row = await repo.addRequirement(tx, buId, skillId, certificationCode);
    if (!row) {
      throw conflict('CERTIFICATION_REQUIREMENT_EXISTS', `The skill requires ${certificationCode} already`);
    }
    await recordAudit(tx, actorOf(caller), {
      action: 'skill.certification_requirement.added',
      entityType: 'skill',
      entityId: skillId,
      details: { skillCode: skill.code, certificationCode },
    });
    return requirementView(row);
  });
}

export async function removeRequirement(deps: ServiceDeps, caller: Caller, skillId: string, given: string) {
  const { buId } = caller.principal;
  const code = normaliseCertificationCode(given);
  await deps.db.transaction(async (tx) => {
    const skill = await requireSkill(tx, buId, skillId, true);
    if (!(await repo.removeRequirement(tx, buId, skillId, code))) throw notFound('Certification requirement');
    await recordAudit(tx, actorOf(caller), {
      action: 'skill.certification_requirement.removed',
      entityType: 'skill',
      entityId: skillId,
      details: { skillCode: skill.code, certificationCode: code },
    });
  });
}

export async function setRequiresCertification(
  deps: ServiceDeps,
  caller: Caller,
  skillId: string,
  value: boolean,
): Promise<Skill> {
  const { buId } = caller.principal;
  return deps.db.transaction(async (tx) => {
    const skill = await requireSkill(tx, buId, skillId, true);
    assertVersion(caller.expectedVersion, skill.version);
    if (skill.requiresCertification !== value) {
      await setSkillRequiresCertification(tx, buId, skillId, value, deps.now());
      await recordAudit(tx, actorOf(caller), {
        action: 'skill.requires_certification.changed',
        entityType: 'skill',
        entityId: skillId,
        details: { skillCode: skill.code, requiresCertification: value },
      });
    }
    const [changed] = await skillViews(tx, buId, [await requireSkill(tx, buId, skillId)]);
    return changed!;
  });
}

/**
 * Employee number, skill code and level code of the holdings of the first `limit` employees, by number
 * then skill code: people reads the holdings, lookups the codes (its skills come in code order).
 */
async function skillMatrixRows(executor: Executor, buId: string | null, limit: number) {
  const holdings = await repo.skillMatrixHoldings(executor, buId, limit);
  const [skills, levels] = await Promise.all([
    skillCodesByIds(executor, buId, [...new Set(holdings.map((row) => row.skillId))]),
    levelCodesByIds(executor, buId, [...new Set(holdings.flatMap((row) => row.levelId ?? []))]),
  ]);
  const skillOrder = new Map(skills.map((skill, index) => [skill.id, index]));
  const codeOf = new Map(skills.map((skill) => [skill.id, skill.code]));
  const levelOf = new Map(levels.map((level) => [level.id, level.code]));
  const employeeOrder = new Map<string, number>();
  for (const row of holdings)
    if (!employeeOrder.has(row.employeeNumber)) employeeOrder.set(row.employeeNumber, employeeOrder.size);
  return holdings
    .filter((row) => codeOf.has(row.skillId))
    .sort(
      (a, b) =>
        employeeOrder.get(a.employeeNumber)! - employeeOrder.get(b.employeeNumber)! ||
        skillOrder.get(a.skillId)! - skillOrder.get(b.skillId)!,
    )
    .map((row) => ({
      employeeNumber: row.employeeNumber,
      skillCode: codeOf.get(row.skillId)!,
      levelCode: row.levelId === null ? null : (levelOf.get(row.levelId) ?? null),
    }));
}

export async function skillMatrix({ db }: ServiceDeps, buId: string | null, limit = 1000) {
  const rows = await skillMatrixRows(db, buId, limit);
  const skills = [...new Set(rows.map((r) => r.skillCode))].sort();
  const byEmployee = new Map<string, Record<string, string | null>>();
  for (const row of rows) {
    const levels = byEmployee.get(row.employeeNumber) ?? {};
    levels[row.skillCode] = row.levelCode;
    byEmployee.set(row.employeeNumber, levels);
  }
  return {
    skills,
    employees: [...byEmployee].map(([employeeNumber, levels]) => ({ employeeNumber, levels })),
  };
}
