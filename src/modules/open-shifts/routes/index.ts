import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { callerOf } from '../../../core/auth/guard.ts';
import { problemResponse } from '../../../core/http/openapi.ts';
import { pageSchema } from '../../../core/http/pagination.ts';
import { depsOf, type ModuleContext } from '../../../core/module-context.ts';
import { ReasonCertification } from '../../roster/schemas.ts';
import * as claims from '../claims-service.ts';
import {
  IdParams,
  NewOpenShift,
  NewOpenShiftsForGaps,
  OfferedOpenShifts,
  OpenShift,
  OpenShiftClaim,
  OpenShiftClaimQuery,
  OpenShiftForMe,
  OpenShiftQuery,
  OwnOpenShiftClaimQuery,
  OwnOpenShiftQuery,
  ReasonCode,
} from '../schemas.ts';
import * as openShifts from '../service.ts';

const tags = ['open-shifts'];
const range = problemResponse(['INVALID_DATE_RANGE', 'RANGE_TOO_LONG']);
const notOpen = problemResponse(['OPEN_SHIFT_NOT_OPEN'], 'The open shift was taken, withdrawn or closed');
const notEligible = (codes: Parameters<typeof problemResponse>[0]) =>
  problemResponse(codes, "The engine's checker refuses the employee: `reasons` names its rules", {
    reasons: Type.Optional(Type.Array(ReasonCode)),
    certification: Type.Optional(ReasonCertification),
  });

