import { actorOf, recordAudit } from '../../core/audit/record.ts';
import { type Caller, scopeOf } from '../../core/auth/caller.ts';
import type { Permission } from '../../core/auth/catalog.ts';
import type { Executor } from '../../core/db/database.ts';
import type { AllocationRunStatus } from '../../core/db/schema/index.ts';
import { assertDateRange } from '../../core/http/date-range.ts';
import { AppError, businessRule, conflict, notFound } from '../../core/http/errors.ts';
import { offsetOf, type Page, pageOf } from '../../core/http/pagination.ts';
import type { ServiceDeps } from '../../core/module-context.ts';
import { daysBetween } from '../../core/time/dates.ts';
import type { Instance, Result, UnfilledLine } from '../../engine/index.ts';
import { buildSnapshot, LIVE_LINE_PREFIX, planLines } from '../roster/snapshot.ts';
import { readSettings } from '../settings/service.ts';
import { lineRefsOf } from './line-refs.ts';
import * as repo from './repository.ts';
import type { NewRun, Run, RunListQuery, RunOptions, RunResult } from './schemas.ts';
import { packJson, unpackJson } from './stored.ts';
import { allocateInWorker } from './worker/run-in-worker.ts';

/** The longest period one run may cover, as a demand plan. */
const MAX_RUN_DAYS = 92;
/** Past the search limit, the worker gets this much more (at least) before it is ended. */
const HARD_LIMIT_GRACE_MS = 5_000;

const TRANSITIONS: Record<'execute' | 'rerun' | 'review' | 'lock', readonly AllocationRunStatus[]> = {
  execute: ['Draft'],
  rerun: ['Executed', 'Reviewed'],
  review: ['Executed'],
  lock: ['Reviewed'],
};

export function transitionRefused(status: string, action: string): AppError {
  const allowed = Object.entries(TRANSITIONS)
    .filter(([, from]) => from.includes(status as AllocationRunStatus))
    .map(([name]) => name);
  if (status !== 'Archived') allowed.push('archive');
  return conflict('INVALID_STATE_TRANSITION', `A ${status} run cannot ${action}`, {
    state: status,
    action,
    allowed,
  });
}

const at = (by: string | null, when: Date | null) =>
  by !== null && when !== null ? { by, at: when.toISOString() } : null;

/** When the worker is ended: the search limit and a grace for building, starting and answering. */
const hardLimitMs = (searchMs: number) => searchMs + Math.max(HARD_LIMIT_GRACE_MS, searchMs / 2);

const isExecuting = (row: repo.RunRow, now: Date) =>
  row.executingUntil !== null && row.executingUntil.getTime() > now.getTime();

export function runView(row: repo.RunRow, now: Date): Run {
  const options = row.options as RunOptions;
  return {
    id: row.id,
    plan: { id: row.planId, name: row.planName },
    departmentId: row.departmentId,
    from: row.periodFrom,
    to: row.periodTo,
    Status: row.status as AllocationRunStatus,
    options,
    executing: isExecuting(row, now),
    executions: row.executions,
    result: (row.summary as RunResult | null) ?? null,
    lockedAssignments: row.lockedAssignments,
    created: { by: row.createdBy, at: row.createdAt.toISOString() },
    executed: at(row.executedBy, row.executedAt),
    reviewed: at(row.reviewedBy, row.reviewedAt),
    locked: at(row.lockedBy, row.lockedAt),
    archived: at(row.archivedBy, row.archivedAt),
    version: row.version,
    updatedAt: row.updatedAt.toISOString(),
  };
}

export async function requireRun(
  executor: Executor,
  caller: Caller,
  permission: Permission,
  id: string,
  forUpdate = false,
): Promise<repo.RunRow> {
  const row = await repo.findRun(executor, caller.principal.buId, scopeOf(caller, permission), id, forUpdate);
  if (!row) throw notFound('The allocation run');
  return row;
}

export async function getRun(deps: ServiceDeps, caller: Caller, id: string): Promise<Run> {
  return runView(await requireRun(deps.db, caller, 'allocation_run.read', id), deps.now());
}

export async function listRuns(deps: ServiceDeps, caller: Caller, query: RunListQuery): Promise<Page<Run>> {
  const { rows, total } = await repo.listRuns(
    deps.db,
    caller.principal.buId,
    scopeOf(caller, 'allocation_run.read'),
    query,
    query.pageSize,
    offsetOf(query),
  );
  const now = deps.now();
  return pageOf(
    rows.map((row) => runView(row, now)),
    total,
    query,
  );
}

