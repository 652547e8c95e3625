import { type AuditActor, actorOf, recordAudit } from '../../core/audit/record.ts';
import type { Caller } from '../../core/auth/caller.ts';
import type { Executor } from '../../core/db/database.ts';
import { conflict } from '../../core/http/errors.ts';
import { enqueueJob } from '../../core/jobs/queue.ts';
import type { JobHandler, JobStatus } from '../../core/jobs/runner.ts';
import type { EngineRunObserver } from '../../core/metrics/metrics.ts';
import type { ServiceDeps } from '../../core/module-context.ts';
import { type Instance, InstanceError, type Result, type UnfilledLine } from '../../engine/index.ts';
import { recordRunCost } from '../costs/service.ts';
import { type NotificationEvent, notify } from '../notifications/service.ts';
import { buildSnapshot, type DroppedLiveWork, LIVE_LINE_PREFIX, planLines } from '../roster/snapshot.ts';
import { readSettings } from '../settings/service.ts';
import { lineOrderOf, lineRefsOf } from './line-refs.ts';
import * as repo from './repository.ts';
import { getRun, requireRun, storedRun, TRANSITIONS, transitionRefused } from './runs-service.ts';
import type { Run, RunOptions, RunProgress, RunResult } from './schemas.ts';
import { packJson } from './stored.ts';
import { allocateInWorker } from './worker/run-in-worker.ts';

/** The job kind of an execution (DESIGN §9: runs execute in the background). */
export const ALLOCATION_RUN_JOB = 'allocation_run';
/** A run whose executing process died this many times is marked failed rather than tried again. */
const MAX_ATTEMPTS = 3;
/** Past the search limit, the worker gets this much more (at least) before it is ended. */
const HARD_LIMIT_GRACE_MS = 5_000;
/** How often a running execution looks whether its runner is stopping or lost the job. */
const WATCH_MS = 250;

/** When the worker is ended: the search limit and a grace for building, starting and answering. */
export const hardLimitMs = (searchMs: number) => searchMs + Math.max(HARD_LIMIT_GRACE_MS, searchMs / 2);

interface ExecutionPayload {
  runId: string;
  action: 'execute' | 'rerun';
  actor: AuditActor;
}

/**
 * Execute (from Draft) or rerun (from Executed or Reviewed): the run goes `Executing` and a job is queued
 * in the same transaction, so that exactly one of concurrent requests wins and a crash loses nothing.
 */
export async function requestExecution(
  deps: ServiceDeps & { wake: () => void },
  caller: Caller,
  id: string,
  action: 'execute' | 'rerun',
): Promise<Run> {
  const { principal } = caller;
  await deps.db.transaction(async (tx) => {
    const run = await requireRun(tx, caller, 'allocation_run.execute', id, true);
    if (run.status === 'Executing') {
      throw conflict('RUN_EXECUTING', 'The engine is working on this run already; read it again shortly');
    }
    const from = run.status;
    if (!TRANSITIONS[action].includes(from)) throw transitionRefused(run.status, action);
    const payload: ExecutionPayload = { runId: id, action, actor: actorOf(caller) };
    const jobId = await enqueueJob(tx, {
      buId: principal.buId,
      kind: ALLOCATION_RUN_JOB,
      payload: { ...payload },
      createdBy: principal.userId,
      createdByUsername: principal.username,
    });
    const progress: RunProgress = { phase: 'queued', startedAt: deps.now().toISOString(), coverage: null };
    await repo.startExecution(tx, id, from, { jobId, progress });
  });
  deps.wake();
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
  dropped: DroppedLiveWork[],
): Promise<RunResult> {
  const order = await lineOrderOf(executor, buId, instance);
  const unfilled = result.unfilled.filter((line) => !line.lineId.startsWith(LIVE_LINE_PREFIX)).sort(order);
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
    fairness: {
      spreadHours: result.fairness.spreadHours,
      spreadShifts: result.fairness.spreadShifts,
      unsocialShifts: result.fairness.unsocialShifts,
    },
    search: {
      stoppedBy: result.search.stoppedBy,
      bound: Math.round(result.search.bound),
      gap: Math.round(result.search.gap),
      ...(result.search.overrunMs === undefined ? {} : { overrunMs: Math.round(result.search.overrunMs) }),
      ...(result.search.exact === undefined ? {} : { exactWindows: result.search.exact }),
    },
    wishes: { ...result.wishes.total, byEmployee: result.wishes.byEmployee },
    proposed: proposed.length,
    lent: proposed.filter((a) => a.lendingRuleId !== undefined).length,
    fixed: result.assignments.length - proposed.length,
    droppedLiveWork: dropped,
    employees: instance.employees.length,
    changedFromPrevious: result.changedFromPrevious ?? null,
    durationMs: Math.round(result.durationMs),
    executionMs: Math.round(executionMs),
    timeLimitMs,
    engineVersion: result.engineVersion,
  };
}

