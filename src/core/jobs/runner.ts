import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import { type SQL, sql } from 'drizzle-orm';
import { type Database, type Executor, queryRows } from '../db/database.ts';
import { sqlState } from '../db/errors.ts';

/**
 * A small database-backed job loop (DESIGN §2, docs/decisions.md): a job is a row of `jobs`, claimed
 * with `FOR UPDATE SKIP LOCKED` by one process at a time, kept alive by a heartbeat, advanced one
 * committed batch of rows at a time (`cursor` moves in the same statement or transaction as the rows'
 * effect; see `batches.ts`), cancelled between batches, and resumed from its cursor by any live process
 * once its owner's heartbeat stops (a crash, a SIGKILL).
 */
export type JobStatus = 'Queued' | 'Running' | 'Completed' | 'CompletedWithErrors' | 'Failed' | 'Cancelled';

export interface ClaimedJob {
  id: string;
  buId: string;
  kind: string;
  input: Buffer | null;
  payload: Record<string, unknown> | null;
  cursor: number;
  rowsTotal: number;
  rowsFailed: number;
  attempts: number;
}

/** What a handler uses to advance the job it was given. */
export interface JobControl {
  readonly workerId: string;
  /** Set once cancellation was requested; the handler stops before its next batch. */
  readonly cancelled: boolean;
  /** Set once another process took the job over (our heartbeat went stale): stop at once. */
  readonly lost: boolean;
  /** Set once the runner is stopping (the app closes): stop between batches and answer `Running`. */
  readonly stopping: boolean;
  /**
   * The SQL a batch's statement or transaction runs to move the cursor from `from` to `to`, counting
   * its failed and changed rows; it updates nothing unless this worker still owns the job at `from`.
   */
  advance(from: number, to: number, outcome: AdvanceOutcome): SQL;
  /** Reads the cancel flag an `advance` statement returned. */
  noteCancel(requested: boolean): void;
}

/** How many of the rows an advance moves over failed, and how many changed something (a number or SQL). */
export interface AdvanceOutcome {
  failed: number;
  changed: SQL | number;
}

export interface JobHandler {
  kind: string;
  /**
   * Processes the job from `job.cursor`; answers how it ended (`Cancelled` when it stopped on request,
   * `Running` when it stopped because the runner stops: the job goes back to the queue at its cursor, and
   * with `retryInMs` is claimed again no sooner than that, as a mail whose server was down).
   */
  run(job: ClaimedJob, control: JobControl): Promise<JobOutcome>;
  /** Runs in the transaction that writes the final status (the import's audit event). */
  finished?(executor: Executor, job: ClaimedJob, status: JobStatus, error?: string): Promise<void>;
}

export interface JobOutcome {
  status: JobStatus;
  error?: string;
  retryInMs?: number;
}

export interface JobRunnerOptions {
  database: Database;
  handlers: readonly JobHandler[];
  /** How often an idle runner looks for work. */
  pollMs?: number;
  /** How often a running job's heartbeat is written. */
  heartbeatMs?: number;
  /** How old a Running job's heartbeat must be before another process takes it over. */
  staleAfterMs?: number;
  log?: { info(obj: object, msg: string): void; error(obj: object, msg: string): void };
  /** Called when a job ends (tests wait on it; the import writes its audit event in its handler). */
  onFinished?: (jobId: string, status: JobStatus) => void;
}

export interface JobRunner {
  readonly workerId: string;
  start(): void;
  /** Looks for work now (after an enqueue) instead of at the next poll. */
  wake(): void;
  /**
   * Claims no job from now on (the process is stopping: a job queued meanwhile waits for the next
   * process); the job being run goes on until `stop`.
   */
  pause(): void;
  /** Stops claiming, lets the current batch finish and puts the job back to Queued at its cursor. */
  stop(): Promise<void>;
}

/** A job row this worker no longer owns: its statement touched nothing and was rolled back. */
export class JobLostError extends Error {
  constructor() {
    super('The job was taken over by another worker');
    this.name = 'JobLostError';
  }
}

/** SQLSTATE of the guard in `advance`: a statement that would commit a row without owning the job. */
export const JOB_NOT_OWNED_STATE = '22012';
export const isJobLost = (error: unknown) =>
  error instanceof JobLostError || sqlState(error) === JOB_NOT_OWNED_STATE;

/**
 * Moves a job's cursor from `from` to `to` (counting the rows done, failed and changed) only while
 * `workerId` owns the job at `from`; the statement answers `cancel_requested`, or no row when not owned.
 */
export function advanceStatement(
  jobId: string,
  workerId: string,
  from: number,
  to: number,
  outcome: AdvanceOutcome,
): SQL {
  const changed = typeof outcome.changed === 'number' ? sql`${outcome.changed}::int` : outcome.changed;
  return sql`update jobs set cursor = ${to}, rows_done = rows_done + ${to - from}::int,
               rows_failed = rows_failed + ${outcome.failed}::int,
               rows_changed = rows_changed + ${changed}, heartbeat_at = now()
              where id = ${jobId} and worker_id = ${workerId} and cursor = ${from}
          returning cancel_requested`;
}

interface JobRow {
  id: string;
  bu_id: string;
  kind: string;
  input: Buffer | Uint8Array | null;
  payload: Record<string, unknown> | null;
  cursor: number;
  rows_total: number;
  rows_failed: number;
  attempts: number;
}