export async function createRun(deps: ServiceDeps, caller: Caller, body: NewRun): Promise<Run> {
  const { principal } = caller;
  const plan = await repo.findPlan(
    deps.db,
    principal.buId,
    scopeOf(caller, 'allocation_run.write'),
    body.planId,
  );
  if (!plan) {
    throw businessRule('DEMAND_PLAN_UNKNOWN', 'No demand plan with this id in your scope', {
      errors: [{ path: '/planId', message: 'unknown plan' }],
    });
  }
  if (plan.status === 'Archived') throw businessRule('DEMAND_PLAN_ARCHIVED', 'The plan is archived');
  assertDateRange(body.from, body.to);
  if (body.from < plan.periodFrom || body.to > plan.periodTo) {
    throw businessRule(
      'PERIOD_OUTSIDE_PLAN',
      `The run's period must lie within the plan's, ${plan.periodFrom} to ${plan.periodTo}`,
      { planFrom: plan.periodFrom, planTo: plan.periodTo },
    );
  }
  if (daysBetween(body.from, body.to) > MAX_RUN_DAYS) {
    throw businessRule('PERIOD_TOO_LONG', `A run covers at most ${MAX_RUN_DAYS} days`);
  }
  const id = await deps.db.transaction(async (tx) => {
    const created = await repo.insertRun(tx, {
      buId: principal.buId,
      planId: plan.id,
      departmentId: plan.departmentId,
      periodFrom: body.from,
      periodTo: body.to,
      options: body.options ?? {},
      createdBy: principal.userId,
    });
    await recordAudit(tx, actorOf(caller), {
      action: 'allocation_run.create',
      entityType: 'allocation_run',
      entityId: created,
      details: { planId: plan.id, from: body.from, to: body.to },
    });
    return created;
  });
  return getRun(deps, caller, id);
}

/** Turns the engine's result into the run's summary: lines by code, counts, timing. */
async function summarize(
  executor: Executor,
  buId: string,
  instance: Instance,
  result: Result,
  executionMs: number,
  timeLimitMs: number,
): Promise<RunResult> {
  const unfilled = result.unfilled.filter((line) => !line.lineId.startsWith(LIVE_LINE_PREFIX));
  const refs = await lineRefsOf(
    executor,
    buId,
    instance,
    unfilled.map((line) => line.lineId),
  );
  const proposed = result.assignments.filter((a) => !a.fixed);
  return {
    coverage: result.coverage,
    unfilled: unfilled.map((line: UnfilledLine) => ({
      line: refs.get(line.lineId)!,
      missing: line.missing,
      reasons: line.reasons,
    })),
    fairness: { spreadHours: result.fairness.spreadHours, spreadShifts: result.fairness.spreadShifts },
    proposed: proposed.length,
    lent: proposed.filter((a) => a.lendingRuleId !== undefined).length,
    fixed: result.assignments.length - proposed.length,
    employees: instance.employees.length,
    changedFromPrevious: result.changedFromPrevious ?? null,
    durationMs: Math.round(result.durationMs),
    executionMs: Math.round(executionMs),
    timeLimitMs,
    engineVersion: result.engineVersion,
  };
}

/** The instance and result a run stored. */
export async function storedRun(
  executor: Executor,
  id: string,
): Promise<{ instance: Instance; result: Result } | null> {
  const blobs = await repo.storedBlobs(executor, id);
  if (!blobs?.instance || !blobs.result) return null;
  const [instance, result] = await Promise.all([
    unpackJson<Instance>(blobs.instance),
    unpackJson<Result>(blobs.result),
  ]);
  return { instance, result };
}

/**
 * Execute (from Draft) or rerun (from Executed or Reviewed): snapshot the database, run the engine in a
 * worker thread within the time limit, store instance, result and summary. One execution per run at a time.
 */
