import { parentPort, workerData } from 'node:worker_threads';
import { allocate } from './allocate.ts';
import type { Instance } from './types.ts';
import { InstanceError } from './validate.ts';

/** Worker-thread side of allocateInWorker: one run, then the result (or the instance's problems) is posted back. */
const { instance, timeLimitMs } = workerData as { instance: Instance; timeLimitMs?: number };
try {
  parentPort!.postMessage({
    ok: true,
    result: allocate(instance, timeLimitMs === undefined ? {} : { timeLimitMs }),
  });
} catch (error) {
  parentPort!.postMessage(
    error instanceof InstanceError
      ? { ok: false, problems: error.problems }
      : { ok: false, message: error instanceof Error ? error.message : String(error) },
  );
}
