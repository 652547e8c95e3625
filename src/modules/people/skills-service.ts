import { actorOf, recordAudit } from '../../core/audit/record.ts';
import { type Caller, scopeOf } from '../../core/auth/caller.ts';
import type { Executor } from '../../core/db/database.ts';
import { businessRule, conflict, notFound } from '../../core/http/errors.ts';
import { offsetOf, type Page, type PageQuery, pageOf } from '../../core/http/pagination.ts';
import { assertVersion } from '../../core/http/versioning.ts';
import type { ServiceDeps } from '../../core/module-context.ts';
import { assertKnownCode, normaliseCertificationCode } from './certifications-service.ts';
import type { CertificationRequirement, Skill, SkillHolder, SkillListQuery } from './schemas.ts';
import * as repo from './skills-repository.ts';

// Production skills: the catalogue, its holders, the certifications a skill requires, the skill matrix.

const skillView = ({ nameEn, nameAr, required, ...row }: repo.SkillRow): Skill => ({
  ...row,
  Name_1_English: nameEn,
  Name_2_Arabic: nameAr,
  requiredCertifications: required ?? [],
});

// ---------------------------------------------------------------- skills

export async function listSkills(
  deps: ServiceDeps,
  caller: Caller,
  query: SkillListQuery,
): Promise<Page<Skill>> {
  const { rows, total } = await repo.listSkills(
    deps.db,
    caller.principal.buId,
    query,
    query.pageSize,
    offsetOf(query),
  );
  return pageOf(rows.map(skillView), total, query);
}

async function requireSkill(executor: Executor, buId: string, id: string, forUpdate = false) {
  const row = await repo.findSkill(executor, buId, id, forUpdate);
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
  let minRank: number | null = null;
  if (query.minLevel) {
    const rank = await repo.levelRank(deps.db, buId, query.minLevel);
    if (rank === undefined) throw businessRule('SKILL_LEVEL_UNKNOWN', `No skill level ${query.minLevel}`);
    minRank = rank;
  }
  const { rows, total } = await repo.holdersOfSkill(
    deps.db,
    buId,
    scopeOf(caller, 'skill.view'),
    skillId,
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
      await repo.setRequiresCertification(tx, buId, skillId, value, deps.now());
      await recordAudit(tx, actorOf(caller), {
        action: 'skill.requires_certification.changed',
        entityType: 'skill',
        entityId: skillId,
        details: { skillCode: skill.code, requiresCertification: value },
      });
    }
    return skillView(await requireSkill(tx, buId, skillId));
  });
}

export async function skillMatrix({ db }: ServiceDeps, buId: string | null, limit = 1000) {
  const rows = await repo.skillMatrixRows(db, buId, limit);
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