/** Open shifts (issue 35): planners offer gaps of the live roster, employees claim them, one per head lands. */
export function openShiftRoutes(context: ModuleContext): FastifyPluginAsyncTypebox {
  const deps = depsOf(context);
  return async (app) => {
    app.get(
      '/open-shifts',
      {
        config: { auth: 'open_shift.view' },
        schema: {
          operationId: 'listOpenShifts',
          summary: "Open shifts in the caller's scope, in roster order",
          description:
            'Extension. An offer whose gap was covered another way, or whose plan was archived, reads `Closed`.',
          tags,
          querystring: OpenShiftQuery,
          response: { 200: pageSchema(OpenShift), 422: range },
        },
      },
      async (request) => openShifts.listOffers(deps, callerOf(request), request.query),
    );
    app.post(
      '/open-shifts',
      {
        config: { auth: 'open_shift.offer' },
        schema: {
          operationId: 'offerOpenShift',
          summary: 'Offer one gap of the live roster (a demand line missing heads) to eligible employees',
          tags,
          body: NewOpenShift,
          response: {
            201: OpenShift,
            409: problemResponse(['OPEN_SHIFT_ALREADY_OFFERED']),
            422: problemResponse([
              'DEMAND_LINE_UNKNOWN',
              'OPEN_SHIFT_NO_GAP',
              'OPEN_SHIFT_IN_PAST',
              'OPEN_SHIFT_HEADS_EXCEED_GAP',
            ]),
          },
        },
      },
      async (request, reply) => {
        const created = await openShifts.offerGap(deps, callerOf(request), request.body);
        reply.code(201).header('location', `/api/open-shifts/${created.id}`);
        return created;
      },
    );
    app.post(
      '/open-shifts/for-gaps',
      {
        config: { auth: 'open_shift.offer' },
        schema: {
          operationId: 'offerOpenShiftsForGaps',
          summary: 'Offer every gap of a department over a period (from today on) that has no open offer',
          tags,
          body: NewOpenShiftsForGaps,
          response: {
            200: OfferedOpenShifts,
            404: problemResponse(['NOT_FOUND'], 'No such department in the caller’s scope'),
            409: problemResponse(
              ['OPEN_SHIFT_ALREADY_OFFERED'],
              'Another call offered one of them meanwhile',
            ),
            422: range,
          },
        },
      },
      async (request) => openShifts.offerGaps(deps, callerOf(request), request.body),
    );
    app.get(
      '/open-shifts/:id',
      {
        config: { auth: 'open_shift.view' },
        schema: {
          operationId: 'getOpenShift',
          summary: 'One open shift',
          tags,
          params: IdParams,
          response: { 200: OpenShift },
        },
      },
      async (request) => openShifts.getOffer(deps, callerOf(request), request.params.id),
    );
    app.post(
      '/open-shifts/:id/withdraw',
      {
        config: { auth: 'open_shift.offer' },
        schema: {
          operationId: 'withdrawOpenShift',
          summary: 'Withdraw an open offer; its pending claims are declined (`OFFER_WITHDRAWN`)',
          tags,
          params: IdParams,
          response: { 200: OpenShift, 409: notOpen },
        },
      },
      async (request) => openShifts.withdrawOffer(deps, callerOf(request), request.params.id),
    );
    app.get(
      '/open-shift-claims',
      {
        config: { auth: 'open_shift.view' },
        schema: {
          operationId: 'listOpenShiftClaims',
          summary: "Claims of open shifts in the caller's scope, oldest first",
          tags,
          querystring: OpenShiftClaimQuery,
          response: { 200: pageSchema(OpenShiftClaim) },
        },
      },
      async (request) => openShifts.listClaims(deps, callerOf(request), request.query),
    );
    app.post(
      '/open-shift-claims/:id/approve',
      {
        config: { auth: 'open_shift.approve' },
        schema: {
          operationId: 'approveOpenShiftClaim',
          summary: 'Give a head of the open shift to this claim: it lands on the live roster',
          description:
            'Checked again by the engine’s rules, as a manual assignment is: a refusal is 422 `NOT_ELIGIBLE` and ' +
            'declines the claim with its reasons. The last head declines the other claims (`OFFER_FILLED`).',
          tags,
          params: IdParams,
          response: {
            200: OpenShiftClaim,
            409: problemResponse(
              ['OPEN_SHIFT_NOT_OPEN', 'OPEN_SHIFT_CLAIM_DECIDED'],
              'The open shift was taken or closed, or the claim decided or withdrawn',
            ),
            422: notEligible(['NOT_ELIGIBLE']),
          },
        },
      },
      async (request) => openShifts.approveClaim(deps, callerOf(request), request.params.id),
    );
    app.get(
      '/me/open-shifts',
      {
        config: { auth: 'open_shift.claim' },
        schema: {
          operationId: 'listMyOpenShifts',
          summary: "Open shifts the caller may work by the engine's rules, or has claimed",
          description: 'Extension. Empty for an account without an employee.',
          tags,
          querystring: OwnOpenShiftQuery,
          response: { 200: pageSchema(OpenShiftForMe), 422: range },
        },
      },
      async (request) => claims.offersForMe(deps, callerOf(request), request.query),
    );
    app.post(
      '/me/open-shifts/:id/claim',
      {
        config: { auth: 'open_shift.claim' },
        schema: {
          operationId: 'claimOpenShift',
          summary: 'Claim an open shift; a planner or manager decides',
          tags,
          params: IdParams,
          response: {
            201: OpenShiftClaim,
            409: problemResponse(
              ['OPEN_SHIFT_NOT_OPEN', 'OPEN_SHIFT_ALREADY_CLAIMED'],
              'The open shift was taken or closed, or the caller claimed it already',
            ),
            422: notEligible(['NOT_ELIGIBLE', 'NO_LINKED_EMPLOYEE']),
          },
        },
      },
      async (request, reply) => {
        const created = await claims.claimOffer(deps, callerOf(request), request.params.id);
        reply.code(201).header('location', `/api/me/open-shift-claims/${created.id}`);
        return created;
      },
    );
    app.get(
      '/me/open-shift-claims',
      {
        config: { auth: 'open_shift.claim' },
        schema: {
          operationId: 'listMyOpenShiftClaims',
          summary: "The caller's claims of open shifts with their outcome, latest first",
          tags,
          querystring: OwnOpenShiftClaimQuery,
          response: { 200: pageSchema(OpenShiftClaim) },
        },
      },
      async (request) => claims.ownClaims(deps, callerOf(request), request.query),
    );
    app.post(
      '/me/open-shift-claims/:id/withdraw',
      {
        config: { auth: 'open_shift.claim' },
        schema: {
          operationId: 'withdrawOpenShiftClaim',
          summary: 'Withdraw one’s own claim before it is decided',
          tags,
          params: IdParams,
          response: {
            200: OpenShiftClaim,
            409: problemResponse(['OPEN_SHIFT_CLAIM_DECIDED']),
            422: problemResponse(['NO_LINKED_EMPLOYEE']),
          },
        },
      },
      async (request) => claims.withdrawClaim(deps, callerOf(request), request.params.id),
    );
  };
}
