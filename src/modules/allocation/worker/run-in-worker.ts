import type { Worker } from 'node:worker_threads';
import type { AllocateProgress } from '../../../engine/allocate.ts';
import type { Instance, Result } from '../../../engine/types.ts';
import { InstanceError } from '../../../engine/validate.ts';
import { startWorker } from './start-worker.ts';

export interface WorkerRunOptions {
  /** Hard limit: the worker is ended and the promise rejects with a TimeoutError after this long. */
  timeLimitMs?: number;
  /** Soft limit passed to the engine, which then returns its best roster so far (defaults to 80 % of the hard one). */
  searchLimitMs?: number;
  signal?: AbortSignal;
  /** The engine's progress after each of its phases, while it runs. */
  onProgress?: (progress: AllocateProgress) => void;
  /** After the search, re-solve windows around lines still short exactly (HiGHS, in the worker). */
  exactWindows?: boolean;
}

type Reply =
  | { ok: true; result: Result }
  | { ok: false; problems?: string[]; message?: string }
  | { progress: AllocateProgress };

/**
 * A worker whose last run ended normally waits here for the next one: a fresh thread loads the engine's
 * modules (TypeScript through tsx, unless built) and runs them unoptimised, much slower than once warm
 * (docs/engine.md). It does not keep the process alive, and ends after a while unused; a run that is cut
 * short ends its worker instead.
 */
let idle: Worker | null = null;
let idleTimer: ReturnType<typeof setTimeout> | undefined;

/**
 * How long a worker waits for the next run: it holds what its last run left on its heap, which is worth it
 * while a planner reruns, not all night.
 */
export const ENGINE_WORKER_IDLE_MS = 120_000;

// An idle worker that fails or ends is not handed out again.
const forgetIdle = () => {
  clearTimeout(idleTimer);
  if (idle === null) return;
  idle.off('error', forgetIdle);
  idle.off('exit', forgetIdle);
  idle = null;
};

/** The thread id of the worker waiting for the next run, if any (for diagnostics and tests). */
export function idleEngineWorker(): number | null {
  return idle?.threadId ?? null;
}

/** Every engine thread of this process that has not exited yet, running a search or idle. */
const live = new Set<Worker>();

function takeWorker(): Worker {
  const worker = idle;
  forgetIdle();
  if (worker !== null) {
    worker.ref();
    return worker;
  }
  const started = startWorker(new URL('./worker.ts', import.meta.url));
  live.add(started);
  started.once('exit', () => live.delete(started));
  return started;
}

/**
 * Ends every engine thread of the process and waits (at most `withinMs`) until each has exited: the server
 * calls it on its way out, so that `process.exit` never has a thread left to stop (a thread that has not
 * exited when the main thread exits is joined there, and one that does not stop would hold the process
 * forever; docs/decisions.md, "Shutdown"). Answers how many threads had not exited in time.
 */
export async function stopEngineWorkers(withinMs = 5_000): Promise<number> {
  forgetIdle();
  const pending = [...live].map(
    (worker) =>
      new Promise<void>((resolve) => {
        worker.once('exit', () => resolve());
        void worker.terminate().then(
          () => resolve(),
          () => resolve(),
        );
      }),
  );
  if (pending.length === 0) return 0;
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<void>((resolve) => {
    timer = setTimeout(resolve, withinMs);
  });
  await Promise.race([Promise.all(pending), late]);
  clearTimeout(timer);
  return live.size;
}

function release(worker: Worker): void {
  if (idle !== null) {
    void worker.terminate();
    return;
  }
  worker.unref();
  worker.on('error', forgetIdle);
  worker.on('exit', forgetIdle);
  idle = worker;
  idleTimer = setTimeout(() => {
    forgetIdle();
    void worker.terminate();
  }, ENGINE_WORKER_IDLE_MS);
  idleTimer.unref();
}

/** Runs allocate() in a worker thread so the caller's event loop stays responsive; cancellable and time-limited. */
export function allocateInWorker(instance: Instance, options: WorkerRunOptions = {}): Promise<Result> {
  const { timeLimitMs, signal } = options;
  const searchLimitMs = options.searchLimitMs ?? (timeLimitMs === undefined ? undefined : timeLimitMs * 0.8);
  return new Promise((resolve, reject) => {
    if (signal?.aborted) {
      reject(signal.reason ?? new DOMException('aborted', 'AbortError'));
      return;
    }
    const worker = takeWorker();
    let settled = false;
    const finish = (action: () => void, reusable = false) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      signal?.removeEventListener('abort', onAbort);
      worker.off('message', onMessage);
      worker.off('error', onError);
      worker.off('exit', onExit);
      if (reusable) release(worker);
      else void worker.terminate();
      action();
    };
    const onAbort = () => finish(() => reject(signal?.reason ?? new DOMException('aborted', 'AbortError')));
    const onMessage = (reply: Reply) => {
      if ('progress' in reply) {
        if (!settled) options.onProgress?.(reply.progress);
        return;
      }
      finish(() => {
        if (reply.ok) resolve(reply.result);
        else reject(reply.problems ? new InstanceError(reply.problems) : new Error(reply.message));
      }, true);
    };
    const onError = (error: Error) => finish(() => reject(error));
    // Ended from outside (the server stops: stopEngineWorkers) before it answered.
    const onExit = (code: number) =>
      finish(() => reject(new Error(`The engine thread ended (exit code ${code}) before it answered`)));
    const timer =
      timeLimitMs === undefined
        ? undefined
        : setTimeout(
            () =>
              finish(() => reject(new DOMException(`allocation exceeded ${timeLimitMs} ms`, 'TimeoutError'))),
            timeLimitMs,
          );
    signal?.addEventListener('abort', onAbort, { once: true });
    worker.on('message', onMessage);
    worker.on('error', onError);
    worker.on('exit', onExit);
    worker.postMessage({ instance, timeLimitMs: searchLimitMs, exactWindows: options.exactWindows === true });
  });
}
