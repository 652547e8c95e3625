import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { callerOf } from '../../../core/auth/guard.ts';
import { problemResponse } from '../../../core/http/openapi.ts';
import { PageQuery, pageSchema } from '../../../core/http/pagination.ts';
import { preferredWait, waitFor } from '../../../core/http/prefer-wait.ts';
import {
  type CandidateDeps,
  ineligibleForLine,
  lineCandidates,
  listCandidates,
} from '../candidates-service.ts';
import { requestExecution } from '../execution.ts';
import { lockRun } from '../lock.ts';
import * as runs from '../runs-service.ts';
import {
  Candidate,
  CandidatesQuery,
  IdParams,
  IneligibleEmployee,
  LineCandidates,
  NewRun,
  Run,
  RunLineParams,
  RunListQuery,
  RunReview,
} from '../schemas.ts';

const tags = ['allocation'];
const transition = problemResponse(
  ['INVALID_STATE_TRANSITION', 'RUN_EXECUTING'],
  'The run is not in a state this action starts from, or the engine is working on it',
);
const notExecuted = problemResponse(['RUN_NOT_EXECUTED'], 'The run has no result yet');

export function runRoutes(deps: CandidateDeps & { wake: () => void }): FastifyPluginAsyncTypebox {
  return async (app) => {
    app.get(
      '/allocation-runs',
      {
        config: { auth: 'allocation_run.read' },
        schema: {
          operationId: 'listAllocationRuns',
          summary: "Allocation runs in the caller's scope, newest first",
          tags,
          querystring: RunListQuery,
          response: { 200: pageSchema(Run) },
        },
      },
      async (request) => runs.listRuns(deps, callerOf(request), request.query),
    );
    app.post(
      '/allocation-runs',
      {
        config: { auth: 'allocation_run.write' },
        schema: {
          operationId: 'createAllocationRun',
          summary: 'Create a draft run over a demand plan and a period within it',
          tags,
          body: NewRun,
          response: {
            201: Run,
            422: problemResponse([
              'DEMAND_PLAN_UNKNOWN',
              'DEMAND_PLAN_ARCHIVED',
              'INVALID_DATE_RANGE',
              'PERIOD_OUTSIDE_PLAN',
              'PERIOD_TOO_LONG',
            ]),
          },
        },
      },
      async (request, reply) => {
        const created = await runs.createRun(deps, callerOf(request), request.body);
        reply.code(201).header('location', `/api/allocation-runs/${created.id}`);
        return created;
      },
    );
    app.get(
      '/allocation-runs/:id',
      {
        config: { auth: 'allocation_run.read' },
        schema: {
          operationId: 'getAllocationRun',
          summary: 'A run with its result summary: coverage, unfilled lines with reasons, fairness, timing',
          tags,
          params: IdParams,
          response: { 200: Run },
        },
      },
      async (request) => runs.getRun(deps, callerOf(request), request.params.id),
    );
    app.delete(
      '/allocation-runs/:id',
      {
        config: { auth: 'allocation_run.archive' },
        schema: {
          operationId: 'archiveAllocationRun',
          summary: 'Archive the run (from any state; it stays readable); the live roster is not touched',
          tags,
          params: IdParams,
          response: { 204: Type.Null(), 409: transition },
        },
      },
      async (request, reply) => {
        await runs.archiveRun(deps, callerOf(request), request.params.id);
        return reply.code(204).send(null);
      },
    );
    for (const action of ['execute', 'rerun'] as const) {
      app.post(
        `/allocation-runs/:id/${action}`,
        {
          config: { auth: 'allocation_run.execute' },
          schema: {
            operationId: `${action}AllocationRun`,
            summary:
              action === 'execute'
                ? 'Run the engine on a draft run (in a worker thread, within the time limit)'
                : 'Run the engine again on an executed or reviewed run, keeping what still holds',
            description:
              'Answers 202 at once with the run `Executing`; the engine works in the background (snapshot of the ' +
              'plan, staff, leave, lending rules and the live roster, then the search within the time limit) and ' +
              '`GET` shows its `progress` until the run is `Executed` (or back where it was, with `lastFailure`). ' +
              'With `Prefer: wait=N` the answer waits up to N seconds and is 200 with the executed run if it ' +
              'finished by then (`Preference-Applied: wait=N`).',
            tags,
            params: IdParams,
            headers: Type.Object({
              prefer: Type.Optional(
                Type.String({
                  description: 'RFC 7240: `wait=N` waits up to N seconds (at most 600) for the end',
                }),
              ),
            }),
            response: {
              200: { ...Run, description: 'With Prefer: wait, the execution ended in time' },
              202: { ...Run, description: 'Executing: read the run until it is not' },
              409: transition,
            },
          },
        },
        async (request, reply) => {
          const caller = callerOf(request);
          const started = await requestExecution(deps, caller, request.params.id, action);
          reply.header('location', `/api/allocation-runs/${started.id}`);
          const wait = preferredWait(request);
          if (wait === null) return reply.code(202).send(started);
          const ended = await waitFor(wait, async () => {
            const run = await runs.getRun(deps, caller, started.id);
            return run.executing ? null : run;
          });
          reply.header('preference-applied', `wait=${wait}`);
          return ended
            ? reply.code(200).send(ended)
            : reply.code(202).send(await runs.getRun(deps, caller, started.id));
        },
      );
    }
    app.post(
      '/allocation-runs/:id/review',
      {
        config: { auth: 'allocation_run.write' },
        schema: {
          operationId: 'reviewAllocationRun',
          summary:
            'Record the human review of an executed run, with an optional comment (Executed → Reviewed)',
          tags,
          params: IdParams,
          body: RunReview,
          response: { 200: Run, 409: transition },
        },
      },
      async (request) => runs.reviewRun(deps, callerOf(request), request.params.id, request.body),
    );
    app.post(
      '/allocation-runs/:id/lock',
      {
        config: { auth: 'allocation_run.lock' },
        schema: {
          operationId: 'lockAllocationRun',
          summary: 'Write the reviewed proposal into the live roster, all or nothing (Reviewed → Locked)',
          description:
            'Refused with 409 `LOCK_CONFLICTS` and the list of pairs when a proposed assignment now breaks a ' +
            'hard rule against the live roster (for example someone assigned by hand meanwhile).',
          tags,
          params: IdParams,
          response: {
            200: Run,
            409: problemResponse(['INVALID_STATE_TRANSITION', 'RUN_EXECUTING', 'LOCK_CONFLICTS'], undefined, {
              conflicts: Type.Optional(
                Type.Array(
                  Type.Object({
                    employeeId: Type.Union([Type.String(), Type.Null()]),
                    demandLineId: Type.String(),
                    date: Type.String(),
                    rule: Type.String(),
                    detail: Type.String(),
                  }),
                ),
              ),
            }),
          },
        },
      },
      async (request) => lockRun(deps, callerOf(request), request.params.id),
    );
    app.get(
      '/allocation-runs/:id/candidates',
      {
        config: { auth: 'allocation_run.read' },
        schema: {
          operationId: 'listAllocationCandidates',
          summary: 'Every line of the run, paged, with its best candidates',
          tags,
          params: IdParams,
          querystring: CandidatesQuery,
          response: { 200: pageSchema(LineCandidates), 409: notExecuted },
        },
      },
      async (request) => listCandidates(deps, callerOf(request), request.params.id, request.query),
    );
    app.get(
      '/allocation-runs/:id/candidates/:demandLineId',
      {
        config: { auth: 'allocation_run.read' },
        schema: {
          operationId: 'listDemandLineCandidates',
          summary: 'The eligible employees of one line, best first, with their score parts',
          tags,
          params: RunLineParams,
          querystring: PageQuery,
          response: { 200: pageSchema(Candidate), 409: notExecuted },
        },
      },
      async (request) =>
        lineCandidates(
          deps,
          callerOf(request),
          request.params.id,
          request.params.demandLineId,
          request.query,
        ),
    );
    app.get(
      '/allocation-runs/:id/candidates/:demandLineId/ineligible',
      {
        config: { auth: 'allocation_run.debug' },
        schema: {
          operationId: 'listIneligibleEmployees',
          summary: 'Everyone the run considered who could not staff the line, with the rule codes',
          tags,
          params: RunLineParams,
          querystring: PageQuery,
          response: { 200: pageSchema(IneligibleEmployee), 409: notExecuted },
        },
      },
      async (request) =>
        ineligibleForLine(
          deps,
          callerOf(request),
          request.params.id,
          request.params.demandLineId,
          request.query,
        ),
    );
  };
}
