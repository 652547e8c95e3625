import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { recordAudit } from '../../../core/audit/record.ts';
import { depsOf, type ModuleContext } from '../../../core/module-context.ts';
import { AuditEvent } from '../../audit/schemas.ts';
import { recentAuditEvents } from '../../audit/service.ts';
import { runExpirySweep } from '../../people/certifications-service.ts';
import { employeeSummary } from '../../people/employees-service.ts';
import { skillMatrix } from '../../people/skills-service.ts';
import { allUnitIds } from '../../settings/service.ts';

const tags = ['diagnostics'];
const config = { auth: 'open' } as const;

/** Development helpers, open and not part of the supported interface; never registered in production. */
export function diagnosticsRoutes(context: ModuleContext): FastifyPluginAsyncTypebox {
  const deps = depsOf(context);
  return async (app) => {
    app.get(
      '/auth/me',
      {
        config,
        schema: {
          operationId: 'echoTokenClaims',
          summary:
            "Echo the caller's token claims and resolved grants (authenticated: false without a token)",
          tags,
          response: {
            200: Type.Object({
              authenticated: Type.Boolean(),
              claims: Type.Optional(Type.Record(Type.String(), Type.Unknown())),
              roles: Type.Optional(Type.Array(Type.String())),
              permissions: Type.Optional(Type.Array(Type.String())),
              grants: Type.Optional(
                Type.Array(
                  Type.Object({
                    userRoleId: Type.String(),
                    roleCode: Type.String(),
                    departmentId: Type.Union([Type.String(), Type.Null()]),
                    effectiveFrom: Type.Union([Type.String(), Type.Null()]),
                    effectiveTo: Type.Union([Type.String(), Type.Null()]),
                  }),
                ),
              ),
            }),
          },
        },
      },
      async (request) => {
        const { principal } = request;
        if (!principal) return { authenticated: false };
        return {
          authenticated: true,
          claims: {
            sub: principal.userId,
            bu: principal.buId,
            sid: principal.sessionId,
            iat: principal.issuedAt,
            exp: principal.expiresAt,
            username: principal.username,
          },
          roles: [...principal.roles],
          permissions: [...principal.permissions].sort(),
          grants: principal.grants.map(({ permissions: _, roleId: __, ...grant }) => grant),
        };
      },
    );
    app.get(
      '/audit/recent',
      {
        config,
        schema: {
          operationId: 'listRecentAuditEvents',
          summary: "The 50 most recent audit events (of the caller's unit when a token is sent)",
          tags,
          response: { 200: Type.Object({ items: Type.Array(AuditEvent) }) },
        },
      },
      async (request) => {
        return { items: await recentAuditEvents(deps, request.principal?.buId ?? null, 50) };
      },
    );
    app.post(
      '/audit/test',
      {
        config,
        schema: {
          operationId: 'emitTestAuditEvent',
          summary: 'Emit a test audit event',
          tags,
          body: Type.Optional(
            Type.Object(
              { message: Type.Optional(Type.String({ maxLength: 500 })) },
              { additionalProperties: false },
            ),
          ),
          response: { 201: Type.Object({ recorded: Type.Boolean() }) },
        },
      },
      async (request, reply) => {
        const principal = request.principal;
        await recordAudit(
          deps.db,
          {
            buId: principal?.buId ?? null,
            userId: principal?.userId ?? null,
            username: principal?.username ?? null,
            traceId: String(request.id),
          },
          { action: 'diagnostics.test', details: { message: request.body.message ?? 'test event' } },
        );
        return reply.code(201).send({ recorded: true });
      },
    );
    const countList = Type.Array(
      Type.Object({ key: Type.Union([Type.String(), Type.Null()]), count: Type.Integer() }),
    );
    app.post(
      '/certifications/run-expiry-sweep',
      {
        config,
        schema: {
          operationId: 'runCertificationExpirySweep',
          summary:
            "Write Expired onto Active certifications past their expiry date (the caller's unit with a token, else every unit)",
          tags,
          response: { 200: Type.Object({ expired: Type.Integer() }) },
        },
      },
      async (request) => {
        const principal = request.principal;
        const units = principal ? [principal.buId] : await allUnitIds(deps.db);
        const expired = await runExpirySweep(
          deps,
          {
            buId: principal?.buId ?? null,
            userId: principal?.userId ?? null,
            username: principal?.username ?? null,
            traceId: String(request.id),
          },
          units,
        );
        return { expired };
      },
    );
    app.get(
      '/employees/summary',
      {
        config,
        schema: {
          operationId: 'summarizeEmployees',
          summary: "Employee counts by department, status and grade (the caller's unit with a token)",
          tags,
          response: {
            200: Type.Object({
              total: Type.Integer(),
              byDepartment: countList,
              byStatus: countList,
              byGrade: countList,
            }),
          },
        },
      },
      async (request) => employeeSummary(deps, request.principal?.buId ?? null),
    );
    app.get(
      '/skills/matrix',
      {
        config,
        schema: {
          operationId: 'dumpSkillMatrix',
          summary: 'Employees × skills with levels (the first 1,000 employees by number)',
          tags,
          response: {
            200: Type.Object({
              skills: Type.Array(Type.String()),
              employees: Type.Array(
                Type.Object({
                  employeeNumber: Type.String(),
                  levels: Type.Record(Type.String(), Type.Union([Type.String(), Type.Null()])),
                }),
              ),
            }),
          },
        },
      },
      async (request) => skillMatrix(deps, request.principal?.buId ?? null),
    );
  };
}
