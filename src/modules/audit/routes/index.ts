import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { callerOf } from '../../../core/auth/guard.ts';
import { problemResponse } from '../../../core/http/openapi.ts';
import { pageSchema } from '../../../core/http/pagination.ts';
import { depsOf, type ModuleContext } from '../../../core/module-context.ts';
import { AuditEvent, AuditQuery } from '../schemas.ts';
import { AUDIT_PERMISSION, queryAuditLog } from '../service.ts';

export function auditRoutes(context: ModuleContext): FastifyPluginAsyncTypebox {
  return async (app) => {
    app.get(
      '/audit/events',
      {
        config: { auth: AUDIT_PERMISSION },
        schema: {
          operationId: 'listAuditEvents',
          summary: 'Query the audit log of your business unit, newest first',
          tags: ['platform'],
          querystring: AuditQuery,
          response: { 200: pageSchema(AuditEvent), 422: problemResponse(['INVALID_DATE_RANGE']) },
        },
      },
      async (request) => queryAuditLog(depsOf(context), callerOf(request), request.query),
    );
  };
}
