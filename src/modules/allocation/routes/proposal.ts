import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { callerOf } from '../../../core/auth/guard.ts';
import { problemResponse } from '../../../core/http/openapi.ts';
import { pageSchema } from '../../../core/http/pagination.ts';
import type { CandidateDeps } from '../candidates-service.ts';
import { ProposalQuery, ProposedAssignment, RosterGrid, RosterGridQuery } from '../proposal-schemas.ts';
import { listProposal, proposalGrid } from '../proposal-service.ts';
import { IdParams } from '../schemas.ts';

const tags = ['allocation'];
const notExecuted = problemResponse(['RUN_NOT_EXECUTED'], 'The run has no result yet');

/** A run's result before it is locked: as assignments, and as a roster grid for screens (extension). */
export function proposalRoutes(deps: CandidateDeps): FastifyPluginAsyncTypebox {
  return async (app) => {
    app.get(
      '/allocation-runs/:id/assignments',
      {
        config: { auth: 'allocation_run.read' },
        schema: {
          operationId: 'listAllocationRunAssignments',
          summary: "The run's result as assignments: what it proposes and the live work it kept",
          description:
            'Extension. In roster order (date, shift start, terminal); filter by employee, date or demand line.',
          tags,
          params: IdParams,
          querystring: ProposalQuery,
          response: { 200: pageSchema(ProposedAssignment), 409: notExecuted },
        },
      },
      async (request) => listProposal(deps, callerOf(request), request.params.id, request.query),
    );
    app.get(
      '/allocation-runs/:id/roster-grid',
      {
        config: { auth: 'allocation_run.read' },
        schema: {
          operationId: 'getAllocationRunRosterGrid',
          summary: "The run's result as a roster: employees by number, one cell per date with work",
          description: 'Extension. Paged by employees; lent staff, nights and kept live work are marked.',
          tags,
          params: IdParams,
          querystring: RosterGridQuery,
          response: { 200: RosterGrid, 409: notExecuted },
        },
      },
      async (request) => proposalGrid(deps, callerOf(request), request.params.id, request.query),
    );
  };
}
