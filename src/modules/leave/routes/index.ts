import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { callerOf } from '../../../core/auth/guard.ts';
import { problemResponse } from '../../../core/http/openapi.ts';
import { pageSchema } from '../../../core/http/pagination.ts';
import { depsOf, type ModuleContext } from '../../../core/module-context.ts';
import {
  IdParams,
  LeaveDecision,
  LeaveListQuery,
  LeaveRequest,
  NewLeaveRequest,
  OwnLeaveQuery,
} from '../schemas.ts';
import * as leave from '../service.ts';

const tags = ['leave'];
const decided = problemResponse(['LEAVE_STEP_ALREADY_DECIDED'], 'No step waits, or it was decided meanwhile');
const decisionRefused = problemResponse(['OWN_LEAVE_REQUEST', 'SAME_APPROVER', 'COMMENT_REQUIRED']);
const notApprover = problemResponse(
  ['FORBIDDEN', 'NOT_STEP_APPROVER'],
  'The caller may not decide this step',
);

export function leaveRoutes(context: ModuleContext): FastifyPluginAsyncTypebox {
  const deps = depsOf(context);
  return async (app) => {
    app.get(
      '/leave-requests',
      {
        config: { auth: 'leave_request.view_all' },
        schema: {
          operationId: 'listLeaveRequests',
          summary: "Leave requests in the caller's scope, latest first",
          description:
            'A department-scoped manager or supervisor sees their departments’ requests; `awaitingMe=true` keeps ' +
            'those whose next step the caller may decide.',
          tags,
          querystring: LeaveListQuery,
          response: { 200: pageSchema(LeaveRequest) },
        },
      },
      async (request) => leave.listLeave(deps, callerOf(request), request.query),
    );
    app.get(
      '/me/leave-requests',
      {
        config: { auth: 'leave_request.view_own' },
        schema: {
          operationId: 'listMyLeaveRequests',
          summary: "The caller's own leave requests, latest first, with who decides the next step",
          description: 'Extension. Empty for an account without an employee.',
          tags,
          querystring: OwnLeaveQuery,
          response: { 200: pageSchema(LeaveRequest) },
        },
      },
      async (request) => leave.ownLeave(deps, callerOf(request), request.query),
    );
    app.post(
      '/leave-requests',
      {
        config: { auth: 'leave_request.submit' },
        schema: {
          operationId: 'submitLeaveRequest',
          summary: 'Ask for leave (own; an HR administrator may name another employee)',
          tags,
          body: NewLeaveRequest,
          response: {
            201: LeaveRequest,
            403: problemResponse(['FORBIDDEN'], 'Naming another employee needs the HR_ADMIN role'),
            409: problemResponse(['LEAVE_OVERLAP']),
            422: problemResponse([
              'NO_LINKED_EMPLOYEE',
              'INVALID_DATE_RANGE',
              'LEAVE_TOO_LONG',
              'LEAVE_IN_PAST',
              'EMPLOYEE_UNKNOWN',
            ]),
          },
        },
      },
      async (request, reply) => {
        const created = await leave.submitLeave(deps, callerOf(request), request.body);
        reply.code(201).header('location', `/api/leave-requests/${created.id}`);
        return created;
      },
    );
    app.get(
      '/leave-requests/:id',
      {
        config: { auth: 'leave_request.view_own' },
        schema: {
          operationId: 'getLeaveRequest',
          summary: 'A leave request with its steps (its owner, or who may see or decide it)',
          tags,
          params: IdParams,
          response: { 200: LeaveRequest },
        },
      },
      async (request) => leave.getLeave(deps, callerOf(request), request.params.id),
    );
    for (const [action, decision] of [
      ['approve', 'Approved'],
      ['reject', 'Rejected'],
    ] as const) {
      app.patch(
        `/leave-requests/:id/${action}`,
        {
          config: { auth: 'leave_request.approve', versioned: true },
          schema: {
            operationId: `${action}LeaveRequest`,
            summary:
              action === 'approve'
                ? 'Approve the step the request waits in (step 1: manager or supervisor; step 2: HR)'
                : 'Reject the request at the step it waits in',
            description:
              'One step per call. `leave.approve` (legacy) is accepted as `leave_request.approve`.',
            tags,
            params: IdParams,
            body: LeaveDecision,
            response: { 200: LeaveRequest, 403: notApprover, 409: decided, 422: decisionRefused },
          },
        },
        async (request) =>
          leave.decideLeave(deps, callerOf(request), request.params.id, decision, request.body),
      );
    }
    app.patch(
      '/leave-requests/:id/cancel',
      {
        config: { auth: 'leave_request.view_own', versioned: true },
        schema: {
          operationId: 'cancelLeaveRequest',
          summary: 'Cancel own request before its start date (it stays on record as Cancelled)',
          tags,
          params: IdParams,
          response: {
            200: LeaveRequest,
            403: problemResponse(['FORBIDDEN', 'NOT_OWNER']),
            409: problemResponse(['LEAVE_NOT_CANCELLABLE', 'LEAVE_ALREADY_STARTED']),
          },
        },
      },
      async (request) => leave.cancelLeave(deps, callerOf(request), request.params.id),
    );
  };
}

const ApprovalRule = Type.Object(
  {
    step: Type.Integer(),
    label: Type.String(),
    roles: Type.Array(Type.String()),
    alsoAllowed: Type.Array(Type.String()),
    waitingIn: Type.String(),
    approvedTo: Type.String(),
    rules: Type.Array(Type.String()),
  },
  { $id: 'ApprovalRule' },
);
const Approver = Type.Object(
  {
    userId: Type.String(),
    username: Type.String(),
    displayName: Type.String(),
    roleCode: Type.String(),
    departmentId: Type.Union([Type.String(), Type.Null()]),
  },
  { $id: 'Approver' },
);

/** Development helpers of the leave chain, registered under /api/diagnostics outside production. */
export function leaveDiagnosticsRoutes(context: ModuleContext): FastifyPluginAsyncTypebox {
  const deps = depsOf(context);
  const config = { auth: 'open' } as const;
  return async (app) => {
    app.get(
      '/approval-matrix/rules',
      {
        config,
        schema: {
          operationId: 'listApprovalRules',
          summary: 'The leave approval chain: who may act at each step',
          tags: ['diagnostics'],
          response: { 200: Type.Array(ApprovalRule) },
        },
      },
      async () => leave.approvalRules(),
    );
    app.get(
      '/approval-matrix/resolve',
      {
        config,
        schema: {
          operationId: 'resolveApprovers',
          summary: 'The users who may decide a step of a request by the given employee today',
          tags: ['diagnostics'],
          querystring: Type.Object({
            requesterId: Type.String({ format: 'uuid', description: 'The requesting employee' }),
            step: Type.Integer({ minimum: 1, maximum: 2 }),
          }),
          response: { 200: Type.Array(Approver), 422: problemResponse(['EMPLOYEE_UNKNOWN']) },
        },
      },
      async (request) =>
        leave.resolveApproversFor(deps, request.query.requesterId, request.query.step, context.now()),
    );
  };
}
