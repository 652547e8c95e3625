import { createHash, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { FastifyInstance } from 'fastify';
import type { MetricsConfig } from '../../config.ts';
import type { ReadQueueDepth } from '../http/read-queue.ts';
import type { Metrics } from './metrics.ts';

const digest = (value: string) => createHash('sha256').update(value).digest();

/** Whether the request carries `Authorization: Bearer <token>`, compared in constant time. */
function authorised(request: IncomingMessage, token: string | undefined): boolean {
  if (token === undefined) return true;
  const match = /^Bearer\s+(\S+)$/i.exec(request.headers.authorization ?? '');
  return Boolean(match?.[1] && timingSafeEqual(digest(match[1]), digest(token)));
}

async function scrape(metrics: Metrics, request: IncomingMessage, token: string | undefined) {
  if (!authorised(request, token)) {
    return { status: 401, type: 'text/plain; charset=utf-8', body: 'Send the metrics bearer token\n' };
  }
  return { status: 200, type: metrics.registry.contentType, body: await metrics.registry.metrics() };
}

/**
 * Counts every answer by the route's pattern (never the raw URL: ids would make a series each) and
 * serves `/metrics` where configured: on the main port behind the token, or on a port of its own that
 * opens when the app listens (never under `inject`, so tests and tools build the app without it).
 */
export function registerMetrics(
  app: FastifyInstance,
  metrics: Metrics,
  config: MetricsConfig,
  readQueue: ReadQueueDepth | null,
): void {
  if (readQueue) metrics.watchReadQueue(readQueue);
  app.addHook('onResponse', async (request, reply) => {
    metrics.observeRequest(
      request.method,
      request.routeOptions.url ?? 'unmatched',
      reply.statusCode,
      reply.elapsedTime / 1000,
    );
  });
  if (config.mode === 'token') {
    app.get('/metrics', { schema: { hide: true } }, async (request, reply) => {
      const answer = await scrape(metrics, request.raw, config.token);
      if (answer.status === 401) reply.header('www-authenticate', 'Bearer');
      return reply
        .code(answer.status)
        .type(answer.type)
        .header('cache-control', 'no-store')
        .send(answer.body);
    });
  }
  if (config.mode === 'port') {
    let server: Server | null = null;
    app.addHook('onListen', async () => {
      server = createServer((request, response) => {
        if (request.method !== 'GET' || request.url?.split('?')[0] !== '/metrics') {
          response.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' }).end('Not found\n');
          return;
        }
        scrape(metrics, request, config.token).then(
          (answer) => response.writeHead(answer.status, { 'content-type': answer.type }).end(answer.body),
          (error: unknown) => {
            app.log.error({ err: error }, 'metrics scrape failed');
            response.writeHead(500).end();
          },
        );
      });
      const listening = server;
      await new Promise<void>((resolve, reject) => {
        listening.once('error', reject);
        listening.listen(config.port, config.host, () => resolve());
      });
      const address = listening.address();
      app.log.info({ metrics: address }, 'metrics listening');
    });
    app.addHook('onClose', async () => {
      const listening = server;
      if (listening) await new Promise<void>((resolve) => listening.close(() => resolve()));
    });
  }
}
