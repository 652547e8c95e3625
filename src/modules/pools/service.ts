import { actorOf, recordAudit } from '../../core/audit/record.ts';
import { type Caller, scopeOf } from '../../core/auth/caller.ts';
import type { Permission } from '../../core/auth/catalog.ts';
import type { DepartmentScope } from '../../core/auth/principal.ts';
import type { Executor } from '../../core/db/database.ts';
import { sqlState, UNIQUE_VIOLATION } from '../../core/db/errors.ts';
import { businessRule, conflict, notFound } from '../../core/http/errors.ts';
import { offsetOf, type Page, type PageQuery, pageOf } from '../../core/http/pagination.ts';
import { assertVersion } from '../../core/http/versioning.ts';
import type { ServiceDeps } from '../../core/module-context.ts';
import * as repo from './repository.ts';
import type {
  HomePool,
  LendingRule,
  LendingRuleListQuery,
  LendingRuleUpdate,
  NewLendingRule,
  NewPool,
  Pool,
  PoolListQuery,
  PoolMember,
  PoolUpdate,
} from './schemas.ts';

const inDepartments = (scope: DepartmentScope, departmentId: string) =>
  scope.kind === 'unit' || scope.departmentIds.includes(departmentId);

function poolView(row: repo.PoolRow): Pool {
  return {
    id: row.id,
    code: row.code,
    Name_1_English: row.nameEn,
    Name_2_Arabic: row.nameAr,
    description: row.description,
    departmentId: row.departmentId,
    departmentCode: row.departmentCode,
    isDefault: row.isDefault,
    isActive: row.isActive,
    memberCount: Number(row.memberCount),
    version: row.version,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

const poolCodeTaken = (code: string) =>
  conflict('POOL_CODE_TAKEN', `The pool code "${code}" is already in use`);

export async function listPools(
  { db }: ServiceDeps,
  caller: Caller,
  query: PoolListQuery,
): Promise<Page<Pool>> {
  const { rows, total } = await repo.listPools(
    db,
    caller.principal.buId,
    scopeOf(caller, 'pool.read'),
    query,
    query.pageSize,
    offsetOf(query),
  );
  return pageOf(rows.map(poolView), total, query);
}

async function requirePool(executor: Executor, caller: Caller, permission: Permission, id: string) {
  const row = await repo.findPool(executor, caller.principal.buId, scopeOf(caller, permission), id);
  if (!row) throw notFound('The pool');
  return row;
}

export async function getPool({ db }: ServiceDeps, caller: Caller, id: string): Promise<Pool> {
  return poolView(await requirePool(db, caller, 'pool.read', id));
}

export async function createPool(deps: ServiceDeps, caller: Caller, body: NewPool): Promise<Pool> {
  const buId = caller.principal.buId;
  const scope = scopeOf(caller, 'pool.write');
  if (
    !(await repo.departmentExists(deps.db, buId, body.departmentId)) ||
    !inDepartments(scope, body.departmentId)
  ) {
    throw businessRule('DEPARTMENT_UNKNOWN', 'No such department in your scope', {
      errors: [{ path: '/departmentId', message: 'unknown department' }],
    });
  }
  const id = await deps.db
    .transaction(async (tx) => {
      const created = await repo.insertPool(tx, {
        buId,
        departmentId: body.departmentId,
        code: body.code,
        nameEn: body.Name_1_English,
        nameAr: body.Name_2_Arabic,
        description: body.description ?? null,
        isActive: body.isActive ?? true,
      });
      await recordAudit(tx, actorOf(caller), {
        action: 'pool.create',
        entityType: 'pool',
        entityId: created,
        details: { code: body.code, departmentId: body.departmentId },
      });
      return created;
    })
    .catch((error: unknown) => {
      throw sqlState(error) === UNIQUE_VIOLATION ? poolCodeTaken(body.code) : error;
    });
  return getPool(deps, caller, id);
}

export async function updatePool(
  deps: ServiceDeps,
  caller: Caller,
  id: string,
  body: PoolUpdate,
  expectedVersion: number | undefined,
): Promise<Pool> {
  await deps.db
    .transaction(async (tx) => {
      const current = await requirePool(tx, caller, 'pool.write', id);
      const [locked] = await repo.lockPools(tx, caller.principal.buId, [id]);
      assertVersion(expectedVersion, locked?.version ?? current.version);
      if (body.isDefault === false && locked?.isDefault) {
        throw conflict(
          'POOL_DEFAULT_PROTECTED',
          "The department's default pool stays the default: make another pool the default instead",
        );
      }
      const { isDefault, Name_1_English, Name_2_Arabic, ...rest } = body;
      await repo.updatePool(tx, id, {
        ...rest,
        ...(Name_1_English === undefined ? {} : { nameEn: Name_1_English }),
        ...(Name_2_Arabic === undefined ? {} : { nameAr: Name_2_Arabic }),
      });
      const makesDefault = isDefault === true && !locked?.isDefault;
      if (makesDefault) await repo.takeDefault(tx, current.departmentId, id);
      await recordAudit(tx, actorOf(caller), {
        action: 'pool.update',
        entityType: 'pool',
        entityId: id,
        details: { fields: Object.keys(body), ...(makesDefault ? { madeDefault: true } : {}) },
      });
    })
    .catch((error: unknown) => {
      if (sqlState(error) !== UNIQUE_VIOLATION) throw error;
      throw conflict(
        'POOL_DEFAULT_EXISTS',
        'Another pool of the department became its default at the same time; read the pools again',
      );
    });
  return getPool(deps, caller, id);
}

export async function deletePool({ db }: ServiceDeps, caller: Caller, id: string): Promise<void> {
  await db.transaction(async (tx) => {
    const current = await requirePool(tx, caller, 'pool.write', id);
    const [locked] = await repo.lockPools(tx, caller.principal.buId, [id]);
    if (locked?.isDefault) {
      throw conflict('POOL_DEFAULT_PROTECTED', "A department's default pool cannot be deleted");
    }
    if (await repo.poolIsReferenced(tx, id)) {
      throw conflict('POOL_REFERENCED', 'The pool has members or lending rules; remove them first');
    }
    await repo.deletePool(tx, id);
    await recordAudit(tx, actorOf(caller), {
      action: 'pool.delete',
      entityType: 'pool',
      entityId: id,
      details: { code: current.code },
    });
  });
}

// Members (extension)

export async function listMembers(
  { db }: ServiceDeps,
  caller: Caller,
  poolId: string,
  query: PageQuery,
): Promise<Page<PoolMember>> {
  await requirePool(db, caller, 'pool.read', poolId);
  const { rows, total } = await repo.listMembers(db, poolId, query.pageSize, offsetOf(query));
  return pageOf(rows.map(memberView), total, query);
}

function memberView(row: Awaited<ReturnType<typeof repo.findMember>> & object): PoolMember {
  return {
    poolId: row.poolId,
    employeeId: row.employeeId,
    employeeNumber: row.employeeNumber,
    Name_1_English: row.nameEn,
    Name_2_Arabic: row.nameAr,
    departmentId: row.departmentId,
    addedAt: row.addedAt.toISOString(),
  };
}

export async function addMember(
  deps: ServiceDeps,
  caller: Caller,
  poolId: string,
  employeeId: string,
): Promise<PoolMember> {
  await deps.db.transaction(async (tx) => {
    const pool = await requirePool(tx, caller, 'pool.write', poolId);
    const employee = await repo.findEmployee(tx, caller.principal.buId, employeeId);
    if (!employee) {
      throw businessRule('EMPLOYEE_UNKNOWN', 'No employee with this id in your business unit', {
        errors: [{ path: '/employeeId', message: 'unknown employee' }],
      });
    }
    if (employee.departmentId !== pool.departmentId) {
      throw businessRule(
        'EMPLOYEE_NOT_IN_POOL_DEPARTMENT',
        "An employee's explicit pool belongs to the employee's own department",
        { errors: [{ path: '/employeeId', message: 'employee of another department' }] },
      );
    }
    const previous = await repo.setMembership(tx, caller.principal.buId, employeeId, poolId);
    await recordAudit(tx, actorOf(caller), {
      action: 'pool.member_add',
      entityType: 'pool',
      entityId: poolId,
      details: { employeeId, previousPoolId: previous },
    });
  });
  return memberView((await repo.findMember(deps.db, poolId, employeeId))!);
}

export async function removeMember(
  { db }: ServiceDeps,
  caller: Caller,
  poolId: string,
  employeeId: string,
): Promise<void> {
  await db.transaction(async (tx) => {
    await requirePool(tx, caller, 'pool.write', poolId);
    if (!(await repo.removeMembership(tx, poolId, employeeId))) throw notFound('The pool member');
    await recordAudit(tx, actorOf(caller), {
      action: 'pool.member_remove',
      entityType: 'pool',
      entityId: poolId,
      details: { employeeId },
    });
  });
}

/**
 * Home pools for the allocation: each employee's explicit pool, else the department's default pool,
 * with which of the two it is. Employees of other units (or with neither) are left out.
 */
export async function homePoolsOf(
  executor: Executor,
  buId: string,
  employeeIds: readonly string[],
): Promise<Map<string, HomePool>> {
  const rows = await repo.homePoolsOf(executor, buId, employeeIds);
  return new Map(rows.map((row) => [row.employeeId, row]));
}

export async function homePoolOf(
  executor: Executor,
  buId: string,
  employeeId: string,
): Promise<HomePool | undefined> {
  return (await homePoolsOf(executor, buId, [employeeId])).get(employeeId);
}

// Lending rules

async function ruleViews(executor: Executor, rows: repo.LendingRuleRow[]): Promise<LendingRule[]> {
  const skills = await repo.skillsOfRules(
    executor,
    rows.map((row) => row.id),
  );
  return rows.map((row) => ({
    id: row.id,
    sourcePoolId: row.sourcePoolId,
    sourcePoolCode: row.sourcePoolCode,
    targetPoolId: row.targetPoolId,
    targetPoolCode: row.targetPoolCode,
    effectiveFrom: row.effectiveFrom,
    effectiveTo: row.effectiveTo,
    skills: skills.filter((skill) => skill.ruleId === row.id).map(({ id, code }) => ({ id, code })),
    maxPerDay: row.maxPerDay,
    description: row.description,
    version: row.version,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  }));
}

export async function listRules(
  { db }: ServiceDeps,
  caller: Caller,
  query: LendingRuleListQuery,
): Promise<Page<LendingRule>> {
  const { rows, total } = await repo.listRules(
    db,
    caller.principal.buId,
    scopeOf(caller, 'pool_lending_rule.read'),
    query,
    query.pageSize,
    offsetOf(query),
  );
  return pageOf(await ruleViews(db, rows), total, query);
}

export async function getRule({ db }: ServiceDeps, caller: Caller, id: string): Promise<LendingRule> {
  const row = await repo.findRule(db, caller.principal.buId, scopeOf(caller, 'pool_lending_rule.read'), id);
  if (!row) throw notFound('The lending rule');
  return (await ruleViews(db, [row]))[0]!;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

async function resolveSkills(executor: Executor, buId: string, refs: string[]): Promise<string[]> {
  const ids = refs.filter((ref) => UUID.test(ref));
  const codes = refs.filter((ref) => !UUID.test(ref));
  const found = await repo.findSkills(executor, buId, ids, codes);
  const unknown = refs
    .map((ref, index) => ({ ref, index }))
    .filter(({ ref }) => !found.some((skill) => skill.id === ref.toLowerCase() || skill.code === ref));
  if (unknown.length) {
    throw businessRule('SKILL_UNKNOWN', 'Some skills are not skills of your business unit', {
      errors: unknown.map(({ ref, index }) => ({
        path: `/skills/${index}`,
        message: `unknown skill ${ref}`,
      })),
    });
  }
  return [...new Set(found.map((skill) => skill.id))];
}

function assertWindow(from: string, to: string | null) {
  if (to !== null && to < from) {
    throw businessRule('INVALID_DATE_RANGE', 'effectiveTo must not be before effectiveFrom', {
      errors: [{ path: '/effectiveTo', message: 'before effectiveFrom' }],
    });
  }
}

async function assertNoOverlap(
  executor: Executor,
  source: string,
  target: string,
  from: string,
  to: string | null,
  exceptId?: string,
) {
  const overlapping = await repo.overlappingRules(executor, source, target, from, to, exceptId);
  if (overlapping.length) {
    throw conflict(
      'LENDING_RULE_OVERLAP',
      'Another rule for the same source and target pools is in force during part of this window',
      { overlappingRuleIds: overlapping },
    );
  }
}

export async function createRule(
  deps: ServiceDeps,
  caller: Caller,
  body: NewLendingRule,
): Promise<LendingRule> {
  const buId = caller.principal.buId;
  if (body.sourcePoolId === body.targetPoolId) {
    throw businessRule('LENDING_RULE_SELF', 'A pool cannot lend to itself', {
      errors: [{ path: '/targetPoolId', message: 'same as sourcePoolId' }],
    });
  }
  const to = body.effectiveTo ?? null;
  assertWindow(body.effectiveFrom, to);
  const id = await deps.db.transaction(async (tx) => {
    // Locking both pools serialises rule writes of one pair, so the overlap check cannot race.
    const locked = await repo.lockPools(tx, buId, [body.sourcePoolId, body.targetPoolId]);
    const source = locked.find((pool) => pool.id === body.sourcePoolId);
    const target = locked.find((pool) => pool.id === body.targetPoolId);
    // The target may be any pool of the unit: a department lends its staff to others.
    const unknown = [...(source ? [] : ['/sourcePoolId']), ...(target ? [] : ['/targetPoolId'])];
    if (unknown.length) {
      throw businessRule('POOL_UNKNOWN', 'No such pool in your business unit', {
        errors: unknown.map((path) => ({ path, message: 'unknown pool' })),
      });
    }
    if (!inDepartments(scopeOf(caller, 'pool_lending_rule.write'), source!.departmentId)) {
      throw businessRule('POOL_UNKNOWN', "A rule is written by the lending (source) pool's department", {
        errors: [{ path: '/sourcePoolId', message: 'pool outside your departments' }],
      });
    }
    const skillIds = await resolveSkills(tx, buId, body.skills ?? []);
    await assertNoOverlap(tx, body.sourcePoolId, body.targetPoolId, body.effectiveFrom, to);
    const created = await repo.insertRule(tx, {
      buId,
      sourcePoolId: body.sourcePoolId,
      targetPoolId: body.targetPoolId,
      effectiveFrom: body.effectiveFrom,
      effectiveTo: to,
      maxPerDay: body.maxPerDay ?? null,
      description: body.description ?? null,
    });
    await repo.setRuleSkills(tx, created, skillIds);
    await recordAudit(tx, actorOf(caller), {
      action: 'pool_lending_rule.create',
      entityType: 'pool_lending_rule',
      entityId: created,
      details: { ...body },
    });
    return created;
  });
  return getRule(deps, caller, id);
}

async function requireRuleForWrite(executor: Executor, caller: Caller, id: string) {
  const buId = caller.principal.buId;
  const row = await repo.findRule(executor, buId, scopeOf(caller, 'pool_lending_rule.read'), id);
  if (!row) throw notFound('The lending rule');
  const [source] = await repo.lockPools(executor, buId, [row.sourcePoolId]);
  if (!source || !inDepartments(scopeOf(caller, 'pool_lending_rule.write'), source.departmentId)) {
    throw notFound('The lending rule');
  }
  await repo.lockPools(executor, buId, [row.sourcePoolId, row.targetPoolId]);
  return (await repo.findRule(executor, buId, { kind: 'unit' }, id, true))!;
}

export async function updateRule(
  deps: ServiceDeps,
  caller: Caller,
  id: string,
  body: LendingRuleUpdate,
  expectedVersion: number | undefined,
): Promise<LendingRule> {
  await deps.db.transaction(async (tx) => {
    const current = await requireRuleForWrite(tx, caller, id);
    assertVersion(expectedVersion, current.version);
    const from = body.effectiveFrom ?? current.effectiveFrom;
    const to = body.effectiveTo === undefined ? current.effectiveTo : body.effectiveTo;
    assertWindow(from, to);
    await assertNoOverlap(tx, current.sourcePoolId, current.targetPoolId, from, to, id);
    await repo.updateRule(tx, id, {
      effectiveFrom: from,
      effectiveTo: to,
      ...(body.maxPerDay === undefined ? {} : { maxPerDay: body.maxPerDay }),
      ...(body.description === undefined ? {} : { description: body.description }),
    });
    if (body.skills)
      await repo.setRuleSkills(tx, id, await resolveSkills(tx, caller.principal.buId, body.skills));
    await recordAudit(tx, actorOf(caller), {
      action: 'pool_lending_rule.update',
      entityType: 'pool_lending_rule',
      entityId: id,
      details: { ...body },
    });
  });
  return getRule(deps, caller, id);
}

export async function deleteRule({ db }: ServiceDeps, caller: Caller, id: string): Promise<void> {
  await db.transaction(async (tx) => {
    const current = await requireRuleForWrite(tx, caller, id);
    await repo.deleteRule(tx, id);
    await recordAudit(tx, actorOf(caller), {
      action: 'pool_lending_rule.delete',
      entityType: 'pool_lending_rule',
      entityId: id,
      details: { sourcePoolId: current.sourcePoolId, targetPoolId: current.targetPoolId },
    });
  });
}

// Staffing of a department's demand (read by allocation)

export interface LendingIntoRule {
  id: string;
  sourcePoolId: string;
  targetPoolId: string;
  effectiveFrom: string;
  effectiveTo: string | null;
  maxPerDay: number | null;
  skillIds: string[];
}

/** A department's pools, the rules lending into them over [from, to], and who belongs to which side. */
export async function staffingOf(
  executor: Executor,
  buId: string,
  departmentId: string,
  from: string,
  to: string,
): Promise<{
  poolIds: string[];
  defaultPoolId: string | null;
  rules: LendingIntoRule[];
  staffIds: string[];
}> {
  const own = await repo.poolsOfDepartment(executor, buId, departmentId);
  const poolIds = own.map((pool) => pool.id);
  const rules = (await repo.rulesInto(executor, buId, poolIds, from, to))
    .filter((rule) => !poolIds.includes(rule.source_pool_id))
    .map((rule) => ({
      id: rule.id,
      sourcePoolId: rule.source_pool_id,
      targetPoolId: rule.target_pool_id,
      effectiveFrom: rule.effective_from,
      effectiveTo: rule.effective_to,
      maxPerDay: rule.max_per_day,
      skillIds: rule.skill_ids,
    }));
  const sources = [...new Set(rules.map((rule) => rule.sourcePoolId))];
  const staffIds = await repo.membersOfPools(executor, buId, [...poolIds, ...sources]);
  return { poolIds, defaultPoolId: own.find((pool) => pool.isDefault)?.id ?? null, rules, staffIds };
}
