import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { callerOf } from '../../../core/auth/guard.ts';
import { keptAnswers } from '../../../core/http/kept-answers.ts';
import { problemResponse } from '../../../core/http/openapi.ts';
import { PageQuery, pageSchema } from '../../../core/http/pagination.ts';
import { depsOf, type ModuleContext } from '../../../core/module-context.ts';
import * as approvals from '../approval-service.ts';
import { approvalCompliance, publicationCompliance } from '../compliance-service.ts';
import {
  ApprovalDecision,
  IdParams,
  OwnRoster,
  OwnRosterQuery,
  PendingCount,
  PublicationCompliance,
  PublicationPreview,
  PublicationPreviewQuery,
  PublishedRoster,
  PublishedRosterDetail,
  PublishedRosterQuery,
  PublishOutcome,
  PublishRequest,
  RepublishRequest,
  RosterApprovalItem,
} from '../schemas.ts';
import * as publishing from '../service.ts';

const tags = ['publishing'];

export function publishingRoutes(context: ModuleContext): FastifyPluginAsyncTypebox {
  const deps = depsOf(context);
  return async (app) => {
    const sendOwnRoster = keptAnswers();
    app.post(
      '/admin/roster/publish',
      {
        config: { auth: 'roster.publish' },
        schema: {
          operationId: 'publishRoster',
          summary: 'Publish a locked run as version 1: an immutable snapshot of its live roster',
          tags,
          body: PublishRequest,
          response: {
            201: PublishOutcome,
            404: problemResponse(['NOT_FOUND'], "No such run in the caller's scope"),
            409: problemResponse(['RUN_NOT_LOCKED', 'ALREADY_PUBLISHED']),
          },
        },
      },
      async (request, reply) => {
        const created = await publishing.publish(deps, callerOf(request), request.body);
        reply.code(201).header('location', `/api/admin/published-rosters/${created.id}`);
        return created;
      },
    );
    app.get(
      '/admin/roster/publication-preview',
      {
        config: { auth: 'roster.publish' },
        schema: {
          operationId: 'previewRosterPublication',
          summary: 'What publishing a locked run now would write, against the version that stands',
          description:
            'The change list the planner confirms before publishing or republishing: the same scope as the ' +
            "publication (lent staff on the plan's lines included) and the same comparison its answer makes.",
          tags,
          querystring: PublicationPreviewQuery,
          response: {
            200: PublicationPreview,
            404: problemResponse(['NOT_FOUND'], "No such run in the caller's scope"),
            409: problemResponse(['RUN_NOT_LOCKED']),
          },
        },
      },
      async (request) => publishing.publicationPreview(deps, callerOf(request), request.query.runId),
    );
    app.get(
      '/admin/roster/publication-compliance',
      {
        config: { auth: 'roster.publish' },
        schema: {
          operationId: 'checkRosterPublicationCompliance',
          summary: 'What publishing a locked run now would break or come near, per person',
          description:
            "Extension (issue 53). Every hard rule the roster of the run's period breaks (there should be " +
            'none) and every warning: a week within 10 % of the weekly maximum, rest under an hour above the ' +
            'minimum, seven days in a row, a certification the work needs that ends inside the period. ' +
            'The publish screen shows it and asks to confirm while warnings remain.',
          tags,
          querystring: PublicationPreviewQuery,
          response: {
            200: PublicationCompliance,
            404: problemResponse(['NOT_FOUND'], "No such run in the caller's scope"),
            409: problemResponse(['RUN_NOT_LOCKED']),
          },
        },
      },
      async (request) => publicationCompliance(deps, callerOf(request), request.query.runId),
    );
    app.post(
      '/admin/roster/republish',
      {
        config: { auth: 'roster.publish' },
        schema: {
          operationId: 'republishRoster',
          summary: 'Publish the next version from the live roster (after corrections), with a reason',
          description: 'Supersedes the latest version; the answer lists what changed against it.',
          tags,
          body: RepublishRequest,
          response: {
            201: PublishOutcome,
            404: problemResponse(['NOT_FOUND'], "No such run in the caller's scope"),
            409: problemResponse(['RUN_NOT_LOCKED', 'NOT_PUBLISHED', 'ROSTER_CHANGED', 'NO_CHANGES']),
          },
        },
      },
      async (request, reply) => {
        const created = await publishing.republish(deps, callerOf(request), request.body);
        reply.code(201).header('location', `/api/admin/published-rosters/${created.id}`);
        return created;
      },
    );
    app.get(
      '/admin/roster-approvals/pending',
      {
        config: { auth: 'roster.approve' },
        schema: {
          operationId: 'listPendingRosterApprovals',
          summary: 'The approval queue: versions waiting for a decision the caller may take',
          description:
            "In the caller's scope and never of a version they published; each item's id is what approve and reject take. " +
            'Each item says what the version changes against the one it replaces and, for a caller who reads labour ' +
            'cost in its department, what both cost.',
          tags,
          querystring: PageQuery,
          response: { 200: pageSchema(RosterApprovalItem) },
        },
      },
      async (request) => approvals.pendingApprovals(deps, callerOf(request), request.query),
    );
    app.get(
      '/admin/roster-approvals/pending/count',
      {
        config: { auth: 'roster.approve' },
        schema: {
          operationId: 'countPendingRosterApprovals',
          summary: 'How many versions wait for approval (the approval bell polls it)',
          tags,
          response: { 200: PendingCount },
        },
      },
      async (request) => publishing.pendingApprovalCount(deps, callerOf(request)),
    );
    app.get(
      '/admin/roster-approvals/:id/compliance',
      {
        config: { auth: 'roster.approve' },
        schema: {
          operationId: 'checkRosterApprovalCompliance',
          summary: 'What the version an approval decides breaks or comes near, per person',
          description:
            'Extension (issue 53). The same list as before publishing, for the lines as the version holds ' +
            "them, checked with today's leave, certifications and employment and the live work just around " +
            'its period. The approval card reads it when it is opened.',
          tags,
          params: IdParams,
          response: {
            200: PublicationCompliance,
            404: problemResponse(['NOT_FOUND'], "No such approval in the caller's scope"),
          },
        },
      },
      async (request) => approvalCompliance(deps, callerOf(request), request.params.id),
    );
    for (const [action, decision] of [
      ['approve', 'Approved'],
      ['reject', 'Rejected'],
    ] as const) {
      app.post(
        `/admin/roster-approvals/:id/${action}`,
        {
          config: { auth: 'roster.approve' },
          schema: {
            operationId: `${action}Roster`,
            summary:
              action === 'approve'
                ? 'Approve a published version (not its publisher), with an optional comment'
                : 'Reject a published version, with a comment',
            tags,
            params: IdParams,
            body: ApprovalDecision,
            response: {
              200: PublishedRoster,
              409: problemResponse(['APPROVAL_ALREADY_DECIDED']),
              422: problemResponse(['SAME_APPROVER', 'COMMENT_REQUIRED']),
            },
          },
        },
        async (request) =>
          approvals.decideApproval(deps, callerOf(request), request.params.id, decision, request.body),
      );
    }
    app.get(
      '/admin/published-rosters',
      {
        config: { auth: 'roster.view' },
        schema: {
          operationId: 'listPublishedRosters',
          summary: 'Published roster versions, newest first',
          tags,
          querystring: PublishedRosterQuery,
          response: { 200: pageSchema(PublishedRoster) },
        },
      },
      async (request) => publishing.listPublished(deps, callerOf(request), request.query),
    );
    app.get(
      '/admin/published-rosters/:id',
      {
        config: { auth: 'roster.view' },
        schema: {
          operationId: 'getPublishedRoster',
          summary: 'A published version with its lines and approval',
          tags,
          params: IdParams,
          response: { 200: PublishedRosterDetail },
        },
      },
      async (request) => publishing.getPublished(deps, callerOf(request), request.params.id),
    );
    app.get(
      '/me/roster',
      {
        config: { auth: 'auth' },
        schema: {
          operationId: 'getOwnRoster',
          summary: "The caller's own shifts from the latest published roster covering each date",
          tags: ['me'],
          querystring: OwnRosterQuery,
          response: { 200: OwnRoster, 422: problemResponse(['INVALID_DATE_RANGE', 'RANGE_TOO_LONG']) },
        },
      },
      async (request, reply) =>
        sendOwnRoster(
          reply,
          await publishing.ownRoster(deps, callerOf(request), request.query, app.accessCache),
        ),
    );
  };
}
