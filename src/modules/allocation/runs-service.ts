import { actorOf, recordAudit } from '../../core/audit/record.ts';
import { type Caller, scopeOf } from '../../core/auth/caller.ts';
import type { Permission } from '../../core/auth/catalog.ts';
import type { Executor } from '../../core/db/database.ts';
import type { AllocationRunStatus } from '../../core/db/tables/index.ts';
import { assertDateRange } from '../../core/http/date-range.ts';
import { type AppError, businessRule, conflict, notFound } from '../../core/http/errors.ts';
import { offsetOf, type Page, pageOf } from '../../core/http/pagination.ts';
import type { ServiceDeps } from '../../core/module-context.ts';
import { daysBetween } from '../../core/time/dates.ts';
import type { Instance, Result } from '../../engine/index.ts';
import * as repo from './repository.ts';
import type {
  NewRun,
  Run,
  RunChange,
  RunListQuery,
  RunOptions,
  RunProgress,
  RunResult,
  RunReview,
} from './schemas.ts';
import { changesSinceRuns } from './staleness.ts';
import { unpackJson } from './stored.ts';

/** The longest period one run may cover, as a demand plan. */
const MAX_RUN_DAYS = 92;
export const TRANSITIONS: Record<'execute' | 'rerun' | 'review' | 'lock', readonly AllocationRunStatus[]> = {
  execute: ['Draft'],
  rerun: ['Executed', 'Reviewed'],
  review: ['Executed'],
  lock: ['Reviewed'],
};

export function transitionRefused(status: AllocationRunStatus, action: string): AppError {
  const allowed = Object.entries(TRANSITIONS)
    .filter(([, from]) => from.includes(status))
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

const isExecuting = (row: repo.RunRow) => row.status === 'Executing';

/** Progress as stored, with the time elapsed since the execution started, as of `now`. */
function progressView(row: repo.RunRow, now: Date): Run['progress'] {
  const progress = row.progress as RunProgress | null;
  if (!isExecuting(row) || !progress) return null;
  return { ...progress, elapsedMs: Math.max(0, now.getTime() - Date.parse(progress.startedAt)) };
}

export function runView(row: repo.RunRow, now: Date, changedSinceRun: RunChange[] = []): Run {
  const options = row.options as RunOptions;
  return {
    id: row.id,
    plan: { id: row.planId, name: row.planName },
    departmentId: row.departmentId,
    from: row.periodFrom,
    to: row.periodTo,
    Status: row.status,
    options,
    executing: isExecuting(row),
    progress: progressView(row, now),
    lastFailure: (row.lastFailure as Run['lastFailure']) ?? null,
    executions: row.executions,
    result: (row.summary as RunResult | null) ?? null,
    lockedAssignments: row.lockedAssignments,
    created: { by: row.createdBy, at: row.createdAt.toISOString() },
    executed: at(row.executedBy, row.executedAt),
    planChangedSinceRun: row.executedAt !== null && row.planUpdatedAt > row.executedAt,
    changedSinceRun,
    reviewed: at(row.reviewedBy, row.reviewedAt),
    reviewComment: row.reviewComment,
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

/** Changes since the last execution matter while a rerun may still answer them (Executed or Reviewed). */
async function withChanges(executor: Executor, rows: repo.RunRow[], now: Date): Promise<Run[]> {
  const changes = await changesSinceRuns(
    executor,
    rows.filter((row) => TRANSITIONS.rerun.includes(row.status)),
  );
  return rows.map((row) => runView(row, now, changes.get(row.id)));
}

export async function getRun(deps: ServiceDeps, caller: Caller, id: string): Promise<Run> {
  const row = await requireRun(deps.db, caller, 'allocation_run.read', id);
  const [run] = await withChanges(deps.db, [row], deps.now());
  return run!;
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
  return pageOf(await withChanges(deps.db, rows, deps.now()), total, query);
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

export async function reviewRun(
  deps: ServiceDeps,
  caller: Caller,
  id: string,
  body: RunReview,
): Promise<Run> {
  const comment = body.comment?.trim() || null;
  await deps.db.transaction(async (tx) => {
    const run = await requireRun(tx, caller, 'allocation_run.write', id, true);
    if (isExecuting(run)) {
      throw conflict('RUN_EXECUTING', 'The engine is working on this run; review it when it has finished');
    }
    if (!TRANSITIONS.review.includes(run.status)) throw transitionRefused(run.status, 'review');
    await repo.moveStatus(tx, id, 'Executed', 'Reviewed', {
      reviewedBy: caller.principal.userId,
      reviewedAt: deps.now(),
      reviewComment: comment,
    });
    await recordAudit(tx, actorOf(caller), {
      action: 'allocation_run.review',
      entityType: 'allocation_run',
      entityId: id,
      details: { from: run.status, to: 'Reviewed', comment },
    });
  });
  return getRun(deps, caller, id);
}

export async function archiveRun(deps: ServiceDeps, caller: Caller, id: string): Promise<void> {
  await deps.db.transaction(async (tx) => {
    const run = await requireRun(tx, caller, 'allocation_run.archive', id, true);
    if (run.status === 'Archived') throw transitionRefused(run.status, 'archive');
    if (isExecuting(run)) {
      throw conflict('RUN_EXECUTING', 'The engine is working on this run; archive it when it has finished');
    }
    await repo.moveStatus(tx, id, run.status, 'Archived', {
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
