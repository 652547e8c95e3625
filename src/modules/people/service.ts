import { type AuditActor, actorOf, recordAudit } from '../../core/audit/record.ts';
import { type Caller, scopeOf } from '../../core/auth/caller.ts';
import type { Permission } from '../../core/auth/catalog.ts';
import type { Executor } from '../../core/db/database.ts';
import { businessRule, conflict, notFound } from '../../core/http/errors.ts';
import { offsetOf, type Page, type PageQuery, pageOf } from '../../core/http/pagination.ts';
import { assertVersion } from '../../core/http/versioning.ts';
import type { ServiceDeps } from '../../core/module-context.ts';
import { addDays, businessDate, daysBetween } from '../../core/time/dates.ts';
import type { HomePool } from '../pools/schemas.ts';
import { homePoolsOf } from '../pools/service.ts';
import { readSettings } from '../settings/service.ts';
import * as repo from './repository.ts';
import type {
  Certification,
  CertificationListQuery,
  CertificationReplacement,
  CertificationRequirement,
  CertificationStatus,
  CertificationStatusChange,
  Employee,
  EmployeeDetail,
  EmployeeGroup,
  EmployeeGroupUpdate,
  EmployeeListQuery,
  ExpiringCertification,
  ExpiringQuery,
  GroupListQuery,
  GroupMember,
  NewCertification,
  NewEmployeeGroup,
  Skill,
  SkillHolder,
  SkillListQuery,
} from './schemas.ts';

const iso = (value: Date | string) => (value instanceof Date ? value : new Date(value)).toISOString();

/** The unit's business date where no caller brings it (the expiry sweep runs for several units). */
async function todayOf(executor: Executor, buId: string, now: Date): Promise<string> {
  const { settings } = await readSettings(executor, buId);
  return businessDate(now, settings.timezone);
}

// ---------------------------------------------------------------- views

const employeeView = (row: repo.EmployeeRow): Omit<Employee, 'homePool'> => ({
  id: row.id,
  employeeNumber: row.employee_number,
  Name_1_English: row.name_en,
  Name_2_Arabic: row.name_ar,
  departmentId: row.department_id,
  departmentCode: row.department_code,
  gradeCode: row.grade_code,
  Status: row.status,
  hireDate: row.hire_date,
  endDate: row.end_date,
  userId: row.user_id,
  version: row.version,
});

/** Expiry is computed on read: an Active certification whose date has passed reads Expired. */
export function effectiveStatus(
  row: { status: string; expires_on: string | null },
  today: string,
): CertificationStatus {
  if (row.status === 'Active' && row.expires_on !== null && row.expires_on < today) return 'Expired';
  return row.status as CertificationStatus;
}

const certificationView = (row: repo.CertificationRow, today: string): Certification => ({
  id: row.id,
  employeeId: row.employee_id,
  certificationCode: row.certification_code,
  issuedOn: row.issued_on,
  expiresOn: row.expires_on,
  Status: effectiveStatus(row, today),
  storedStatus: row.status,
  // daysBetween counts both ends: the distance is one less.
  daysToExpiry: row.expires_on === null ? null : daysBetween(today, row.expires_on) - 1,
  notes: row.notes,
  version: row.version,
  createdAt: iso(row.created_at),
  updatedAt: iso(row.updated_at),
});

const skillView = (row: repo.SkillRow): Skill => ({
  id: row.id,
  code: row.code,
  Name_1_English: row.name_en,
  Name_2_Arabic: row.name_ar,
  categoryCode: row.category_code,
  requiresCertification: row.requires_certification,
  requiredCertifications: row.required ?? [],
  isActive: row.is_active,
  version: row.version,
});

const groupView = (row: repo.GroupRow): EmployeeGroup => ({
  id: row.id,
  code: row.code,
  Name_1_English: row.name_en,
  Name_2_Arabic: row.name_ar,
  description: row.description,
  departmentId: row.department_id,
  memberCount: row.member_count,
  version: row.version,
  createdAt: iso(row.created_at),
  updatedAt: iso(row.updated_at),
});

// ---------------------------------------------------------------- employees

