import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { callerOf } from '../../../core/auth/guard.ts';
import { pageSchema } from '../../../core/http/pagination.ts';
import { depsOf, type ModuleContext } from '../../../core/module-context.ts';
import { listShiftTypes } from '../../lookups/catalog.ts';
import { recordSchemaOf, SHIFT_TEMPLATES } from '../../lookups/groups.ts';
import { IdParams, LookupRecord } from '../../lookups/schemas.ts';
import { listLookups } from '../../lookups/service.ts';
import { ListQuery, PatternPreview, PreviewQuery, ShiftPattern } from '../schemas.ts';
import * as shifts from '../service.ts';

const tags = ['shifts'];

/** Read-only views of shift templates, types and patterns; templates are written through /api/admin. */
export function shiftRoutes(context: ModuleContext): FastifyPluginAsyncTypebox {
  const deps = depsOf(context);
  return async (app) => {
    app.get(
      '/shift-templates',
      {
        config: { auth: 'shift_template.view' },
        schema: {
          operationId: 'listShiftTemplates',
          summary: 'Shift templates with their times, paid hours and whether they cross midnight',
          tags,
          querystring: ListQuery,
          response: { 200: pageSchema(recordSchemaOf(SHIFT_TEMPLATES)) },
        },
      },
      async (request) => listLookups(deps, callerOf(request).principal.buId, SHIFT_TEMPLATES, request.query),
    );
    app.get(
      '/shift-types',
      {
        config: { auth: 'shift_template.view' },
        schema: {
          operationId: 'listShiftTypes',
          summary: 'Shift types (Morning, Evening, Night…)',
          tags,
          querystring: ListQuery,
          response: { 200: pageSchema(LookupRecord) },
        },
      },
      async (request) => listShiftTypes(deps, callerOf(request).principal.buId, request.query),
    );
    app.get(
      '/shift-patterns',
      {
        config: { auth: 'shift_pattern.view' },
        schema: {
          operationId: 'listShiftPatterns',
          summary: 'Shift patterns: cycles of shift templates and days off',
          tags,
          querystring: ListQuery,
          response: { 200: pageSchema(ShiftPattern) },
        },
      },
      async (request) => shifts.listPatterns(deps, callerOf(request).principal.buId, request.query),
    );
    app.get(
      '/shift-patterns/:id/preview',
      {
        config: { auth: 'shift_pattern.view' },
        schema: {
          operationId: 'previewShiftPattern',
          summary: "A pattern's cycle laid over dates",
          tags,
          params: IdParams,
          querystring: PreviewQuery,
          response: { 200: PatternPreview },
        },
      },
      async (request) =>
        shifts.previewPattern(deps, callerOf(request).principal.buId, request.params.id, request.query),
    );
  };
}