/** Why an execution ended without a result, as the run shows it. */
function failureOf(error: unknown): { code: string; detail: string } {
  if (error instanceof InstanceError) {
    return { code: 'INSTANCE_INVALID', detail: error.problems.slice(0, 5).join('; ') };
  }
  if (error instanceof DOMException && error.name === 'TimeoutError') {
    return { code: 'ALLOCATION_TIMED_OUT', detail: error.message };
  }
  return { code: 'EXECUTION_FAILED', detail: error instanceof Error ? error.message : String(error) };
}

/** Its planner is told how the execution ended (issue 55), once per execution. */
const runFinished = (
  run: { id: string; buId: string },
  jobId: string,
  payload: ExecutionPayload,
  data: Pick<NotificationEvent['data'], 'outcome' | 'coverage'>,
): NotificationEvent => ({
  buId: run.buId,
  employeeIds: [],
  userIds: payload.actor.userId ? [payload.actor.userId] : [],
  kind: 'RUN_FINISHED',
  data: { runId: run.id, ...data },
  key: `run:${run.id}:${jobId}`,
});

/**
 * The job that executes a run: snapshot, engine in a worker thread, result stored. A runner that stops
 * (SIGTERM) ends the worker and puts the job back in the queue; a process that dies leaves a job whose
 * heartbeat goes stale, which any live runner takes over; after MAX_ATTEMPTS the run is marked failed.
 */