export async function listEmployees(
  deps: ServiceDeps,
  caller: Caller,
  query: EmployeeListQuery,
): Promise<Page<Employee>> {
  const { rows, total } = await repo.listEmployees(
    deps.db,
    caller.principal.buId,
    scopeOf(caller, 'employee.view'),
    query,
    query.pageSize,
    offsetOf(query),
  );
  const pools = await homePoolsOf(
    deps.db,
    caller.principal.buId,
    rows.map((row) => row.id),
  );
  return pageOf(
    rows.map((row) => withHomePool(employeeView(row), pools)),
    total,
    query,
  );
}

/** How many employees in the caller's scope pass the list's filters (the dashboard). */
export const countEmployees = (deps: ServiceDeps, caller: Caller, filters: repo.EmployeeFilters) =>
  repo.countEmployees(deps.db, caller.principal.buId, scopeOf(caller, 'employee.view'), filters);

/** Where the employee works from: their explicit pool, or else their department's default pool. */
function withHomePool<T extends { id: string }>(employee: T, pools: Map<string, HomePool>) {
  const pool = pools.get(employee.id);
  return {
    ...employee,
    homePool: pool ? { id: pool.poolId, code: pool.poolCode, source: pool.source } : null,
  };
}

async function detailOf(
  deps: ServiceDeps,
  buId: string,
  today: string,
  row: repo.EmployeeRow,
): Promise<EmployeeDetail> {
  const [skills, certifications, groups, pools] = await Promise.all([
    repo.skillsOfEmployee(deps.db, buId, row.id),
    repo.certificationsOf(deps.db, buId, row.id, 1000, 0),
    repo.groupsOfEmployee(deps.db, buId, row.id),
    homePoolsOf(deps.db, buId, [row.id]),
  ]);
  return {
    ...withHomePool(employeeView(row), pools),
    skills: skills.map((s) => ({
      skillId: s.skill_id,
      skillCode: s.skill_code,
      Name_1_English: s.name_en,
      Name_2_Arabic: s.name_ar,
      levelCode: s.level_code,
      levelRank: s.level_rank,
    })),
    certifications: certifications.rows.map((c) => certificationView(c, today)),
    groups: groups.map((g) => ({
      id: g.id,
      code: g.code,
      Name_1_English: g.name_en,
      Name_2_Arabic: g.name_ar,
    })),
  };
}

export async function getEmployee(deps: ServiceDeps, caller: Caller, id: string): Promise<EmployeeDetail> {
  const { buId } = caller.principal;
  const row = await repo.findEmployee(deps.db, buId, scopeOf(caller, 'employee.view'), id);
  if (!row) throw notFound('Employee');
  return detailOf(deps, buId, caller.principal.today, row);
}

/** The caller's own employee record, whatever their department scope. */
export async function myEmployee(deps: ServiceDeps, caller: Caller): Promise<EmployeeDetail> {
  const { buId, employeeId } = caller.principal;
  const row = employeeId ? await repo.findEmployee(deps.db, buId, { kind: 'unit' }, employeeId) : undefined;
  if (!row) throw notFound('Your employee record');
  return detailOf(deps, buId, caller.principal.today, row);
}

async function requireEmployee(executor: Executor, caller: Caller, permission: Permission, id: string) {
  const row = await repo.findEmployee(executor, caller.principal.buId, scopeOf(caller, permission), id);
  if (!row) throw notFound('Employee');
  return row;
}

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
    rows.map((r) => ({
      employeeId: r.employee_id,
      employeeNumber: r.employee_number,
      Name_1_English: r.name_en,
      Name_2_Arabic: r.name_ar,
      departmentId: r.department_id,
      levelCode: r.level_code,
      levelRank: r.level_rank,
    })),
    total,
    query,
  );
}

