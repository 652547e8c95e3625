import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { callerOf } from '../../../core/auth/guard.ts';
import { problemResponse } from '../../../core/http/openapi.ts';
import { pageSchema } from '../../../core/http/pagination.ts';
import { depsOf, type ModuleContext } from '../../../core/module-context.ts';
import { REASON_CODES } from '../../../engine/index.ts';
import { ReasonCertification } from '../../roster/schemas.ts';
import {
  IdParams,
  NewShiftSwap,
  OwnLiveShifts,
  OwnLiveShiftsQuery,
  OwnSwapQuery,
  ShiftSwap,
  ShiftSwapDecision,
  SwapCandidates,
  SwapCandidatesQuery,
  SwapListQuery,
} from '../schemas.ts';
import * as swaps from '../service.ts';

const tags = ['swaps'];
const ReasonCode = Type.Union(REASON_CODES.map((code) => Type.Literal(code)));
/** The reasons of `NOT_ELIGIBLE`: a side of the swap breaks a rule of the engine. */
const eligibility = {
  reasons: Type.Optional(Type.Array(ReasonCode)),
  certification: Type.Optional(ReasonCertification),
  sides: Type.Optional(
    Type.Array(
      Type.Object({
        side: Type.Union([Type.Literal('proposer'), Type.Literal('colleague')]),
        employeeId: Type.String({ format: 'uuid' }),
        reasons: Type.Array(ReasonCode),
        certification: Type.Optional(ReasonCertification),
      }),
    ),
  ),
};
const wrongState = problemResponse(
  ['INVALID_STATE_TRANSITION'],
  'The swap is not in a state this step applies to',
);
const noEmployee = problemResponse(['NO_LINKED_EMPLOYEE']);

export function swapRoutes(context: ModuleContext): FastifyPluginAsyncTypebox {
  const deps = depsOf(context);
  return async (app) => {
    app.get(
      '/me/shift-swaps',
      {
        config: { auth: 'shift_swap.propose' },
        schema: {
          operationId: 'listMyShiftSwaps',
          summary: 'Swaps the caller proposed or was asked to take, latest first',
          tags,
          querystring: OwnSwapQuery,
          response: { 200: pageSchema(ShiftSwap) },
        },
      },
      async (request) => swaps.ownSwaps(deps, callerOf(request), request.query),
    );
    app.get(
      '/me/live-shifts',
      {
        config: { auth: 'shift_swap.propose' },
        schema: {
          operationId: 'listMyLiveShifts',
          summary: "The caller's live shifts (the roster as it is, published or not): what they may offer",
          tags,
          querystring: OwnLiveShiftsQuery,
          response: {
            200: OwnLiveShifts,
            422: problemResponse(['INVALID_DATE_RANGE', 'RANGE_TOO_LONG']),
          },
        },
      },
      async (request) => swaps.ownLiveShifts(deps, callerOf(request), request.query),
    );
    app.get(
      '/me/shift-swap-candidates',
      {
        config: { auth: 'shift_swap.propose' },
        schema: {
          operationId: 'listShiftSwapCandidates',
          summary: "Colleagues of the offered shift's department, with their live shifts a week either side",
          description: 'The rules are checked when the swap is proposed, not here.',
          tags,
          querystring: SwapCandidatesQuery,
          response: { 200: SwapCandidates, 422: problemResponse(['NO_LINKED_EMPLOYEE', 'SWAP_INVALID']) },
        },
      },
      async (request) => swaps.candidates(deps, callerOf(request), request.query),
    );
    app.post(
      '/me/shift-swaps',
      {
        config: { auth: 'shift_swap.propose' },
        schema: {
          operationId: 'proposeShiftSwap',
          summary: 'Propose a swap of an own live shift with a colleague’s, or give it to a colleague',
          description:
            'Both sides are checked by the engine’s own rules: each person must be allowed the other’s shift ' +
            'once their own is off the roster. A broken rule is 422 `NOT_ELIGIBLE` with the reasons per side.',
          tags,
          body: NewShiftSwap,
          response: {
            201: ShiftSwap,
            409: problemResponse(['SWAP_SHIFT_BUSY'], 'The shift is offered in another open proposal'),
            422: problemResponse(
              ['NOT_ELIGIBLE', 'NO_LINKED_EMPLOYEE', 'SWAP_INVALID'],
              undefined,
              eligibility,
            ),
          },
        },
      },
      async (request, reply) => {
        const created = await swaps.propose(deps, callerOf(request), request.body);
        reply.code(201).header('location', `/api/shift-swaps/${created.id}`);
        return created;
      },
    );
    const partySteps = [
      ['accept', 'acceptShiftSwap', 'The colleague accepts; a manager decides next', swaps.accept],
      ['decline', 'declineShiftSwap', 'The colleague declines', swaps.decline],
      ['cancel', 'cancelShiftSwap', 'The proposer withdraws it before a manager decides', swaps.cancel],
    ] as const;
    for (const [step, operationId, summary, run] of partySteps) {
      app.post(
        `/me/shift-swaps/:id/${step}`,
        {
          config: { auth: 'shift_swap.propose' },
          schema: {
            operationId,
            summary,
            tags,
            params: IdParams,
            response: { 200: ShiftSwap, 409: wrongState, 422: noEmployee },
          },
        },
        async (request) => run(deps, callerOf(request), request.params.id),
      );
    }
    app.get(
      '/shift-swaps',
      {
        config: { auth: 'shift_swap.view' },
        schema: {
          operationId: 'listShiftSwaps',
          summary: "Shift swaps of the caller's departments, latest first",
          tags,
          querystring: SwapListQuery,
          response: { 200: pageSchema(ShiftSwap), 422: problemResponse(['INVALID_DATE_RANGE']) },
        },
      },
      async (request) => swaps.listSwaps(deps, callerOf(request), request.query),
    );
    app.get(
      '/shift-swaps/:id',
      {
        config: { auth: 'shift_swap.propose' },
        schema: {
          operationId: 'getShiftSwap',
          summary: 'One shift swap: to its parties and to readers of its department',
          tags,
          params: IdParams,
          response: { 200: ShiftSwap },
        },
      },
      async (request) => swaps.getSwap(deps, callerOf(request), request.params.id),
    );
    for (const decision of ['approve', 'reject'] as const) {
      app.post(
        `/shift-swaps/:id/${decision}`,
        {
          config: { auth: 'shift_swap.approve' },
          schema: {
            operationId: `${decision}ShiftSwap`,
            summary:
              decision === 'approve'
                ? 'Approve an accepted swap: both sides checked again, both shifts moved in one transaction'
                : 'Reject an accepted swap',
            tags,
            params: IdParams,
            body: ShiftSwapDecision,
            response: {
              200: ShiftSwap,
              409: problemResponse(
                decision === 'approve'
                  ? ['INVALID_STATE_TRANSITION', 'SWAP_SHIFT_CHANGED']
                  : ['INVALID_STATE_TRANSITION'],
                'The swap is not waiting for a decision, or a shift of it left the roster',
              ),
              422:
                decision === 'approve'
                  ? problemResponse(['NOT_ELIGIBLE', 'OWN_SWAP'], undefined, eligibility)
                  : problemResponse(['OWN_SWAP']),
            },
          },
        },
        async (request) => swaps.decide(deps, callerOf(request), request.params.id, decision, request.body),
      );
    }
  };
}
