import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { callerOf } from '../../../core/auth/guard.ts';
import { conflict } from '../../../core/http/errors.ts';
import { problemResponse } from '../../../core/http/openapi.ts';
import type { ServiceDeps } from '../../../core/module-context.ts';
import { RunCost } from '../../costs/schemas.ts';
import { runCost } from '../../costs/service.ts';
import { requireRun, storedRun } from '../runs-service.ts';
import { IdParams } from '../schemas.ts';

/**
 * What a run's proposal costs. The run is allocation's, the pricing is labour cost's: the route lives
 * here so that costs never reads runs (allocation already records each execution's cost through it).
 */
export function runCostRoutes(deps: ServiceDeps): FastifyPluginAsyncTypebox {
  return async (app) => {
    app.get(
      '/allocation-runs/:id/cost',
      {
        config: { auth: 'labour_cost.view' },
        schema: {
          operationId: 'getAllocationRunCost',
          summary: 'What a run’s proposal costs, and on a rerun the difference from what it replaced',
          tags: ['costs'],
          params: IdParams,
          response: { 200: RunCost, 409: problemResponse(['RUN_NOT_EXECUTED']) },
        },
      },
      async (request) => {
        const run = await requireRun(deps.db, callerOf(request), 'labour_cost.view', request.params.id);
        const cost = await runCost(deps, run, () => storedRun(deps.db, run.id));
        if (!cost) throw conflict('RUN_NOT_EXECUTED', 'The run has not been executed yet: execute it first');
        return cost;
      },
    );
  };
}
