import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { callerOf } from '../../../core/auth/guard.ts';
import { problemResponse } from '../../../core/http/openapi.ts';
import { PageQuery, pageSchema } from '../../../core/http/pagination.ts';
import type { ServiceDeps } from '../../../core/module-context.ts';
import { CoverCandidate, GapLineParams, GapQuery, RosterGapPage } from '../gaps-schemas.ts';
import { coverCandidates, listGaps } from '../gaps-service.ts';

const tags = ['rosters'];

/** Gaps of the live roster and who can cover them (extension); covering is one POST of an assignment. */
export function gapRoutes(deps: ServiceDeps): FastifyPluginAsyncTypebox {
  return async (app) => {
    app.get(
      '/roster/gaps',
      {
        config: { auth: 'roster.view' },
        schema: {
          operationId: 'listRosterGaps',
          summary:
            'Required heads of live demand plans that no live assignment covers, with why each is open',
          description:
            'Extension. Default: today and the six days after. Cover one with `POST /api/employees/{id}/shift-assignments` ' +
            'and its `demandLineId`, picking from `GET /api/roster/gaps/{demandLineId}/candidates`.',
          tags,
          querystring: GapQuery,
          response: { 200: RosterGapPage, 422: problemResponse(['INVALID_DATE_RANGE', 'RANGE_TOO_LONG']) },
        },
      },
      async (request) => listGaps(deps, callerOf(request), request.query),
    );
    app.get(
      '/roster/gaps/:demandLineId/candidates',
      {
        config: { auth: 'roster.create' },
        schema: {
          operationId: 'listGapCoverCandidates',
          summary: 'Who can cover a gap now, ranked as the engine ranks candidates, from the live roster',
          description: 'Extension. Everyone listed passes every hard rule for the line today.',
          tags,
          params: GapLineParams,
          querystring: PageQuery,
          response: { 200: pageSchema(CoverCandidate) },
        },
      },
      async (request) => coverCandidates(deps, callerOf(request), request.params.demandLineId, request.query),
    );
  };
}