export function createJobRunner(options: JobRunnerOptions): JobRunner {
  const { database, handlers } = options;
  const db = database.db;
  const pollMs = options.pollMs ?? 1_000;
  const heartbeatMs = options.heartbeatMs ?? 2_000;
  const staleAfterMs = options.staleAfterMs ?? 15_000;
  const workerId = `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;
  const kinds = handlers.map((handler) => handler.kind);
  let running = false;
  /** False once the runner pauses or stops: no claim starts after that. */
  let claiming = false;
  let loop: Promise<void> | null = null;
  let timer: NodeJS.Timeout | null = null;
  let wakeUp: (() => void) | null = null;

  const claim = async (): Promise<ClaimedJob | null> => {
    const [row] = await queryRows<JobRow>(
      db,
      sql`update jobs set status = 'Running', worker_id = ${workerId}, heartbeat_at = now(),
                started_at = coalesce(started_at, now()), attempts = attempts + 1
           where id = (
             select id from jobs
              where kind in (${sql.join(
                kinds.map((kind) => sql`${kind}`),
                sql`, `,
              )})
                and ((status = 'Queued' and (not_before is null or not_before <= now()))
                     or (status = 'Running' and heartbeat_at < now() - make_interval(secs => ${staleAfterMs / 1000})))
              order by created_at
              limit 1
                for update skip locked)
       returning id, bu_id, kind, input, payload, cursor, rows_total, rows_failed, attempts`,
    );
    if (!row) return null;
    return {
      id: row.id,
      buId: row.bu_id,
      kind: row.kind,
      input: row.input === null ? null : Buffer.from(row.input),
      payload: row.payload,
      cursor: row.cursor,
      rowsTotal: row.rows_total,
      rowsFailed: row.rows_failed,
      attempts: row.attempts,
    };
  };

  /**
   * Gives back a job that a claim begun before `pause` answered after it, untouched: Queued, no owner, its
   * attempt not counted, not started if this was its first claim.
   */
  const unclaim = (job: ClaimedJob) =>
    db.execute(
      sql`update jobs set status = 'Queued', worker_id = null, attempts = attempts - 1,
                started_at = case when attempts = 1 then null else started_at end
           where id = ${job.id} and worker_id = ${workerId} and status = 'Running'`,
    );

  const runOne = async (job: ClaimedJob) => {
    const handler = handlers.find((h) => h.kind === job.kind)!;
    const state = { cancelled: false, lost: false };
    const control: JobControl = {
      workerId,
      get cancelled() {
        return state.cancelled;
      },
      get lost() {
        return state.lost;
      },
      get stopping() {
        return !running;
      },
      advance: (from, to, outcome) => advanceStatement(job.id, workerId, from, to, outcome),
      noteCancel(requested) {
        if (requested) state.cancelled = true;
      },
    };
    const beat = setInterval(() => {
      void queryRows<{ cancel_requested: boolean }>(
        db,
        sql`update jobs set heartbeat_at = now() where id = ${job.id} and worker_id = ${workerId}
            returning cancel_requested`,
      )
        .then((rows) => {
          if (!rows.length) state.lost = true;
          else if (rows[0]!.cancel_requested) state.cancelled = true;
        })
        .catch(() => undefined);
    }, heartbeatMs);
    beat.unref();
    let outcome: JobOutcome;
    try {
      outcome = await handler.run(job, control);
    } catch (error) {
      if (isJobLost(error) || state.lost) {
        options.log?.info({ jobId: job.id }, 'job taken over by another worker');
        return;
      }
      if (!running) return; // stopping: the job stays Running and is resumed by whoever runs next
      options.log?.error({ err: error, jobId: job.id }, 'job failed');
      outcome = { status: 'Failed', error: (error as Error).message };
    } finally {
      clearInterval(beat);
    }
    if (state.lost) return;
    if (outcome.status === 'Running') {
      // Stopped between batches: back to the queue at its cursor, for this or any other process.
      const waitMs = outcome.retryInMs ?? 0;
      await db.execute(
        sql`update jobs set status = 'Queued', worker_id = null, error = ${outcome.error ?? null},
                  not_before = case when ${waitMs}::int > 0 then now() + make_interval(secs => ${waitMs / 1000}) end
             where id = ${job.id} and worker_id = ${workerId} and status = 'Running'`,
      );
      return;
    }
    const final = outcome;
    await db.transaction(async (tx) => {
      const updated = await queryRows<{ id: string }>(
        tx,
        sql`update jobs set status = ${final.status}, finished_at = now(), error = ${final.error ?? null}, input = null,
                  heartbeat_at = now()
             where id = ${job.id} and worker_id = ${workerId} and status = 'Running'
         returning id`,
      );
      if (updated.length) await handler.finished?.(tx, job, final.status, final.error);
    });
    options.log?.info({ jobId: job.id, status: final.status }, 'job finished');
    options.onFinished?.(job.id, final.status);
  };

  const sleep = () =>
    new Promise<void>((resolve) => {
      wakeUp = resolve;
      timer = setTimeout(resolve, pollMs);
      timer.unref();
    });

  const run = async () => {
    while (running && claiming) {
      let job: ClaimedJob | null = null;
      try {
        job = await claim();
      } catch (error) {
        if (running) options.log?.error({ err: error }, 'job claim failed');
      }
      if (job && !claiming) {
        await unclaim(job).catch((error: unknown) =>
          options.log?.error({ err: error, jobId: job.id }, 'job could not be given back'),
        );
        break;
      }
      if (job) {
        await runOne(job);
        continue;
      }
      await sleep();
      wakeUp = null;
      if (timer) clearTimeout(timer);
    }
  };

  return {
    workerId,
    start() {
      if (running || !kinds.length) return;
      running = true;
      claiming = true;
      loop = run();
    },
    wake() {
      if (claiming) wakeUp?.();
    },
    pause() {
      claiming = false;
      wakeUp?.();
    },
    async stop() {
      running = false;
      claiming = false;
      wakeUp?.();
      await loop;
      loop = null;
    },
  };
}
