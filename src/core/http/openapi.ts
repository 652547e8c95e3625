import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { type TObject, type TProperties, type TSchema, Type } from '@sinclair/typebox';
import type { FastifyInstance, RouteOptions } from 'fastify';
import type { ErrorCode } from './error-codes.ts';
import { API_TAGS, finishDocument, markComponents } from './openapi-document.ts';
import { ProblemSchema } from './problem.ts';
import { refuseUnknownQueryParameters } from './strict-query.ts';

export interface RouteEntry {
  method: string;
  url: string;
  auth: string;
  role?: string;
  operationId: string;
  /** A write of a versioned resource: it honours If-Match (core/http/versioning.ts). */
  versioned?: boolean;
  /** An answer that never ends by itself (core/http/change-feed.ts): a test cannot wait for it. */
  endless?: boolean;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Every API route with its declared permission: read by the route-table authorization test. */
    routeTable: RouteEntry[];
  }
}

/** Operation names are what client generators print: lowerCamelCase verbs in the domain's words. */
const OPERATION_ID = /^[a-z][a-zA-Z0-9]*$/;

type ProblemCodes = readonly [ErrorCode, ...ErrorCode[]];

/**
 * A documented problem answer: the shared `Problem` schema with `code` narrowed to the codes this
 * operation can give, so a typed client can switch on them. `extra` documents members beyond the shared
 * ones (the lockout answer's `reason` and `lockoutUntil`).
 */
export function problemResponse(codes: ProblemCodes, description?: string, extra: TProperties = {}): TSchema {
  const code = Type.Unsafe<string>({ type: 'string', enum: [...codes] });
  return Type.Intersect([ProblemSchema, Type.Object({ code, ...extra })], {
    description: description ?? codes.join(' or '),
  });
}

/** Answers every API route may give, documented on each route that can give them. */
function documentErrors(route: RouteOptions, hasParams: boolean, hasInput: boolean): void {
  const auth = route.config?.auth;
  route.schema!.response ??= {};
  const response = route.schema!.response as Record<string, unknown>;
  const add = (status: number, codes: ProblemCodes, description: string) => {
    response[status] ??= problemResponse(codes, description);
  };
  // Every operation refuses a query parameter it does not declare (strict-query.ts).
  if (hasInput)
    add(
      400,
      ['VALIDATION_FAILED', 'UNKNOWN_QUERY_PARAMETER'],
      'The request does not match the schema, or names a query parameter the operation does not accept',
    );
  else add(400, ['UNKNOWN_QUERY_PARAMETER'], 'A query parameter the operation does not accept');
  if (route.schema!.body) {
    add(413, ['PAYLOAD_TOO_LARGE'], 'The body is over the size limit');
    add(415, ['UNSUPPORTED_MEDIA_TYPE'], 'The body is not of a supported content type');
  }
  if (auth !== 'open') add(401, ['UNAUTHENTICATED', 'TOKEN_EXPIRED'], 'No valid bearer token');
  const permission = auth !== 'open' && auth !== 'auth';
  const passwordGate = auth !== 'open' && !route.config?.beforePasswordChange;
  if (permission && passwordGate)
    add(
      403,
      ['FORBIDDEN', 'PASSWORD_CHANGE_REQUIRED'],
      'The caller lacks the permission `x-permission` names, or must change their password first',
    );
  else if (permission) add(403, ['FORBIDDEN'], 'The caller lacks the permission `x-permission` names');
  else if (passwordGate)
    add(403, ['PASSWORD_CHANGE_REQUIRED'], 'The caller must change their password first');
  // A route that documents its own 403 can give the password gate's as well.
  if (passwordGate) withCodes(response[403], ['PASSWORD_CHANGE_REQUIRED']);
  if (hasParams) add(404, ['NOT_FOUND'], "No such object in the caller's business unit and scope");
  add(500, ['INTERNAL_ERROR'], 'A bug; the traceId finds it in the logs');
  add(
    503,
    ['DATABASE_UNAVAILABLE', 'SHUTTING_DOWN'],
    'The database cannot be reached, or this process is stopping; retry after `Retry-After` seconds',
  );
}

/** Documents codes on a status: a new answer, or more codes of the one the route documents. */
function addCodes(
  response: Record<string, unknown>,
  status: number,
  codes: ProblemCodes,
  description: string,
): void {
  if (response[status]) withCodes(response[status], codes);
  else response[status] = problemResponse(codes, description);
}

/** Adds codes to a documented problem answer's `code` enum (see `problemResponse`). */
function withCodes(answer: unknown, codes: readonly ErrorCode[]): void {
  const parts = (answer as { allOf?: { properties?: { code?: { enum?: string[] } } }[] }).allOf ?? [];
  for (const part of parts) {
    const known = part.properties?.code?.enum;
    if (known) for (const code of codes) if (!known.includes(code)) known.push(code);
  }
}

const isVersioned = (schema: unknown): boolean =>
  Boolean((schema as TObject | undefined)?.properties?.version);

/**
 * Every API route must declare its permission, tag, summary and a unique operationId; the declaration
 * becomes the OpenAPI security requirement, `x-permission`, the documented error responses and, for a
 * route declared `versioned`, the `If-Match` header and the 412 answer of its check.
 */
