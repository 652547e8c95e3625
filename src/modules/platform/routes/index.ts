import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { type Static, Type } from '@sinclair/typebox';
import { callerOf } from '../../../core/auth/guard.ts';
import type { ModuleContext } from '../../../core/module-context.ts';

const HealthSchema = Type.Object({
  status: Type.Union([Type.Literal('ok'), Type.Literal('unavailable'), Type.Literal('stopping')], {
    description: '`stopping` once the process has begun to stop: a load balancer sends no more requests',
  }),
  version: Type.String(),
  environment: Type.String(),
  uptimeSeconds: Type.Number(),
  database: Type.Object({
    driver: Type.String(),
    reachable: Type.Boolean(),
    latencyMs: Type.Number(),
    serverVersion: Type.Optional(Type.String()),
    error: Type.Optional(Type.String()),
  }),
});

export function platformRoutes(context: ModuleContext): FastifyPluginAsyncTypebox {
  const startedAt = Date.now();
  return async (app) => {
    // The spec names /api/Health; /api/health is the same check for clients that lower-case paths.
    for (const url of ['/health', '/Health']) {
      app.get(
        url,
        {
          config: { auth: 'open', answersWhileStopping: true },
          schema: {
            operationId: url === '/health' ? 'getHealth' : 'getHealthAlias',
            summary: 'Liveness, version and database reachability',
            tags: ['platform'],
            response: { 200: HealthSchema, 503: HealthSchema },
          },
        },
        async (_request, reply) => {
          const database = await context.database.ping();
          const status: Static<typeof HealthSchema>['status'] = app.stopping
            ? 'stopping'
            : database.reachable
              ? 'ok'
              : 'unavailable';
          const body = {
            status,
            version: context.version,
            environment: context.config.env,
            uptimeSeconds: Math.round((Date.now() - startedAt) / 1000),
            database: { driver: context.database.driver, ...database },
          };
          if (status !== 'ok') reply.header('retry-after', '5');
          return reply.code(status === 'ok' ? 200 : 503).send(body);
        },
      );
    }
    app.get(
      '/changes',
      {
        config: { auth: 'auth', endless: true },
        schema: {
          operationId: 'streamUnitChanges',
          summary: 'The unit’s changes as they happen: a server-sent event stream for open screens',
          description:
            'Each successful write in the caller’s unit sends `event: change` with `{"areas": [...]}`, the ' +
            'areas (tags) it touched, or `["*"]` after a gap in hearing; a screen reads its own data again. ' +
            'No data travels on the stream. It ends after 15 minutes; the client opens it again.',
          tags: ['platform'],
          response: {
            200: {
              description: 'An endless stream of change events (text/event-stream)',
              content: { 'text/event-stream': { schema: { type: 'string' } } },
            },
          },
        },
      },
      async (request, reply) => {
        context.changes.stream(request, reply, callerOf(request).principal.buId);
      },
    );
  };
}