export function allocationRunJob(deps: ServiceDeps, observe?: EngineRunObserver): JobHandler {
  const { db } = deps;
  return {
    kind: ALLOCATION_RUN_JOB,
    async run(job, control): Promise<{ status: JobStatus; error?: string }> {
      const payload = job.payload as unknown as ExecutionPayload;
      const run = await repo.executingRun(db, payload.runId, job.id);
      if (!run) return { status: 'Completed' };
      const fail = async (failure: { code: string; detail: string }) => {
        await db.transaction(async (tx) => {
          const failed = await repo.failExecution(tx, run.id, job.id, {
            ...failure,
            at: deps.now().toISOString(),
          });
          if (!failed) return;
          await recordAudit(tx, payload.actor, {
            action: `allocation_run.${payload.action}_failed`,
            entityType: 'allocation_run',
            entityId: run.id,
            details: { to: failed.from, ...failure, attempts: job.attempts },
          });
          await notify(tx, [runFinished(run, job.id, payload, { outcome: 'Failed' })]);
        });
        observe?.({ action: payload.action, outcome: 'failed' });
        return { status: 'Failed' as const, error: failure.detail };
      };
      if (job.attempts > MAX_ATTEMPTS) {
        return fail({
          code: 'EXECUTION_ABANDONED',
          detail: `The processes executing the run stopped ${MAX_ATTEMPTS} times before it finished`,
        });
      }
      const startedAt = deps.now();
      const progress = (phase: RunProgress['phase'], coverage: RunProgress['coverage'] = null) =>
        repo.recordProgress(db, run.id, job.id, { phase, startedAt: startedAt.toISOString(), coverage });
      const watch = new AbortController();
      const watcher = setInterval(() => {
        if (control.stopping || control.lost) watch.abort(new DOMException('stopping', 'AbortError'));
      }, WATCH_MS);
      watcher.unref();
      try {
        await progress('snapshot');
        const clock = performance.now();
        const { settings } = await readSettings(db, run.buId);
        const searchMs =
          ((run.options as RunOptions).timeLimitSeconds ?? settings['allocation.timeLimitSeconds']) * 1000;
        const previous =
          payload.action === 'rerun'
            ? (await storedRun(db, run.id))?.result.assignments
                .filter((a) => !a.fixed)
                .map((a) => ({ employeeId: a.employeeId, lineId: a.lineId }))
            : undefined;
        const { instance, dropped } = await buildSnapshot(db, {
          buId: run.buId,
          departmentId: run.departmentId,
          from: run.periodFrom,
          to: run.periodTo,
          lines: await planLines(db, run.planId, run.periodFrom, run.periodTo),
          ...(previous ? { previous } : {}),
        });
        const required = instance.demandLines.reduce((sum, line) => sum + line.required, 0);
        await progress('solving', { required, assigned: instance.fixedAssignments.length });
        // Each phase's coverage is written as it comes, one write at a time. It is only a display: a write
        // that fails (the job lost meanwhile) is dropped, and the result's own write decides what stands.
        let written = Promise.resolve();
        const result = await allocateInWorker(instance, {
          exactWindows: (run.options as RunOptions).exactWindows === true,
          searchLimitMs: searchMs,
          timeLimitMs: hardLimitMs(searchMs),
          signal: watch.signal,
          onProgress: ({ assigned }) => {
            written = written.then(() => progress('solving', { required, assigned })).catch(() => undefined);
          },
        });
        await written;
        await progress('storing', { required: result.coverage.required, assigned: result.coverage.assigned });
        const [packedInstance, packedResult] = await Promise.all([packJson(instance), packJson(result)]);
        const summary = await summarize(
          db,
          run.buId,
          instance,
          result,
          performance.now() - clock,
          searchMs,
          dropped,
        );
        const stored = await db.transaction(async (tx) => {
          const written = await repo.finishExecution(tx, run.id, job.id, {
            instance: packedInstance,
            result: packedResult,
            summary,
            staffIds: instance.employees.filter((e) => e.department === run.departmentId).map((e) => e.id),
            executedBy: payload.actor.userId!,
            executedAt: deps.now(),
          });
          if (!written) return false;
          await recordRunCost(tx, { buId: run.buId, id: run.id }, instance, result);
          await recordAudit(tx, payload.actor, {
            action: `allocation_run.${payload.action}`,
            entityType: 'allocation_run',
            entityId: run.id,
            details: {
              from: run.executionFrom,
              to: 'Executed',
              coverage: summary.coverage,
              changedFromPrevious: summary.changedFromPrevious,
              durationMs: summary.durationMs,
            },
          });
          const { required, assigned } = summary.coverage;
          await notify(tx, [
            runFinished(run, job.id, payload, { outcome: 'Executed', coverage: { required, assigned } }),
          ]);
          return true;
        });
        if (stored) {
          const { required, assigned } = summary.coverage;
          observe?.({
            action: payload.action,
            outcome: 'executed',
            seconds: summary.executionMs / 1000,
            coverage: required ? assigned / required : 1,
          });
        }
        return stored ? { status: 'Completed' } : { status: 'Failed', error: 'The run was taken over' };
      } catch (error) {
        if (watch.signal.aborted) {
          // Stopping: the job goes back to the queue and the run waits for whoever runs it next.
          await progress('queued');
          return { status: 'Running' };
        }
        return fail(failureOf(error));
      } finally {
        clearInterval(watcher);
      }
    },
  };
}
