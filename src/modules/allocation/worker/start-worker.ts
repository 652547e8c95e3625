import { Worker } from 'node:worker_threads';

/**
 * Whether this process runs the compiled service (`node dist/server.js`, every module a `.js` beside its
 * source's name) rather than the TypeScript sources (tsx, vitest): the same for this module as for the
 * worker modules it starts.
 */
const built = import.meta.url.endsWith('.js');

/**
 * Starts a worker thread running `module`, named by its TypeScript source (`new URL('./worker.ts',
 * import.meta.url)`) so there is one way to name it. Built, the thread runs the compiled `.js` beside it,
 * with no loader. From the sources it needs tsx, and under Node 20 a worker does not inherit the parent's
 * tsx loader (`execArgv: ['--import', 'tsx']` is not applied to workers), so a tiny bootstrap registers tsx
 * inside the worker before importing the module.
 */
export function startWorker(module: URL, workerData?: unknown): Worker {
  if (built) return new Worker(new URL(module.href.replace(/\.ts$/, '.js')), { workerData });
  const bootstrap = `import('tsx/esm/api').then(({ register }) => { register(); return import(${JSON.stringify(module.href)}); });`;
  return new Worker(bootstrap, { eval: true, workerData });
}
