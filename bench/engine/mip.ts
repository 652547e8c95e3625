import type { Instance } from '../../src/engine/types.ts';
import { startWorker } from '../../src/modules/allocation/worker/start-worker.ts';
import { coverageMip } from './mip-model.ts';

export interface MipOutcome {
  status: string;
  /** Best roster found (fixed assignments included), or NaN. */
  optimum: number;
  /** Proven upper bound on coverage (fixed included). */
  dualBound: number;
  gap: number;
  seconds: number;
}

/** Exact optimum of coverage with HiGHS in a worker; the worker is ended if it overruns the limit by 30 s. */
export function exactOptimum(instance: Instance, timeLimitSeconds: number): Promise<MipOutcome> {
  const { lp, fixedCovered } = coverageMip(instance);
  const worker = startWorker(new URL('./mip-worker.ts', import.meta.url), { lp, timeLimitSeconds });
  return new Promise((resolve, reject) => {
    const guard = setTimeout(
      () => {
        void worker.terminate();
        resolve({
          status: 'killed',
          optimum: Number.NaN,
          dualBound: Number.NaN,
          gap: Number.NaN,
          seconds: timeLimitSeconds + 30,
        });
      },
      (timeLimitSeconds + 30) * 1000,
    );
    worker.once(
      'message',
      (m: { status: string; objective: number; dualBound: number; gap: number; seconds: number }) => {
        clearTimeout(guard);
        void worker.terminate();
        resolve({
          status: m.status,
          optimum: Math.round(m.objective) + fixedCovered,
          dualBound: Math.floor(m.dualBound + 1e-6) + fixedCovered,
          gap: m.gap,
          seconds: m.seconds,
        });
      },
    );
    worker.once('error', (error) => {
      clearTimeout(guard);
      reject(error);
    });
  });
}
