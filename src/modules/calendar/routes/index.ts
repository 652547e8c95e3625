import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { callerOf } from '../../../core/auth/guard.ts';
import { depsOf, type ModuleContext } from '../../../core/module-context.ts';
import { CalendarConfiguration, Holidays, RangeQuery, WorkingDays, WorkingHours } from '../schemas.ts';
import * as calendar from '../service.ts';

const config = { auth: 'calendar.view' } as const;
const tags = ['calendar'];

/** The resolved working calendar: weekends (setting), holidays and working-hour modifiers. Read only. */
export function calendarRoutes(context: ModuleContext): FastifyPluginAsyncTypebox {
  const deps = depsOf(context);
  return async (app) => {
    app.get(
      '/calendar/configuration',
      {
        config,
        schema: {
          operationId: 'getCalendarConfiguration',
          summary:
            'The inputs of calendar resolution: weekend days, standard hours, holiday types, modifiers',
          tags,
          response: { 200: CalendarConfiguration },
        },
      },
      async (request) => calendar.configuration(deps, callerOf(request).principal.buId, context.now()),
    );
    app.get(
      '/calendar/working-days',
      {
        config,
        schema: {
          operationId: 'getWorkingDays',
          summary: 'Each date of a range, whether it is worked and why not',
          tags,
          querystring: RangeQuery,
          response: { 200: WorkingDays },
        },
      },
      async (request) => calendar.workingDays(deps, callerOf(request).principal.buId, request.query),
    );
    app.get(
      '/calendar/working-hours',
      {
        config,
        schema: {
          operationId: 'getWorkingHours',
          summary: 'Expected hours of each date of a range, after working-hour modifiers',
          tags,
          querystring: RangeQuery,
          response: { 200: WorkingHours },
        },
      },
      async (request) => calendar.workingHours(deps, callerOf(request).principal.buId, request.query),
    );
    app.get(
      '/calendar/holidays',
      {
        config,
        schema: {
          operationId: 'listCalendarHolidays',
          summary: 'Active holidays that touch a range (multi-day holidays whole)',
          tags,
          querystring: RangeQuery,
          response: { 200: Holidays },
        },
      },
      async (request) => calendar.holidaysBetween(deps, callerOf(request).principal.buId, request.query),
    );
  };
}
