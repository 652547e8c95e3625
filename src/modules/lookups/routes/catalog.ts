import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { callerOf } from '../../../core/auth/guard.ts';
import { DEPARTMENT_NODE_TYPE } from '../../../core/db/tables/index.ts';
import { PageQuery, pageSchema } from '../../../core/http/pagination.ts';
import { depsOf, type ModuleContext } from '../../../core/module-context.ts';
import { CATALOG, catalogRecordOf, listCatalog, listNodes, OrgNode } from '../catalog.ts';
import { ActiveFilter, Code } from '../schemas.ts';

const config = { auth: 'auth' } as const;
const tags = ['lookups'];

/** Read-only lookups for any signed-in caller (forms and filters); nothing here writes. */
export function catalogRoutes(context: ModuleContext): FastifyPluginAsyncTypebox {
  const deps = depsOf(context);
  return async (app) => {
    app.get(
      '/lookups/departments',
      {
        config,
        schema: {
          operationId: 'lookupDepartments',
          summary: 'Departments (the department nodes of the organisation tree)',
          tags,
          querystring: Type.Composite([PageQuery, ActiveFilter]),
          response: { 200: pageSchema(OrgNode) },
        },
      },
      async (request) =>
        listNodes(deps, callerOf(request).principal.buId, {
          ...request.query,
          nodeTypeCode: DEPARTMENT_NODE_TYPE,
        }),
    );
    app.get(
      '/lookups/nodes',
      {
        config,
        schema: {
          operationId: 'lookupOrgNodes',
          summary: 'Nodes of the organisation tree with their type and parent',
          tags,
          querystring: Type.Composite([
            PageQuery,
            ActiveFilter,
            Type.Object({ nodeTypeCode: Type.Optional(Code) }),
          ]),
          response: { 200: pageSchema(OrgNode) },
        },
      },
      async (request) => listNodes(deps, callerOf(request).principal.buId, request.query),
    );
    for (const entry of CATALOG) {
      app.get(
        `/lookups/${entry.route}`,
        {
          config,
          schema: {
            operationId: `lookup${entry.operationName}`,
            summary: entry.summary,
            tags,
            querystring: Type.Composite([PageQuery, ActiveFilter]),
            response: { 200: pageSchema(catalogRecordOf(entry)) },
          },
        },
        async (request) => listCatalog(deps, callerOf(request).principal.buId, entry, request.query),
      );
    }
  };
}
