import type { FastifyInstance, FastifyRequest } from 'fastify';

/**
 * The embedded database (PGlite) runs one statement at a time. When 64 reads arrive together, each of
 * their statements joins one queue with the statements of all the others, and a read of five statements
 * waits five times behind everyone: the last ones took over 10 s (issue 34). Reads therefore wait their
 * turn here, first come first served, a few at a time: each then finds the database queue short, and
 * the slowest read waits for those before it rather than for every statement of everyone.
 *
 * Only API reads (GET) queue: writes, uploads, long waits (`Prefer: wait` is a POST) and endless
 * streams are not held behind them, and the server's pool needs no such help.
 */
export interface ReadQueueOptions {
  /** Reads in the service at once. */
  concurrency: number;
}

export const PGLITE_READ_QUEUE: ReadQueueOptions = { concurrency: 4 };

const HELD = Symbol('read-queue slot');

/** How full the queue is, for `/metrics`. */
export interface ReadQueueDepth {
  running(): number;
  waiting(): number;
}

export function registerReadQueue(app: FastifyInstance, options: ReadQueueOptions): ReadQueueDepth {
  let running = 0;
  const waiting: (() => void)[] = [];
  const release = (request: FastifyRequest) => {
    const held = request as FastifyRequest & { [HELD]?: boolean };
    if (!held[HELD]) return;
    held[HELD] = false;
    const next = waiting.shift();
    if (next) next();
    else running -= 1;
  };
  app.addHook('onRequest', async (request) => {
    if (request.method !== 'GET' || !request.url.startsWith('/api/')) return;
    // A stream (the unit's changes) is open for as long as its screen: it would hold its place for good,
    // and a few open screens would stop every read of everyone.
    if (request.routeOptions.config?.endless === true) return;
    if (running < options.concurrency) running += 1;
    // The slot passes from the read that releases it to the next in line, so `running` stays as it is.
    else await new Promise<void>((resolve) => waiting.push(resolve));
    (request as FastifyRequest & { [HELD]?: boolean })[HELD] = true;
    // A caller gone while it waited will have no answer to release the slot with: pass it on now.
    if (request.raw.destroyed) release(request);
  });
  app.addHook('onResponse', async (request) => release(request));
  app.addHook('onRequestAbort', async (request) => release(request));
  return { running: () => running, waiting: () => waiting.length };
}
