import { actorOf, recordAudit } from '../../core/audit/record.ts';
import { type Caller, scopeOf } from '../../core/auth/caller.ts';
import type { Permission } from '../../core/auth/catalog.ts';
import { scopeReaches } from '../../core/auth/principal.ts';
import type { Executor } from '../../core/db/database.ts';
import { sqlState, UNIQUE_VIOLATION } from '../../core/db/errors.ts';
import { businessRule, conflict, notFound } from '../../core/http/errors.ts';
import { offsetOf, type Page, type PageQuery, pageOf } from '../../core/http/pagination.ts';
import { assertVersion } from '../../core/http/versioning.ts';
import type { ServiceDeps } from '../../core/module-context.ts';
import { isDepartment } from '../lookups/reads.ts';
import * as repo from './repository.ts';
import type { HomePool, NewPool, Pool, PoolListQuery, PoolMember, PoolUpdate } from './schemas.ts';

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
  if (!(await isDepartment(deps.db, buId, body.departmentId)) || !scopeReaches(scope, body.departmentId)) {
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
): Promise<Pool> {
  await deps.db
    .transaction(async (tx) => {
      const current = await requirePool(tx, caller, 'pool.write', id);
      const [locked] = await repo.lockPools(tx, caller.principal.buId, [id]);
      assertVersion(caller.expectedVersion, locked?.version ?? current.version);
      if (body.isDefault === false && locked?.isDefault) {
        throw conflict(
          'POOL_DEFAULT_PROTECTED',
          "The department's default pool stays the default: make another pool the default instead",
        );
      }
      const { isDefault, Name_1_English, Name_2_Arabic, ...rest } = body;
      const at = deps.now();
      await repo.updatePool(
        tx,
        id,
        {
          ...rest,
          ...(Name_1_English === undefined ? {} : { nameEn: Name_1_English }),
          ...(Name_2_Arabic === undefined ? {} : { nameAr: Name_2_Arabic }),
        },
        at,
      );
      const makesDefault = isDefault === true && !locked?.isDefault;
      if (makesDefault) await repo.takeDefault(tx, current.departmentId, id, at);
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
    const previous = await repo.setMembership(tx, caller.principal.buId, employeeId, poolId, deps.now());
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
