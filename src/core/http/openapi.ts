import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { Type } from '@sinclair/typebox';
import type { FastifyInstance, RouteOptions } from 'fastify';
import { ProblemSchema } from './problem.ts';

export interface RouteEntry {
  method: string;
  url: string;
  auth: string;
  role?: string;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Every API route with its declared permission: read by the route-table authorization test. */
    routeTable: RouteEntry[];
  }
}

const problem = (description: string) => ({ ...Type.Unsafe(ProblemSchema), description });

function documentErrors(route: RouteOptions, hasParams: boolean, hasInput: boolean): void {
  const auth = route.config?.auth;
  route.schema ??= {};
  const schema = route.schema;
  schema.response ??= {};
  const response = schema.response as Record<string, unknown>;
  const add = (status: number, description: string) => {
    response[status] ??= problem(description);
  };
  if (hasInput) add(400, 'VALIDATION_FAILED: the request does not match the schema');
  if (auth !== 'open') add(401, 'UNAUTHENTICATED or TOKEN_EXPIRED: no valid bearer token');
  if (auth !== 'open' && auth !== 'auth') add(403, `FORBIDDEN: the caller lacks "${auth}"`);
  if (hasParams) add(404, "NOT_FOUND: no such object in the caller's business unit and scope");
  add(500, 'INTERNAL_ERROR: a bug; the traceId finds it in the logs');
  add(503, 'DATABASE_UNAVAILABLE: the database cannot be reached');
}

/**
 * Every API route must declare its permission and tag; the declaration is turned into the OpenAPI
 * security requirement, an `x-permission` extension and the documented error responses.
 */
export function registerRouteDeclarations(app: FastifyInstance): void {
  app.decorate('routeTable', [] as RouteEntry[]);
  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/api/')) return;
    const auth = route.config?.auth;
    if (auth === undefined) throw new Error(`Route ${route.method} ${route.url} declares no auth`);
    route.schema ??= {};
    const schema = route.schema;
    if (!schema.tags?.length || !schema.summary) {
      throw new Error(`Route ${route.method} ${route.url} needs a summary and a tag for OpenAPI`);
    }
    const role = route.config?.role;
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const method of methods) {
      if (method === 'HEAD') continue;
      app.routeTable.push({ method, url: route.url, auth, ...(role ? { role } : {}) });
    }
    const needs =
      auth === 'open'
        ? 'Open: no authentication.'
        : auth === 'auth'
          ? 'Any signed-in caller.'
          : `Permission \`${auth}\`.`;
    schema.description = [needs + (role ? ` Role \`${role}\` as well.` : ''), schema.description]
      .filter(Boolean)
      .join('\n\n');
    if (auth !== 'open') schema.security = [{ bearerAuth: [] }];
    (schema as Record<string, unknown>)['x-permission'] = auth;
    documentErrors(
      route,
      Boolean(schema.params),
      Boolean(schema.params || schema.querystring || schema.body),
    );
  });
}

export async function registerOpenApi(app: FastifyInstance, version: string): Promise<void> {
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Workforce Rostering Service',
        version,
        description:
          'Plans who works which shift, records who came, and keeps people, skills, leave and approvals straight. ' +
          'Errors are RFC 9457 problem details; lists are paged with `page` and `pageSize`.',
      },
      components: {
        securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
      },
    },
  });
  // No validator badge: the page must not call out to a public validator.
  await app.register(swaggerUi, {
    routePrefix: '/swagger',
    uiConfig: { docExpansion: 'none', deepLinking: true, validatorUrl: null },
  });
}

/** A documented problem response for a route's own business errors (409, 412, 422 …). */
export const problemResponse = (description: string) => problem(description);
