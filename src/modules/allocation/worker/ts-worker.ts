import { Worker } from 'node:worker_threads';

/**
 * Starts a worker thread running a TypeScript module. Under Node 20 a worker does not inherit the parent's
 * tsx loader and `execArgv: ['--import', 'tsx']` is not applied to workers, so a tiny bootstrap registers
 * tsx inside the worker before importing the module.
 */
export function startTsWorker(module: URL, workerData?: unknown): Worker {
  const bootstrap = `import('tsx/esm/api').then(({ register }) => { register(); return import(${JSON.stringify(module.href)}); });`;
  return new Worker(bootstrap, { eval: true, workerData });
}
