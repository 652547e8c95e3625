import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import type { ModuleContext } from '../../../core/module-context.ts';

const HealthSchema = Type.Object({
  status: Type.Union([Type.Literal('ok'), Type.Literal('unavailable')]),
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
          config: { auth: 'open' },
          schema: {
            operationId: url === '/health' ? 'getHealth' : 'getHealthAlias',
            summary: 'Liveness, version and database reachability',
            tags: ['platform'],
            response: { 200: HealthSchema, 503: HealthSchema },
          },
        },
        async (_request, reply) => {
          const database = await context.database.ping();
          const body = {
            status: database.reachable ? ('ok' as const) : ('unavailable' as const),
            version: context.version,
            environment: context.config.env,
            uptimeSeconds: Math.round((Date.now() - startedAt) / 1000),
            database: { driver: context.database.driver, ...database },
          };
          return reply.code(database.reachable ? 200 : 503).send(body);
        },
      );
    }
  };
}
