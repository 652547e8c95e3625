import { actorOf, recordAudit } from '../../core/audit/record.ts';
import { type Caller, scopeOf } from '../../core/auth/caller.ts';
import { scopeReaches } from '../../core/auth/principal.ts';
import type { Executor } from '../../core/db/database.ts';
import { businessRule, conflict, notFound } from '../../core/http/errors.ts';
import { offsetOf, type Page, pageOf } from '../../core/http/pagination.ts';
import { assertVersion } from '../../core/http/versioning.ts';
import type { ServiceDeps } from '../../core/module-context.ts';
import { skillsByIdsOrCodes } from '../lookups/reads.ts';
import * as repo from './repository.ts';
import type { LendingRule, LendingRuleListQuery, LendingRuleUpdate, NewLendingRule } from './schemas.ts';

/** Lending rules: which pool may lend staff to which, when, for which skills and how many a day. */

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
  const found = await skillsByIdsOrCodes(executor, buId, ids, codes);
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
    if (!scopeReaches(scopeOf(caller, 'pool_lending_rule.write'), source!.departmentId)) {
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
  if (!source || !scopeReaches(scopeOf(caller, 'pool_lending_rule.write'), source.departmentId)) {
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
): Promise<LendingRule> {
  await deps.db.transaction(async (tx) => {
    const current = await requireRuleForWrite(tx, caller, id);
    assertVersion(caller.expectedVersion, current.version);
    const from = body.effectiveFrom ?? current.effectiveFrom;
    const to = body.effectiveTo === undefined ? current.effectiveTo : body.effectiveTo;
    assertWindow(from, to);
    await assertNoOverlap(tx, current.sourcePoolId, current.targetPoolId, from, to, id);
    await repo.updateRule(
      tx,
      id,
      {
        effectiveFrom: from,
        effectiveTo: to,
        ...(body.maxPerDay === undefined ? {} : { maxPerDay: body.maxPerDay }),
        ...(body.description === undefined ? {} : { description: body.description }),
      },
      deps.now(),
    );
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
