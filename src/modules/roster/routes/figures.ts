import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { callerOf } from '../../../core/auth/guard.ts';
import { problemResponse } from '../../../core/http/openapi.ts';
import type { ServiceDeps } from '../../../core/module-context.ts';
import { PersonFiguresQuery, RosterPersonFigures } from '../figures-schemas.ts';
import { personFigures } from '../figures-service.ts';

/** Per-person figures of the live roster over a period, for its grid (extension, issue 53). */
export function figureRoutes(deps: ServiceDeps): FastifyPluginAsyncTypebox {
  return async (app) => {
    app.get(
      '/roster/person-figures',
      {
        config: { auth: 'roster.view' },
        schema: {
          operationId: 'getRosterPersonFigures',
          summary:
            "Per person of a department's live roster over a period: hours, nights, weekend shifts, cost and the limits come near",
          description:
            "Extension. The department's own people with live work in the period. Warnings and broken rules are the engine checker's " +
            '(as the publication compliance list); `cost` is null for a caller without `labour_cost.view`.',
          tags: ['rosters'],
          querystring: PersonFiguresQuery,
          response: {
            200: RosterPersonFigures,
            404: problemResponse(['NOT_FOUND'], 'No such department in the caller’s scope'),
            422: problemResponse(['INVALID_DATE_RANGE', 'RANGE_TOO_LONG']),
          },
        },
      },
      async (request) => personFigures(deps, callerOf(request), request.query),
    );
  };
}
