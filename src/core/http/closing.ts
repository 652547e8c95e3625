import type { FastifyInstance } from 'fastify';
import { AppError } from './errors.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The route answers while the process stops, as itself (the health check says it is stopping). */
    answersWhileStopping?: true;
  }
  interface FastifyInstance {
    /** Whether the process has begun to stop (`close`). */
    stopping: boolean;
  }
}

/** Seconds a client is asked to wait before trying again: another process, or this one restarted. */
const RETRY_AFTER_SECONDS = 5;

/**
 * A request that arrives on a kept-alive connection while the process stops answers a problem with
 * `Retry-After` and closes its connection (Fastify's own 503 would be plain JSON, without either); the
 * requests in flight at the stop still finish.
 */
export function registerClosingAnswer(app: FastifyInstance): void {
  app.decorate('stopping', false);
  app.addHook('preClose', async () => {
    app.stopping = true;
  });
  app.addHook('onRequest', async (request) => {
    if (!app.stopping || request.routeOptions.config.answersWhileStopping) return;
    throw new AppError(
      503,
      'SHUTTING_DOWN',
      'This process is stopping; try again shortly',
      {},
      { 'retry-after': String(RETRY_AFTER_SECONDS), connection: 'close' },
    );
  });
}
