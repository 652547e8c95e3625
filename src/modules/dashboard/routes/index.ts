import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { callerOf } from '../../../core/auth/guard.ts';
import { depsOf, type ModuleContext } from '../../../core/module-context.ts';
import { DashboardSummary } from '../schemas.ts';
import * as dashboard from '../service.ts';

/** The manager dashboard's tile counts (JSON, no charts). */
export function dashboardRoutes(context: ModuleContext): FastifyPluginAsyncTypebox {
  const deps = depsOf(context);
  return async (app) => {
    app.get(
      '/dashboard/summary',
      {
        config: { auth: 'dashboard.view' },
        schema: {
          operationId: 'getDashboardSummary',
          summary: "Tile counts in the caller's scope (cheap: clients poll it)",
          description:
            'Each tile counts in the scope of the permission that reads its area and is null when the ' +
            'caller holds none of it.',
          tags: ['platform'],
          response: { 200: DashboardSummary },
        },
      },
      async (request) => dashboard.summary(deps, callerOf(request)),
    );
  };
}
