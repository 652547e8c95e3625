import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { callerOf } from '../../../core/auth/guard.ts';
import { problemResponse } from '../../../core/http/openapi.ts';
import { pageSchema } from '../../../core/http/pagination.ts';
import type { ServiceDeps } from '../../../core/module-context.ts';
import { REASON_CODES } from '../../../engine/index.ts';
import {
  AssignmentListQuery,
  EmployeeAssignmentsQuery,
  IdParams,
  NewShiftAssignment,
  ReasonCertification,
  ScheduleQuery,
  ShiftAssignment,
  ShiftSchedule,
} from '../schemas.ts';
import * as roster from '../service.ts';

const tags = ['rosters'];
const range = problemResponse(['INVALID_DATE_RANGE', 'RANGE_TOO_LONG']);

export function assignmentRoutes(deps: ServiceDeps): FastifyPluginAsyncTypebox {
  return async (app) => {
    app.get(
      '/shift-assignments',
      {
        config: { auth: 'roster.view' },
        schema: {
          operationId: 'listShiftAssignments',
          summary: "The live roster in the caller's scope, by date",
          tags,
          querystring: AssignmentListQuery,
          response: { 200: pageSchema(ShiftAssignment), 422: range },
        },
      },
      async (request) => roster.listAssignments(deps, callerOf(request), request.query),
    );
    app.get(
      '/employees/:id/shift-assignments',
      {
        config: { auth: 'roster.view' },
        schema: {
          operationId: 'listEmployeeShiftAssignments',
          summary: "An employee's live assignments",
          tags,
          params: IdParams,
          querystring: EmployeeAssignmentsQuery,
          response: { 200: pageSchema(ShiftAssignment), 422: range },
        },
      },
      async (request) =>
        roster.employeeAssignments(deps, callerOf(request), request.params.id, request.query),
    );
    app.get(
      '/employees/:id/shift-schedule',
      {
        config: { auth: 'roster.view' },
        schema: {
          operationId: 'getEmployeeShiftSchedule',
          summary: "An employee's days: shifts, days off, approved leave and holidays",
          tags,
          params: IdParams,
          querystring: ScheduleQuery,
          response: { 200: ShiftSchedule, 422: range },
        },
      },
      async (request) => roster.employeeSchedule(deps, callerOf(request), request.params.id, request.query),
    );
    app.post(
      '/employees/:id/shift-assignments',
      {
        config: { auth: 'roster.create' },
        schema: {
          operationId: 'createShiftAssignment',
          summary: 'Assign a shift by hand, under the same hard rules as the engine',
          description:
            'Either `demandLineId` (its terminal, shift, skill and pool apply) or `shiftTemplateId` and ' +
            "`terminalId` (optionally `skillId`) in the employee's own department. A broken rule is 422 " +
            '`NOT_ELIGIBLE` with every reason by the engine’s rule code.',
          tags,
          params: IdParams,
          body: NewShiftAssignment,
          response: {
            201: ShiftAssignment,
            422: problemResponse(
              ['NOT_ELIGIBLE', 'DEMAND_LINE_UNKNOWN', 'LINE_DATE_MISMATCH', 'ASSIGNMENT_INVALID'],
              undefined,
              {
                reasons: Type.Optional(
                  Type.Array(Type.Union(REASON_CODES.map((code) => Type.Literal(code)))),
                ),
                certification: Type.Optional(ReasonCertification),
              },
            ),
          },
        },
      },
      async (request, reply) => {
        const created = await roster.createAssignment(
          deps,
          callerOf(request),
          request.params.id,
          request.body,
        );
        reply.code(201).header('location', `/api/shift-assignments/${created.id}`);
        return created;
      },
    );
    app.delete(
      '/shift-assignments/:id',
      {
        config: { auth: 'roster.edit' },
        schema: {
          operationId: 'deleteShiftAssignment',
          summary: 'Remove an assignment from the live roster',
          tags,
          params: IdParams,
          response: { 204: Type.Null() },
        },
      },
      async (request, reply) => {
        await roster.deleteAssignment(deps, callerOf(request), request.params.id);
        return reply.code(204).send(null);
      },
    );
  };
}
