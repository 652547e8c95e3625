import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { callerOf } from '../../../core/auth/guard.ts';
import { pageSchema } from '../../../core/http/pagination.ts';
import type { CandidateDeps } from '../candidates-service.ts';
import { listEqualization } from '../equalization-service.ts';
import { EqualizationEntry, EqualizationQuery } from '../schemas.ts';

export function equalizationRoutes(deps: CandidateDeps): FastifyPluginAsyncTypebox {
  return async (app) => {
    app.get(
      '/admin/equalization',
      {
        config: { auth: 'reconciliation.view' },
        schema: {
          operationId: 'listEqualizationScores',
          summary: 'Per employee, the three cohort scores of equalization (no tiers)',
          description:
            "From the latest executed run of the employee's department where it covered them, else computed " +
            'from the live roster over the equalization window (0, neutral, without history).',
          tags: ['allocation'],
          querystring: EqualizationQuery,
          response: { 200: pageSchema(EqualizationEntry) },
        },
      },
      async (request) => listEqualization(deps, callerOf(request), request.query),
    );
  };
}