export async function executeRun(
  deps: ServiceDeps,
  caller: Caller,
  id: string,
  action: 'execute' | 'rerun',
): Promise<Run> {
  const { principal } = caller;
  const run = await requireRun(deps.db, caller, 'allocation_run.execute', id);
  const allowed = TRANSITIONS[action];
  if (!allowed.includes(run.status as AllocationRunStatus)) throw transitionRefused(run.status, action);
  const { settings } = await readSettings(deps.db, principal.buId);
  const searchMs =
    ((run.options as RunOptions).timeLimitSeconds ?? settings['allocation.timeLimitSeconds']) * 1000;
  const started = deps.now();
  // The claim outlives the worker by a minute: snapshot and storing happen around it.
  const claim = await repo.claimExecution(
    deps.db,
    id,
    allowed,
    started,
    new Date(started.getTime() + hardLimitMs(searchMs) + 60_000),
  );
  if (!claim) {
    const current = await requireRun(deps.db, caller, 'allocation_run.execute', id);
    if (!allowed.includes(current.status as AllocationRunStatus))
      throw transitionRefused(current.status, action);
    throw conflict('RUN_EXECUTING', 'The engine is working on this run already; read it again shortly');
  }
  const clock = performance.now();
  try {
    const previous =
      action === 'rerun'
        ? (await storedRun(deps.db, id))?.result.assignments
            .filter((a) => !a.fixed)
            .map((a) => ({ employeeId: a.employeeId, lineId: a.lineId }))
        : undefined;
    const instance = await buildSnapshot(deps.db, {
      buId: principal.buId,
      departmentId: run.departmentId,
      from: run.periodFrom,
      to: run.periodTo,
      lines: await planLines(deps.db, run.planId, run.periodFrom, run.periodTo),
      ...(previous ? { previous } : {}),
    });
    const result = await allocateInWorker(instance, {
      searchLimitMs: searchMs,
      timeLimitMs: hardLimitMs(searchMs),
    });
    const [packedInstance, packedResult] = await Promise.all([packJson(instance), packJson(result)]);
    const summary = await summarize(
      deps.db,
      principal.buId,
      instance,
      result,
      performance.now() - clock,
      searchMs,
    );
    await deps.db.transaction(async (tx) => {
      const stored = await repo.finishExecution(tx, id, claim, {
        instance: packedInstance,
        result: packedResult,
        summary,
        executedBy: principal.userId,
        executedAt: deps.now(),
      });
      if (!stored) throw conflict('RUN_EXECUTING', 'The run was taken over by another execution meanwhile');
      await recordAudit(tx, actorOf(caller), {
        action: `allocation_run.${action}`,
        entityType: 'allocation_run',
        entityId: id,
        details: {
          from: run.status,
          to: 'Executed',
          coverage: summary.coverage,
          changedFromPrevious: summary.changedFromPrevious,
          durationMs: summary.durationMs,
        },
      });
    });
  } catch (error) {
    await repo.releaseExecution(deps.db, id, claim);
    if (error instanceof DOMException && error.name === 'TimeoutError') {
      throw new AppError(
        503,
        'ALLOCATION_TIMED_OUT',
        `The engine did not answer within ${hardLimitMs(searchMs)} ms`,
      );
    }
    throw error;
  }
  return getRun(deps, caller, id);
}

export async function reviewRun(deps: ServiceDeps, caller: Caller, id: string): Promise<Run> {
  await deps.db.transaction(async (tx) => {
    const run = await requireRun(tx, caller, 'allocation_run.write', id, true);
    if (isExecuting(run, deps.now())) {
      throw conflict('RUN_EXECUTING', 'The engine is working on this run; review it when it has finished');
    }
    if (!TRANSITIONS.review.includes(run.status as AllocationRunStatus))
      throw transitionRefused(run.status, 'review');
    await repo.moveStatus(tx, id, 'Executed', 'Reviewed', {
      reviewedBy: caller.principal.userId,
      reviewedAt: deps.now(),
    });
    await recordAudit(tx, actorOf(caller), {
      action: 'allocation_run.review',
      entityType: 'allocation_run',
      entityId: id,
      details: { from: run.status, to: 'Reviewed' },
    });
  });
  return getRun(deps, caller, id);
}

export async function archiveRun(deps: ServiceDeps, caller: Caller, id: string): Promise<void> {
  await deps.db.transaction(async (tx) => {
    const run = await requireRun(tx, caller, 'allocation_run.archive', id, true);
    if (run.status === 'Archived') throw transitionRefused(run.status, 'archive');
    if (isExecuting(run, deps.now())) {
      throw conflict('RUN_EXECUTING', 'The engine is working on this run; archive it when it has finished');
    }
    await repo.moveStatus(tx, id, run.status as AllocationRunStatus, 'Archived', {
      archivedBy: caller.principal.userId,
      archivedAt: deps.now(),
    });
    await recordAudit(tx, actorOf(caller), {
      action: 'allocation_run.archive',
      entityType: 'allocation_run',
      entityId: id,
      details: { from: run.status, to: 'Archived' },
    });
  });
}

/** Whether a demand plan is used by a run that is not archived (the plan then cannot be deleted). */
export async function planHasActiveRuns(executor: Executor, planId: string): Promise<boolean> {
  return (await repo.activeRunsOfPlan(executor, planId)) > 0;
}
