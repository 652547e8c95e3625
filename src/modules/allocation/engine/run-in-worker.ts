import { startTsWorker } from './ts-worker.ts';
import type { Instance, Result } from './types.ts';
import { InstanceError } from './validate.ts';

export interface WorkerRunOptions {
  /** Hard limit: the worker is ended and the promise rejects with a TimeoutError after this long. */
  timeLimitMs?: number;
  /** Soft limit passed to the engine, which then returns its best roster so far (defaults to 80 % of the hard one). */
  searchLimitMs?: number;
  signal?: AbortSignal;
}

type Reply = { ok: true; result: Result } | { ok: false; problems?: string[]; message?: string };

/** Runs allocate() in a worker thread so the caller's event loop stays responsive; cancellable and time-limited. */
export function allocateInWorker(instance: Instance, options: WorkerRunOptions = {}): Promise<Result> {
  const { timeLimitMs, signal } = options;
  const searchLimitMs = options.searchLimitMs ?? (timeLimitMs === undefined ? undefined : timeLimitMs * 0.8);
  return new Promise((resolve, reject) => {
    if (signal?.aborted) {
      reject(signal.reason ?? new DOMException('aborted', 'AbortError'));
      return;
    }
    const worker = startTsWorker(new URL('./worker.ts', import.meta.url), {
      instance,
      timeLimitMs: searchLimitMs,
    });
    let settled = false;
    const finish = (action: () => void) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      signal?.removeEventListener('abort', onAbort);
      void worker.terminate();
      action();
    };
    const onAbort = () => finish(() => reject(signal?.reason ?? new DOMException('aborted', 'AbortError')));
    const timer =
      timeLimitMs === undefined
        ? undefined
        : setTimeout(
            () =>
              finish(() => reject(new DOMException(`allocation exceeded ${timeLimitMs} ms`, 'TimeoutError'))),
            timeLimitMs,
          );
    signal?.addEventListener('abort', onAbort, { once: true });
    worker.once('message', (reply: Reply) =>
      finish(() => {
        if (reply.ok) resolve(reply.result);
        else reject(reply.problems ? new InstanceError(reply.problems) : new Error(reply.message));
      }),
    );
    worker.once('error', (error) => finish(() => reject(error)));
  });
}
