import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { callerOf } from '../../../core/auth/guard.ts';
import { problemResponse } from '../../../core/http/openapi.ts';
import { PageQuery, pageSchema } from '../../../core/http/pagination.ts';
import { depsOf, type ModuleContext } from '../../../core/module-context.ts';
import * as roles from '../roles-service.ts';
import { CreateRoleBody, IdParams, Permission, Role, UpdateRoleBody } from '../schemas.ts';

const config = { auth: 'admin.roles' } as const;
const tags = ['roles'];

export function roleRoutes(context: ModuleContext): FastifyPluginAsyncTypebox {
  const deps = depsOf(context);
  return async (app) => {
    app.get(
      '/roles',
      {
        config,
        schema: {
          operationId: 'listRoles',
          summary: 'List roles',
          tags,
          querystring: PageQuery,
          response: { 200: pageSchema(Role) },
        },
      },
      async (request) => roles.listRoles(deps, callerOf(request), request.query),
    );
    app.post(
      '/roles',
      {
        config,
        schema: {
          operationId: 'createRole',
          summary: 'Create a role with its permissions',
          tags,
          body: CreateRoleBody,
          response: {
            201: Role,
            409: problemResponse(['ROLE_CODE_TAKEN']),
            422: problemResponse(['PERMISSION_UNKNOWN']),
          },
        },
      },
      async (request, reply) => {
        const role = await roles.createRole(deps, callerOf(request), request.body);
        reply.code(201).header('location', `/api/roles/${role.id}`);
        return role;
      },
    );
    app.get(
      '/roles/:id',
      {
        config,
        schema: {
          operationId: 'getRole',
          summary: 'Read a role',
          tags,
          params: IdParams,
          response: { 200: Role },
        },
      },
      async (request) => roles.getRole(deps, callerOf(request), request.params.id),
    );
    app.patch(
      '/roles/:id',
      {
        config: { ...config, versioned: true },
        schema: {
          operationId: 'updateRole',
          summary: 'Change a role (system roles are protected; honours If-Match)',
          tags,
          params: IdParams,
          body: UpdateRoleBody,
          response: {
            200: Role,
            409: problemResponse(['ROLE_PROTECTED']),
            422: problemResponse(['PERMISSION_UNKNOWN']),
          },
        },
      },
      async (request) => roles.updateRole(deps, callerOf(request), request.params.id, request.body),
    );
    app.delete(
      '/roles/:id',
      {
        config,
        schema: {
          operationId: 'deleteRole',
          summary: 'Delete a role that nobody holds',
          tags,
          params: IdParams,
          response: { 204: Type.Null(), 409: problemResponse(['ROLE_PROTECTED', 'ROLE_IN_USE']) },
        },
      },
      async (request, reply) => {
        await roles.deleteRole(deps, callerOf(request), request.params.id);
        return reply.code(204).send(null);
      },
    );
    app.get(
      '/permissions',
      {
        config,
        schema: {
          operationId: 'listPermissions',
          summary: 'The global permission catalog',
          tags,
          querystring: PageQuery,
          response: { 200: pageSchema(Permission) },
        },
      },
      async (request) => roles.listPermissionCatalog(deps, request.query),
    );
  };
}
