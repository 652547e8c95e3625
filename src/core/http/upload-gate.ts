import { AppError } from './errors.ts';

/**
 * At most one uploaded workbook is parsed at a time in a process: parsing is CPU and memory the health
 * check, logins and every other caller share, and three large files at once were enough to stall them.
 * A second upload waits its turn for up to `maxWaitMs`; past that (or with `maxQueue` already waiting) it
 * is refused with 503 `UPLOADS_BUSY` and `Retry-After`, and its caller sends it again.
 */
export interface UploadGateOptions {
  maxWaitMs: number;
  maxQueue: number;
  retryAfterSeconds: number;
}

export const UPLOAD_GATE: UploadGateOptions = { maxWaitMs: 5_000, maxQueue: 4, retryAfterSeconds: 5 };

export interface UploadGate {
  /** Runs `parse` when the slot is free; the slot is released when it settles. */
  run<T>(parse: () => Promise<T>): Promise<T>;
  /** Uploads parsing (0 or 1) and waiting, for tests and the benchmark. */
  readonly state: { parsing: number; waiting: number };
}

export const uploadsBusy = (retryAfterSeconds: number) =>
  new AppError(
    503,
    'UPLOADS_BUSY',
    `Another upload is being checked; send this one again in ${retryAfterSeconds} s`,
    { retryAfterSeconds },
    { 'retry-after': String(retryAfterSeconds) },
  );

export function createUploadGate(options: UploadGateOptions = UPLOAD_GATE): UploadGate {
  let busy = false;
  const queue: { grant: () => void; timer: NodeJS.Timeout }[] = [];
  const release = () => {
    const next = queue.shift();
    if (!next) {
      busy = false;
      return;
    }
    clearTimeout(next.timer);
    next.grant();
  };
  const acquire = () =>
    new Promise<void>((resolve, reject) => {
      if (!busy) {
        busy = true;
        resolve();
        return;
      }
      if (queue.length >= options.maxQueue) {
        reject(uploadsBusy(options.retryAfterSeconds));
        return;
      }
      const waiter = {
        grant: resolve,
        timer: setTimeout(() => {
          queue.splice(queue.indexOf(waiter), 1);
          reject(uploadsBusy(options.retryAfterSeconds));
        }, options.maxWaitMs),
      };
      queue.push(waiter);
    });
  return {
    async run(parse) {
      await acquire();
      try {
        return await parse();
      } finally {
        release();
      }
    },
    get state() {
      return { parsing: busy ? 1 : 0, waiting: queue.length };
    },
  };
}

/** The process's one gate, shared by every upload route (employee import, attendance import). */
export const uploadGate: UploadGate = createUploadGate();
