import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { callerOf } from '../../../core/auth/guard.ts';
import { problemResponse } from '../../../core/http/openapi.ts';
import { pageSchema } from '../../../core/http/pagination.ts';
import { depsOf, type ModuleContext } from '../../../core/module-context.ts';
import {
  IdParams,
  MyAvailability,
  NewUnavailability,
  NewWorkPreference,
  PeriodQuery,
  StaffWishes,
  StaffWishesQuery,
  Unavailability,
  WorkPreference,
} from '../schemas.ts';
import * as availability from '../service.ts';

const tags = ['availability'];
const period = problemResponse(['INVALID_DATE_RANGE', 'RANGE_TOO_LONG']);

export function availabilityRoutes(context: ModuleContext): FastifyPluginAsyncTypebox {
  const deps = depsOf(context);
  return async (app) => {
    app.get(
      '/me/availability',
      {
        config: { auth: 'availability.manage_own' },
        schema: {
          operationId: 'getMyAvailability',
          summary: 'The caller’s wishes, the unit’s limits and which wishes the live roster grants',
          tags,
          querystring: PeriodQuery,
          response: {
            200: MyAvailability,
            422: problemResponse(['NO_LINKED_EMPLOYEE', 'INVALID_DATE_RANGE', 'RANGE_TOO_LONG']),
          },
        },
      },
      async (request) => availability.myAvailability(deps, callerOf(request), request.query),
    );
    app.post(
      '/me/availability/unavailability',
      {
        config: { auth: 'availability.manage_own' },
        schema: {
          operationId: 'addMyUnavailability',
          summary: 'State days the caller cannot work, within the unit’s `availability.*` limits',
          tags,
          body: NewUnavailability,
          response: {
            201: Unavailability,
            409: problemResponse(['UNAVAILABILITY_ROSTER_CONFLICT']),
            422: problemResponse([
              'NO_LINKED_EMPLOYEE',
              'INVALID_DATE_RANGE',
              'UNAVAILABILITY_EMPTY',
              'WISH_IN_PAST',
              'WISH_TOO_FAR_AHEAD',
              'UNAVAILABLE_DAYS_LIMIT',
            ]),
          },
        },
      },
      async (request, reply) => {
        const created = await availability.addUnavailability(deps, callerOf(request), request.body);
        reply.code(201).header('location', `/api/me/availability/unavailability/${created.id}`);
        return created;
      },
    );
    app.delete(
      '/me/availability/unavailability/:id',
      {
        config: { auth: 'availability.manage_own' },
        schema: {
          operationId: 'removeMyUnavailability',
          summary: 'Withdraw own unavailability',
          tags,
          params: IdParams,
          response: { 204: Type.Null(), 422: problemResponse(['NO_LINKED_EMPLOYEE']) },
        },
      },
      async (request, reply) => {
        await availability.removeUnavailability(deps, callerOf(request), request.params.id);
        return reply.code(204).send(null);
      },
    );
    app.post(
      '/me/availability/preferences',
      {
        config: { auth: 'availability.manage_own' },
        schema: {
          operationId: 'addMyWorkPreference',
          summary: 'Add a wish to work or to be off',
          tags,
          body: NewWorkPreference,
          response: {
            201: WorkPreference,
            422: problemResponse([
              'NO_LINKED_EMPLOYEE',
              'WISH_IN_PAST',
              'WISH_TOO_FAR_AHEAD',
              'SHIFT_TYPE_UNKNOWN',
              'PREFERENCE_LIMIT',
            ]),
          },
        },
      },
      async (request, reply) => {
        const created = await availability.addPreference(deps, callerOf(request), request.body);
        reply.code(201).header('location', `/api/me/availability/preferences/${created.id}`);
        return created;
      },
    );
    app.delete(
      '/me/availability/preferences/:id',
      {
        config: { auth: 'availability.manage_own' },
        schema: {
          operationId: 'removeMyWorkPreference',
          summary: 'Withdraw own preference',
          tags,
          params: IdParams,
          response: { 204: Type.Null(), 422: problemResponse(['NO_LINKED_EMPLOYEE']) },
        },
      },
      async (request, reply) => {
        await availability.removePreference(deps, callerOf(request), request.params.id);
        return reply.code(204).send(null);
      },
    );
    app.get(
      '/availability',
      {
        config: { auth: 'availability.view' },
        schema: {
          operationId: 'listStaffWishes',
          summary: 'The wishes of a department’s staff by date (at most 62 days)',
          tags,
          querystring: StaffWishesQuery,
          response: {
            200: pageSchema(StaffWishes),
            404: problemResponse(['NOT_FOUND']),
            422: period,
          },
        },
      },
      async (request) => availability.staffWishes(deps, callerOf(request), request.query),
    );
  };
}