const requirementView = (r: { skill_id: string; certification_code: string; created_at: Date | string }) => ({
  skillId: r.skill_id,
  certificationCode: r.certification_code,
  createdAt: iso(r.created_at),
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
  expected: number | undefined,
): Promise<Skill> {
  const { buId } = caller.principal;
  return deps.db.transaction(async (tx) => {
    const skill = await requireSkill(tx, buId, skillId, true);
    assertVersion(expected, skill.version);
    if (skill.requires_certification !== value) {
      await repo.setRequiresCertification(tx, buId, skillId, value);
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

// ---------------------------------------------------------------- certifications

export async function certificationsOf(
  deps: ServiceDeps,
  caller: Caller,
  employeeId: string,
  query: CertificationListQuery,
): Promise<Page<Certification>> {
  const { buId } = caller.principal;
  await requireEmployee(deps.db, caller, 'certifications.read', employeeId);
  return pageOfCertifications(deps, buId, caller.principal.today, employeeId, query);
}

async function pageOfCertifications(
  deps: ServiceDeps,
  buId: string,
  today: string,
  employeeId: string,
  query: CertificationListQuery,
): Promise<Page<Certification>> {
  if (query.status) {
    // The status filter reads the computed status, so it filters after computing (a person has few).
    const all = await repo.certificationsOf(deps.db, buId, employeeId, 10_000, 0);
    const matching = all.rows
      .map((r) => certificationView(r, today))
      .filter((c) => c.Status === query.status);
    return pageOf(matching.slice(offsetOf(query), offsetOf(query) + query.pageSize), matching.length, query);
  }
  const { rows, total } = await repo.certificationsOf(
    deps.db,
    buId,
    employeeId,
    query.pageSize,
    offsetOf(query),
  );
  return pageOf(
    rows.map((r) => certificationView(r, today)),
    total,
    query,
  );
}

export async function myCertifications(
  deps: ServiceDeps,
  caller: Caller,
  query: CertificationListQuery,
): Promise<Page<Certification>> {
  const { buId, employeeId } = caller.principal;
  if (!employeeId) return pageOf([], 0, query);
  return pageOfCertifications(deps, buId, caller.principal.today, employeeId, query);
}

/** A certification code as stored and compared: trimmed, upper case. */
export const normaliseCertificationCode = (code: string) => code.trim().toUpperCase();

/** Where the valid codes are listed (the 422's detail and the import's reason say it). */
export const CERTIFICATION_CODES_HINT =
  'GET /api/lookups/certification-types lists the valid codes; an administrator adds one at /api/admin/certification-types';

/** A code outside the unit's catalogue (an active certification type, or a code a skill requires) is a 422. */
async function assertKnownCode(tx: Executor, buId: string, code: string) {
  if (await repo.certificationCodeKnown(tx, buId, code)) return;
  throw businessRule(
    'CERTIFICATION_UNKNOWN',
    `There is no certification type with the code ${code}: ${CERTIFICATION_CODES_HINT}`,
    { errors: [{ path: '/certificationCode', message: `unknown code "${code}"` }] },
  );
}

/**
 * No two rows of one code with overlapping dates for one employee (Revoked rows aside): a 409 naming the
 * row in the way. The caller holds the employee's row lock, so a concurrent writer waits for this one.
 */
async function assertNoOverlap(
  tx: Executor,
  buId: string,
  employeeId: string,
  values: { code: string; issuedOn: string; expiresOn: string | null },
  exceptId: string | null,
) {
  const other = await repo.overlappingCertification(
    tx,
    buId,
    employeeId,
    values.code,
    values.issuedOn,
    values.expiresOn,
    exceptId,
  );
  if (!other) return;
  throw conflict(
    'CERTIFICATION_DUPLICATE',
    `The employee holds ${values.code} from ${other.issued_on} to ${other.expires_on ?? '(no expiry)'} already: ` +
      'change that row (a renewal is a new expiry date on it), or delete it if it was entered by mistake',
    {
      existing: {
        id: other.id,
        certificationCode: other.certification_code,
        issuedOn: other.issued_on,
        expiresOn: other.expires_on,
        storedStatus: other.status,
      },
    },
  );
}

const assertDates = (issuedOn: string, expiresOn: string | null | undefined) => {
  if (expiresOn && expiresOn < issuedOn) {
    throw businessRule('CERTIFICATION_DATES_INVALID', 'expiresOn is before issuedOn', {
      errors: [{ path: '/expiresOn', message: 'must be on or after issuedOn' }],
    });
  }
};

export async function addCertification(
  deps: ServiceDeps,
  caller: Caller,
  employeeId: string,
  body: NewCertification,
): Promise<Certification> {
  const { buId } = caller.principal;
  assertDates(body.issuedOn, body.expiresOn);
  const certificationCode = normaliseCertificationCode(body.certificationCode);
  return deps.db.transaction(async (tx) => {
    await requireEmployee(tx, caller, 'certifications.manage', employeeId);
    await repo.lockEmployee(tx, buId, employeeId);
    await assertKnownCode(tx, buId, certificationCode);
    await assertNoOverlap(
      tx,
      buId,
      employeeId,
      { code: certificationCode, issuedOn: body.issuedOn, expiresOn: body.expiresOn ?? null },
      null,
    );
    const row = await repo.insertCertification(tx, buId, employeeId, {
      certificationCode,
      issuedOn: body.issuedOn,
      expiresOn: body.expiresOn ?? null,
      notes: body.notes ?? null,
      status: 'Active',
    });
    await recordAudit(tx, actorOf(caller), {
      action: 'certification.added',
      entityType: 'certification',
      entityId: row!.id,
      details: { employeeId, certificationCode, expiresOn: body.expiresOn ?? null },
    });
    return certificationView(row!, caller.principal.today);
  });
}

async function requireCertification(tx: Executor, caller: Caller, employeeId: string, id: string) {
  const employee = await requireEmployee(tx, caller, 'certifications.manage', employeeId);
  await repo.lockEmployee(tx, caller.principal.buId, employeeId);
  const row = await repo.findCertification(tx, caller.principal.buId, employeeId, id, true);
  if (!row) throw notFound('Certification');
  return { ...row, employee_number: employee.employee_number };
}

export async function replaceCertification(
  deps: ServiceDeps,
  caller: Caller,
  employeeId: string,
  id: string,
  body: CertificationReplacement,
  expected: number | undefined,
): Promise<Certification> {
  const { buId } = caller.principal;
  assertDates(body.issuedOn, body.expiresOn);
  const certificationCode = normaliseCertificationCode(body.certificationCode);
  return deps.db.transaction(async (tx) => {
    const current = await requireCertification(tx, caller, employeeId, id);
    assertVersion(expected, current.version);
    // A code kept as stored passes (a type deactivated since); a new one must be in the catalogue.
    if (certificationCode !== current.certification_code) await assertKnownCode(tx, buId, certificationCode);
    if (current.status !== 'Revoked') {
      await assertNoOverlap(
        tx,
        buId,
        employeeId,
        { code: certificationCode, issuedOn: body.issuedOn, expiresOn: body.expiresOn },
        id,
      );
    }
    const { today } = caller.principal;
    // A renewal (a new expiry date in the future) brings a swept certification back to Active.
    const renewed =
      current.status === 'Expired' && (body.expiresOn === null || body.expiresOn >= today)
        ? 'Active'
        : current.status;
    const row = await repo.updateCertification(tx, buId, id, {
      certificationCode,
      issuedOn: body.issuedOn,
      expiresOn: body.expiresOn,
      notes: body.notes === undefined ? current.notes : body.notes,
      status: renewed,
    });
    await recordAudit(tx, actorOf(caller), {
      action: 'certification.updated',
      entityType: 'certification',
      entityId: id,
      details: {
        employeeId,
        before: {
          certificationCode: current.certification_code,
          issuedOn: current.issued_on,
          expiresOn: current.expires_on,
        },
        after: {
          certificationCode,
          issuedOn: body.issuedOn,
          expiresOn: body.expiresOn,
        },
      },
    });
    return certificationView(row!, today);
  });
}

/**
 * Which status changes make sense, from the status as read (an Active row past its date reads Expired).
 * Revoked is final; an expired certification comes back only through a renewal of its dates (PUT).
 */
export const CERTIFICATION_TRANSITIONS: Readonly<
  Record<CertificationStatus, readonly CertificationStatus[]>
> = {
  Active: ['Suspended', 'Revoked', 'Expired'],
  Suspended: ['Active', 'Revoked', 'Expired'],
  Expired: ['Revoked'],
  Revoked: [],
};

export async function changeCertificationStatus(
  deps: ServiceDeps,
  caller: Caller,
  employeeId: string,
  id: string,
  body: CertificationStatusChange,
  expected: number | undefined,
): Promise<Certification> {
  const { buId } = caller.principal;
  return deps.db.transaction(async (tx) => {
    const current = await requireCertification(tx, caller, employeeId, id);
    assertVersion(expected, current.version);
    const { today } = caller.principal;
    const from = effectiveStatus(current, today);
    if (!CERTIFICATION_TRANSITIONS[from].includes(body.Status)) {
      throw conflict(
        'CERTIFICATION_TRANSITION_INVALID',
        `A certification that is ${from} cannot become ${body.Status}`,
        { from, to: body.Status, allowed: CERTIFICATION_TRANSITIONS[from] },
      );
    }
    const row = await repo.updateCertification(tx, buId, id, {
      certificationCode: current.certification_code,
      issuedOn: current.issued_on,
      expiresOn: current.expires_on,
      notes: current.notes,
      status: body.Status,
    });
    await recordAudit(tx, actorOf(caller), {
      action: 'certification.status_changed',
      entityType: 'certification',
      entityId: id,
      details: { employeeId, from, to: body.Status, reason: body.reason ?? null },
    });
    return certificationView(row!, today);
  });
}

/**
 * Deletes a row entered by mistake (a wrong code or dates): audited with what the row held. A certificate
 * that was real and is withdrawn is Revoked instead, so its history stays.
 */
export async function deleteCertification(
  deps: ServiceDeps,
  caller: Caller,
  employeeId: string,
  id: string,
  expected: number | undefined,
): Promise<void> {
  const { buId } = caller.principal;
  await deps.db.transaction(async (tx) => {
    const current = await requireCertification(tx, caller, employeeId, id);
    assertVersion(expected, current.version);
    await repo.deleteCertification(tx, buId, id);
    await recordAudit(tx, actorOf(caller), {
      action: 'certification.deleted',
      entityType: 'certification',
      entityId: id,
      details: {
        employeeId,
        employeeNumber: current.employee_number,
        certificationCode: current.certification_code,
        issuedOn: current.issued_on,
        expiresOn: current.expires_on,
        storedStatus: current.status,
        notes: current.notes,
      },
    });
  });
}

export async function expiringCertifications(
  deps: ServiceDeps,
  caller: Caller,
  query: ExpiringQuery,
): Promise<Page<ExpiringCertification>> {
  const { buId } = caller.principal;
  const { today } = caller.principal;
  const { rows, total } = await repo.expiringCertifications(
    deps.db,
    buId,
    scopeOf(caller, 'certifications.read'),
    today,
    addDays(today, query.withinDays),
    query.pageSize,
    offsetOf(query),
  );
  return pageOf(
    rows.map((r) => ({
      certification: certificationView(r, today),
      employeeNumber: r.employee_number,
      Name_1_English: r.name_en,
      Name_2_Arabic: r.name_ar,
      departmentId: r.department_id,
    })),
    total,
    query,
  );
}

/** How many certifications in the caller's scope are Active and expire within `withinDays` (the dashboard). */
export function countExpiringCertifications(deps: ServiceDeps, caller: Caller, withinDays: number) {
  const { buId, today } = caller.principal;
  const scope = scopeOf(caller, 'certifications.read');
  return repo.countExpiringCertifications(deps.db, buId, scope, today, addDays(today, withinDays));
}

/** The diagnostics sweep: writes Expired onto lapsed Active rows, per unit by that unit's today. */
export async function runExpirySweep(deps: ServiceDeps, actor: AuditActor, buIds: string[]): Promise<number> {
  let expired = 0;
  for (const buId of buIds) {
    await deps.db.transaction(async (tx) => {
      const today = await todayOf(tx, buId, deps.now());
      const rows = await repo.expireLapsed(tx, buId, today);
      expired += rows.length;
      if (rows.length) {
        await recordAudit(
          tx,
          { ...actor, buId },
          {
            action: 'certification.expiry_sweep',
            entityType: 'certification',
            details: { expired: rows.length, today, ids: rows.slice(0, 100).map((r) => r.id) },
          },
        );
      }
    });
  }
  return expired;
}

// ---------------------------------------------------------------- groups

const GROUP_READ = 'employee_group.read';
const GROUP_WRITE = 'employee_group.write';

export async function listGroups(
  deps: ServiceDeps,
  caller: Caller,
  query: GroupListQuery,
): Promise<Page<EmployeeGroup>> {
  const { rows, total } = await repo.listGroups(
    deps.db,
    caller.principal.buId,
    scopeOf(caller, GROUP_READ),
    query,
    query.pageSize,
    offsetOf(query),
  );
  return pageOf(rows.map(groupView), total, query);
}

async function requireGroup(
  executor: Executor,
  caller: Caller,
  permission: Permission,
  id: string,
  forUpdate = false,
) {
  const row = await repo.findGroup(
    executor,
    caller.principal.buId,
    scopeOf(caller, permission),
    id,
    forUpdate,
  );
  if (!row) throw notFound('Employee group');
  return row;
}

export async function getGroup(deps: ServiceDeps, caller: Caller, id: string): Promise<EmployeeGroup> {
  return groupView(await requireGroup(deps.db, caller, GROUP_READ, id));
}

export async function createGroup(
  deps: ServiceDeps,
  caller: Caller,
  body: NewEmployeeGroup,
): Promise<EmployeeGroup> {
  const { buId } = caller.principal;
  const scope = scopeOf(caller, GROUP_WRITE);
  const departmentId = body.departmentId ?? null;
  if (departmentId === null && scope.kind !== 'unit') {
    throw businessRule('DEPARTMENT_REQUIRED', 'Your grant covers some departments only: name one of them', {
      errors: [{ path: '/departmentId', message: 'required for a department-scoped grant' }],
    });
  }
  return deps.db.transaction(async (tx) => {
    if (
      departmentId !== null &&
      (!(await repo.departmentExists(tx, buId, departmentId)) ||
        (scope.kind === 'departments' && !scope.departmentIds.includes(departmentId)))
    ) {
      throw businessRule('DEPARTMENT_UNKNOWN', 'No department with this id in your scope', {
        errors: [{ path: '/departmentId', message: 'unknown department' }],
      });
    }
    const id = await repo.insertGroup(tx, buId, {
      code: body.code,
      nameEn: body.Name_1_English,
      nameAr: body.Name_2_Arabic,
      description: body.description ?? null,
      departmentId,
    });
    if (!id) throw conflict('EMPLOYEE_GROUP_CODE_TAKEN', `A group with code ${body.code} exists already`);
    await recordAudit(tx, actorOf(caller), {
      action: 'employee_group.created',
      entityType: 'employee_group',
      entityId: id,
      details: { code: body.code, departmentId },
    });
    return groupView((await repo.findGroup(tx, buId, { kind: 'unit' }, id))!);
  });
}

export async function updateGroup(
  deps: ServiceDeps,
  caller: Caller,
  id: string,
  body: EmployeeGroupUpdate,
  expected: number | undefined,
): Promise<EmployeeGroup> {
  const { buId } = caller.principal;
  return deps.db.transaction(async (tx) => {
    const current = await requireGroup(tx, caller, GROUP_WRITE, id, true);
    assertVersion(expected, current.version);
    const next = {
      nameEn: body.Name_1_English ?? current.name_en,
      nameAr: body.Name_2_Arabic ?? current.name_ar,
      description: body.description === undefined ? current.description : body.description,
    };
    await repo.updateGroup(tx, buId, id, next);
    await recordAudit(tx, actorOf(caller), {
      action: 'employee_group.updated',
      entityType: 'employee_group',
      entityId: id,
      details: { code: current.code, changes: body },
    });
    return groupView((await repo.findGroup(tx, buId, { kind: 'unit' }, id))!);
  });
}

export async function deleteGroup(
  deps: ServiceDeps,
  caller: Caller,
  id: string,
  expected: number | undefined,
) {
  const { buId } = caller.principal;
  await deps.db.transaction(async (tx) => {
    const current = await requireGroup(tx, caller, GROUP_WRITE, id, true);
    assertVersion(expected, current.version);
    await repo.deleteGroup(tx, buId, id);
    await recordAudit(tx, actorOf(caller), {
      action: 'employee_group.deleted',
      entityType: 'employee_group',
      entityId: id,
      details: { code: current.code, memberCount: current.member_count },
    });
  });
}

export async function membersOf(
  deps: ServiceDeps,
  caller: Caller,
  id: string,
  query: PageQuery,
): Promise<Page<GroupMember>> {
  const { buId } = caller.principal;
  await requireGroup(deps.db, caller, GROUP_READ, id);
  const { rows, total } = await repo.membersOf(
    deps.db,
    buId,
    scopeOf(caller, GROUP_READ),
    id,
    query.pageSize,
    offsetOf(query),
  );
  return pageOf(
    rows.map((r) => ({
      employeeId: r.employee_id,
      employeeNumber: r.employee_number,
      Name_1_English: r.name_en,
      Name_2_Arabic: r.name_ar,
      departmentId: r.department_id,
      addedAt: iso(r.added_at),
    })),
    total,
    query,
  );
}

export async function addMember(
  deps: ServiceDeps,
  caller: Caller,
  id: string,
  employeeId: string,
): Promise<GroupMember> {
  const { buId } = caller.principal;
  return deps.db.transaction(async (tx) => {
    const group = await requireGroup(tx, caller, GROUP_WRITE, id, true);
    const employee = await repo.findEmployee(tx, buId, scopeOf(caller, GROUP_WRITE), employeeId);
    if (!employee) {
      throw businessRule('EMPLOYEE_UNKNOWN', 'No employee with this id in your scope', {
        errors: [{ path: '/employeeId', message: 'unknown employee' }],
      });
    }
    if (group.department_id !== null && employee.department_id !== group.department_id) {
      throw businessRule('GROUP_MEMBER_OUTSIDE_DEPARTMENT', "The employee is not in the group's department");
    }
    if (!(await repo.addMember(tx, id, employeeId))) {
      throw conflict('GROUP_MEMBER_EXISTS', 'The employee is a member already');
    }
    await repo.bumpGroup(tx, buId, id);
    await recordAudit(tx, actorOf(caller), {
      action: 'employee_group.member_added',
      entityType: 'employee_group',
      entityId: id,
      details: { code: group.code, employeeId, employeeNumber: employee.employee_number },
    });
    const members = await repo.membersOf(tx, buId, { kind: 'unit' }, id, 100_000, 0);
    const member = members.rows.find((r) => r.employee_id === employeeId)!;
    return {
      employeeId,
      employeeNumber: member.employee_number,
      Name_1_English: member.name_en,
      Name_2_Arabic: member.name_ar,
      departmentId: member.department_id,
      addedAt: iso(member.added_at),
    };
  });
}

export async function removeMember(deps: ServiceDeps, caller: Caller, id: string, employeeId: string) {
  const { buId } = caller.principal;
  await deps.db.transaction(async (tx) => {
    const group = await requireGroup(tx, caller, GROUP_WRITE, id, true);
    const employee = await repo.findEmployee(tx, buId, scopeOf(caller, GROUP_WRITE), employeeId);
    if (!employee || !(await repo.removeMember(tx, id, employeeId))) throw notFound('Group member');
    await repo.bumpGroup(tx, buId, id);
    await recordAudit(tx, actorOf(caller), {
      action: 'employee_group.member_removed',
      entityType: 'employee_group',
      entityId: id,
      details: { code: group.code, employeeId, employeeNumber: employee.employee_number },
    });
  });
}

// ---------------------------------------------------------------- diagnostics

export async function employeeSummary({ db }: ServiceDeps, buId: string | null) {
  const rows = await repo.summaryCounts(db, buId);
  const of = (dimension: string) =>
    rows.filter((r) => r.dimension === dimension).map((r) => ({ key: r.key, count: r.n }));
  const byStatus = of('status');
  return {
    total: byStatus.reduce((sum, r) => sum + r.count, 0),
    byDepartment: of('department'),
    byStatus,
    byGrade: of('grade'),
  };
}

export async function skillMatrix({ db }: ServiceDeps, buId: string | null, limit = 1000) {
  const rows = await repo.skillMatrixRows(db, buId, limit);
  const skills = [...new Set(rows.map((r) => r.skill_code))].sort();
  const byEmployee = new Map<string, Record<string, string | null>>();
  for (const row of rows) {
    const levels = byEmployee.get(row.employee_number) ?? {};
    levels[row.skill_code] = row.level_code;
    byEmployee.set(row.employee_number, levels);
  }
  return {
    skills,
    employees: [...byEmployee].map(([employeeNumber, levels]) => ({ employeeNumber, levels })),
  };
}
