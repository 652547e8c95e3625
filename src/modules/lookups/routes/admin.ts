import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { callerOf } from '../../../core/auth/guard.ts';
import { type ErrorCode, lookupCodePrefix } from '../../../core/http/error-codes.ts';
import { problemResponse } from '../../../core/http/openapi.ts';
import { PageQuery, pageSchema } from '../../../core/http/pagination.ts';
import { depsOf, type ModuleContext } from '../../../core/module-context.ts';
import { LOOKUP_GROUPS, type LookupGroup, recordSchemaOf } from '../groups.ts';
import { ActiveFilter, IdParams, type LookupBody, lookupBodySchemas } from '../schemas.ts';
import * as lookups from '../service.ts';

/** "a" or "an" before a group's name, as a summary reads it ("an attendance status"). */
const article = (label: string) => `${/^[aeiou]/.test(label) ? 'an' : 'a'} ${label}`;

/** The five routes of one admin group, from its description. */
function groupRoutes(context: ModuleContext, group: LookupGroup): FastifyPluginAsyncTypebox {
  const deps = depsOf(context);
  const base = `/admin/${group.route}`;
  const view = { auth: `${group.entity}.view` } as const;
  const config = { auth: `${group.entity}.config` } as const;
  const tags = ['lookups'];
  const prefix = lookupCodePrefix(group.entity);
  const Record = recordSchemaOf(group);
  const bodies = lookupBodySchemas(group.name, group.arabicRequired, group.bodyFields);
  const rules = group.ruleCodes ?? [];
  const plural = group.route.replaceAll('-', ' ');
  return async (app) => {
    app.get(
      base,
      {
        config: view,
        schema: {
          operationId: `list${group.names}`,
          summary: `List ${plural}`,
          tags,
          querystring: Type.Composite([PageQuery, ActiveFilter]),
          response: { 200: pageSchema(Record) },
        },
      },
      async (request) => lookups.listLookups(deps, callerOf(request).principal.buId, group, request.query),
    );
    app.post(
      base,
      {
        config,
        schema: {
          operationId: `create${group.name}`,
          summary: `Create ${article(group.label)}`,
          tags,
          body: bodies.create,
          response: {
            201: Record,
            409: problemResponse([`${prefix}_CODE_TAKEN`]),
            ...(rules.length ? { 422: problemResponse(rules as [ErrorCode, ...ErrorCode[]]) } : {}),
          },
        },
      },
      async (request, reply) => {
        // The body schema is built per group at run time, so its static type is the generic one.
        const record = await lookups.createLookup(deps, callerOf(request), group, request.body as LookupBody);
        reply.code(201).header('location', `/api${base}/${record.id}`);
        return record;
      },
    );
    app.get(
      `${base}/:id`,
      {
        config: view,
        schema: {
          operationId: `get${group.name}`,
          summary: `Read ${article(group.label)}`,
          tags,
          params: IdParams,
          response: { 200: Record },
        },
      },
      async (request) => lookups.getLookup(deps, callerOf(request), group, request.params.id),
    );
    app.put(
      `${base}/:id`,
      {
        config: { ...config, versioned: true },
        schema: {
          operationId: `replace${group.name}`,
          summary: `Replace ${article(group.label)} (honours If-Match)`,
          description:
            'A full replacement: optional fields left out take their defaults. The code cannot change.',
          tags,
          params: IdParams,
          body: bodies.update,
          response: {
            200: Record,
            409: problemResponse([`${prefix}_PROTECTED`], 'System rows cannot be changed'),
            422: problemResponse(['CODE_IMMUTABLE', ...rules]),
          },
        },
      },
      async (request) =>
        lookups.updateLookup(deps, callerOf(request), group, request.params.id, request.body as LookupBody),
    );
    app.delete(
      `${base}/:id`,
      {
        config,
        schema: {
          operationId: `delete${group.name}`,
          summary: `Delete ${article(group.label)} nothing refers to`,
          tags,
          params: IdParams,
          response: {
            204: Type.Null(),
            409: problemResponse([`${prefix}_PROTECTED`, `${prefix}_REFERENCED`]),
          },
        },
      },
      async (request, reply) => {
        await lookups.deleteLookup(deps, callerOf(request), group, request.params.id);
        return reply.code(204).send(null);
      },
    );
  };
}

export function adminLookupRoutes(context: ModuleContext): FastifyPluginAsyncTypebox {
  return async (app) => {
    for (const group of LOOKUP_GROUPS) await app.register(groupRoutes(context, group));
  };
}
