import { parentPort } from 'node:worker_threads';
import { type AllocateProgress, allocate } from '../../../engine/allocate.ts';
import { type ExactSolver, loadExactSolver } from '../../../engine/exact-solver.ts';
import type { Instance } from '../../../engine/types.ts';
import { InstanceError } from '../../../engine/validate.ts';

interface RunMessage {
  instance: Instance;
  timeLimitMs?: number;
  /** Re-solve windows around lines still short exactly, with HiGHS (loaded on the first run that asks). */
  exactWindows?: boolean;
}

/**
 * Worker-thread side of allocateInWorker: each message is one run, answered with the result (or the instance's
 * problems). The thread stays for the next run, whose engine code is then already compiled and optimised, and
 * keeps the exact solver once a run has loaded it.
 */
let solver: ExactSolver | undefined;

parentPort!.on('message', async ({ instance, timeLimitMs, exactWindows }: RunMessage) => {
  try {
    if (exactWindows) solver ??= await loadExactSolver();
    // Progress goes out while the engine still holds this thread: a port posts without waiting for the loop.
    const onProgress = (progress: AllocateProgress) => parentPort!.postMessage({ progress });
    parentPort!.postMessage({
      ok: true,
      result: allocate(instance, {
        onProgress,
        ...(timeLimitMs === undefined ? {} : { timeLimitMs }),
        ...(exactWindows && solver ? { exact: { solver } } : {}),
      }),
    });
  } catch (error) {
    parentPort!.postMessage(
      error instanceof InstanceError
        ? { ok: false, problems: error.problems }
        : { ok: false, message: error instanceof Error ? error.message : String(error) },
    );
  }
});
