import { isJobLost, type JobControl, type JobStatus } from './runner.ts';

/**
 * Applies a job's work units in batches (docs/decisions.md, "People and the employee import"): a batch
 * is one statement or transaction that applies its units and moves the job's cursor over them, guarded
 * on ownership (`JobControl.advance`), so a batch lands whole with its cursor move or not at all, and a
 * resume starts at the last committed batch. When the database refuses a batch, its units are applied
 * again one at a time, each in a statement or transaction of its own, so one bad unit fails alone.
 * Cancellation, a lost job and a stopping runner are looked at between batches.
 */
export interface BatchOptions<U> {
  control: JobControl;
  /** Units per batch. */
  size: number;
  /** The job's committed cursor: units before it were applied by an earlier attempt and are skipped. */
  cursor: number;
  /**
   * Applies `units`, the units from index `from` on, and advances the cursor past them in the same
   * statement or transaction; answers the job's cancel flag. Throws `isJobLost` when not owned.
   */
  apply(units: readonly U[], from: number): Promise<boolean>;
  /** Records a unit the database refused (`error`) as failed and advances the cursor past it. */
  refuse(unit: U, index: number, error: unknown): Promise<boolean>;
}

/** Thrown out of `push` when the job must stop between batches; the handler answers its status. */
export class JobStopped extends Error {
  constructor(readonly status: Extract<JobStatus, 'Cancelled' | 'Running'>) {
    super(`job stopped: ${status}`);
    this.name = 'JobStopped';
  }
}

export interface Batcher<U> {
  /** Takes the next unit in order; applies a batch once `size` are waiting. */
  push(unit: U): Promise<void>;
  /** Applies what is waiting. */
  flush(): Promise<void>;
}

export function createBatcher<U>(options: BatchOptions<U>): Batcher<U> {
  const { control } = options;
  let next = 0;
  let waiting: U[] = [];
  let from = options.cursor;

  const applyOneByOne = async (units: readonly U[], start: number) => {
    let cancel = false;
    for (const [offset, unit] of units.entries()) {
      const index = start + offset;
      try {
        cancel = await options.apply([unit], index);
      } catch (error) {
        if (isJobLost(error)) throw error;
        cancel = await options.refuse(unit, index, error);
      }
    }
    return cancel;
  };

  const flush = async () => {
    if (!waiting.length) return;
    if (control.lost || control.stopping) throw new JobStopped('Running');
    if (control.cancelled) throw new JobStopped('Cancelled');
    const units = waiting;
    waiting = [];
    let cancel: boolean;
    try {
      cancel = await options.apply(units, from);
    } catch (error) {
      if (isJobLost(error)) throw error;
      cancel =
        units.length === 1 ? await options.refuse(units[0]!, from, error) : await applyOneByOne(units, from);
    }
    from += units.length;
    control.noteCancel(cancel);
    // Let requests in between batches: PGlite runs one query at a time, and a tight loop starves them.
    await new Promise((resolve) => setImmediate(resolve));
  };

  return {
    async push(unit) {
      next += 1;
      if (next <= options.cursor) return;
      waiting.push(unit);
      if (waiting.length >= options.size) await flush();
    },
    flush,
  };
}