export function registerRouteDeclarations(app: FastifyInstance): void {
  app.decorate('routeTable', [] as RouteEntry[]);
  const operationIds = new Set<string>();
  app.addHook('onRoute', (route) => {
    // Fastify adds a HEAD twin of every GET with the same declaration: it is the GET's, once.
    if (!route.url.startsWith('/api/') || route.method === 'HEAD') return;
    const where = `Route ${route.method} ${route.url}`;
    const auth = route.config?.auth;
    if (auth === undefined) throw new Error(`${where} declares no auth`);
    route.schema ??= {};
    const schema = route.schema;
    const { operationId, tags, summary } = schema as {
      operationId?: string;
      tags?: string[];
      summary?: string;
    };
    if (!summary || !tags?.length) throw new Error(`${where} needs a summary and a tag for OpenAPI`);
    const unknownTag = tags.find((tag) => !(tag in API_TAGS));
    if (unknownTag) throw new Error(`${where}: tag "${unknownTag}" is not described in API_TAGS`);
    if (!operationId || !OPERATION_ID.test(operationId)) {
      throw new Error(`${where} needs an operationId in lowerCamelCase (e.g. listUsers)`);
    }
    if (operationIds.has(operationId)) throw new Error(`${where}: operationId ${operationId} is taken`);
    operationIds.add(operationId);
    const role = route.config?.role;
    const versioned = route.config?.versioned === true;
    const endless = route.config?.endless === true;
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const method of methods) {
      app.routeTable.push({
        method,
        url: route.url,
        auth,
        operationId,
        ...(role ? { role } : {}),
        ...(versioned ? { versioned } : {}),
        ...(endless ? { endless } : {}),
      });
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
    schema.response ??= {};
    const response = schema.response as Record<string, unknown>;
    // A change of a versioned resource must say so: its If-Match is then read, documented and checked.
    if (methods.some((m) => m === 'PUT' || m === 'PATCH') && isVersioned(response[200]) && !versioned)
      throw new Error(`${where} changes a versioned resource: declare config.versioned`);
    if (route.config?.idempotent) {
      (schema as Record<string, unknown>)['x-idempotent'] = true;
      addCodes(
        response,
        409,
        ['IDEMPOTENCY_KEY_IN_USE'],
        'The first request with this Idempotency-Key still runs',
      );
      addCodes(
        response,
        422,
        ['IDEMPOTENCY_KEY_REUSED'],
        'The Idempotency-Key was sent with another request',
      );
    }
    if (versioned) {
      response[412] ??= problemResponse(['PRECONDITION_FAILED'], 'If-Match names another version');
      (schema as Record<string, unknown>)['x-if-match'] = true;
    }
    refuseUnknownQueryParameters(route, where);
    documentErrors(
      route,
      Boolean(schema.params),
      Boolean(schema.params || schema.querystring || schema.body),
    );
  });
}

/** The form of an upload route: one file in the field `file` (see workbooks.ts `receiveUpload`). */
const UPLOAD_FORM = Type.Object(
  { file: Type.String({ format: 'binary', description: 'The xlsx workbook, at most 10 MB' }) },
  { $id: 'WorkbookUpload' },
);

/**
 * An upload route takes its body from the multipart parser, not from a validated schema (a body schema
 * would make Fastify validate what the parser left): the document alone is told its form.
 */
function documentUpload<T>(schema: T): T {
  const route = schema as { consumes?: string[]; body?: unknown } | undefined;
  if (!route?.consumes?.includes('multipart/form-data') || route.body) return schema;
  return { ...route, body: UPLOAD_FORM } as T;
}

export async function registerOpenApi(
  app: FastifyInstance,
  version: string,
  publicUrl: () => string,
): Promise<void> {
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Workforce Rostering Service',
        version,
        description:
          'Plans who works which shift, records who came, and keeps people, skills, leave and approvals straight. ' +
          'Errors are RFC 9457 problem details (`application/problem+json`) with an UPPER_SNAKE `code`; lists ' +
          'are paged with `page` and `pageSize`; a query parameter an operation does not declare is refused with 400 ' +
          '`UNKNOWN_QUERY_PARAMETER` naming it and listing the accepted ones (only `_`, a cache-buster, is ignored); versioned resources send an `ETag` and honour `If-Match`.',
        license: { name: 'Proprietary', identifier: 'LicenseRef-Proprietary' },
      },
      components: {
        securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
      },
    },
    // The plugin would inline (or number) schemas with an `$id`; renaming the mark keeps our names.
    transform: ({ schema, url }) => ({ schema: markComponents(documentUpload(schema)), url }),
    transformObject: (document) => finishDocument((document as { openapiObject: object }).openapiObject),
  });
  // The document names the service's public address (public-url.ts), never one a request's Host names.
  app.addHook('preSerialization', async (request, _reply, payload) => {
    if (request.routeOptions.url !== '/swagger/json') return payload;
    return { ...(payload as object), servers: [{ url: publicUrl(), description: 'This service' }] };
  });
  // No validator badge: the page must not call out to a public validator.
  await app.register(swaggerUi, {
    routePrefix: '/swagger',
    uiConfig: { docExpansion: 'none', deepLinking: true, validatorUrl: null },
  });
}
