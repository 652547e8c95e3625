import { parentPort, workerData } from 'node:worker_threads';
import highsModule from 'highs';

// The package's types describe its CommonJS build; the ES module Node loads exports the loader as default.
const loadHighs = highsModule as unknown as typeof highsModule.default;

/** Solves one LP text with HiGHS inside a worker thread, so that the caller can enforce a hard time limit. */
const { lp, timeLimitSeconds } = workerData as { lp: string; timeLimitSeconds: number };
const highs = await loadHighs();
const statusNames = Object.fromEntries(
  Object.entries(highs.constants.modelStatus).map(([name, code]) => [String(code), name]),
);
const started = performance.now();
const outcome = highs.withModel({ format: 'lp', data: lp }, (model) => {
  model.options.set({ output_flag: false, time_limit: timeLimitSeconds, mip_rel_gap: 0 });
  model.run();
  const status = statusNames[String(model.getModelStatus())] ?? 'unknown';
  const read = (name: string) => {
    try {
      return Number(model.info.get(name));
    } catch {
      return Number.NaN;
    }
  };
  return {
    status,
    objective: model.getObjectiveValue(),
    dualBound: read('mip_dual_bound'),
    gap: read('mip_gap'),
  };
});
parentPort!.postMessage({ ...outcome, seconds: (performance.now() - started) / 1000 });
