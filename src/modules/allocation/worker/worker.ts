import { parentPort } from 'node:worker_threads';
import { type AllocateProgress, allocate } from '../../../engine/allocate.ts';
import type { Instance } from '../../../engine/types.ts';
import { InstanceError } from '../../../engine/validate.ts';

/**
 * Worker-thread side of allocateInWorker: each message is one run, answered with the result (or the instance's
 * problems). The thread stays for the next run, whose engine code is then already compiled and optimised.
 */
parentPort!.on('message', ({ instance, timeLimitMs }: { instance: Instance; timeLimitMs?: number }) => {
  try {
    // Progress goes out while the engine still holds this thread: a port posts without waiting for the loop.
    const onProgress = (progress: AllocateProgress) => parentPort!.postMessage({ progress });
    parentPort!.postMessage({
      ok: true,
      result: allocate(instance, timeLimitMs === undefined ? { onProgress } : { timeLimitMs, onProgress }),
    });
  } catch (error) {
    parentPort!.postMessage(
      error instanceof InstanceError
        ? { ok: false, problems: error.problems }
        : { ok: false, message: error instanceof Error ? error.message : String(error) },
    );
  }
});
