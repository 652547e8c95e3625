import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { callerOf } from '../../../core/auth/guard.ts';
import { problemResponse } from '../../../core/http/openapi.ts';
import { pageSchema } from '../../../core/http/pagination.ts';
import type { ServiceDeps } from '../../../core/module-context.ts';
import * as certifications from '../certifications-service.ts';
import {
  Certification,
  CertificationListQuery,
  CertificationParams,
  CertificationReplacement,
  CertificationStatusChange,
  ExpiringCertification,
  ExpiringQuery,
  IdParams,
  NewCertification,
} from '../schemas.ts';
import { tags } from './shared.ts';

/** What a CERTIFICATION_DUPLICATE answer names: the row in the way. */
const duplicateOf = {
  existing: Type.Object({
    id: Type.String({ format: 'uuid' }),
    certificationCode: Type.String(),
    issuedOn: Type.String({ format: 'date' }),
    expiresOn: Type.Union([Type.String({ format: 'date' }), Type.Null()]),
    storedStatus: Type.String(),
  }),
};

/** Employee certifications and the expiring list. */
export function certificationRoutes(deps: ServiceDeps): FastifyPluginAsyncTypebox {
  return async (app) => {
    app.get(
      '/certifications/expiring',
      {
        config: { auth: 'certifications.read' },
        schema: {
          operationId: 'listExpiringCertifications',
          summary:
            'Active certifications in scope expiring from today to today + withinDays (computed on read)',
          tags,
          querystring: ExpiringQuery,
          response: { 200: pageSchema(ExpiringCertification) },
        },
      },
      async (request) => certifications.expiringCertifications(deps, callerOf(request), request.query),
    );
    app.get(
      '/employees/me/certifications',
      {
        config: { auth: 'auth' },
        schema: {
          operationId: 'listMyCertifications',
          summary: "The caller's own certifications (empty when the account has no employee)",
          tags,
          querystring: CertificationListQuery,
          response: { 200: pageSchema(Certification) },
        },
      },
      async (request) => certifications.myCertifications(deps, callerOf(request), request.query),
    );
    app.get(
      '/employees/:id/certifications',
      {
        config: { auth: 'certifications.read' },
        schema: {
          operationId: 'listEmployeeCertifications',
          summary: "An employee's certifications; Status is computed on read",
          tags,
          params: IdParams,
          querystring: CertificationListQuery,
          response: { 200: pageSchema(Certification) },
        },
      },
      async (request) =>
        certifications.certificationsOf(deps, callerOf(request), request.params.id, request.query),
    );
    app.post(
      '/employees/:id/certifications',
      {
        config: { auth: 'certifications.manage' },
        schema: {
          operationId: 'addCertification',
          summary: 'Add a certification to an employee (Active)',
          description:
            'The code is trimmed and upper-cased, then must be a certification type of the unit (or a code a skill ' +
            'requires): GET /api/lookups/certification-types lists them. A second row of the same code whose dates ' +
            'overlap one the employee holds (Revoked rows aside) is refused: renew by changing the dates of that row.',
          tags,
          params: IdParams,
          body: NewCertification,
          response: {
            201: Certification,
            409: problemResponse(
              ['CERTIFICATION_DUPLICATE'],
              'The employee holds the code already over overlapping dates; `existing` names that row',
              duplicateOf,
            ),
            422: problemResponse(
              ['CERTIFICATION_DATES_INVALID', 'CERTIFICATION_UNKNOWN'],
              'expiresOn before issuedOn, or a code outside the catalogue (GET /api/lookups/certification-types)',
            ),
          },
        },
      },
      async (request, reply) => {
        const created = await certifications.addCertification(
          deps,
          callerOf(request),
          request.params.id,
          request.body,
        );
        reply
          .code(201)
          .header('location', `/api/employees/${request.params.id}/certifications/${created.id}`);
        return created;
      },
    );
    app.put(
      '/employees/:id/certifications/:certId',
      {
        config: { auth: 'certifications.manage', versioned: true },
        schema: {
          operationId: 'replaceCertification',
          summary:
            'Change a certification (code, dates, notes; honours If-Match); a renewal revives an expired one',
          tags,
          description:
            'A changed code is trimmed, upper-cased and checked against the catalogue like a new one; the new dates ' +
            'may not overlap another row of the same code (Revoked rows aside).',
          params: CertificationParams,
          body: CertificationReplacement,
          response: {
            200: Certification,
            409: problemResponse(
              ['CERTIFICATION_DUPLICATE'],
              'Another row of the same code overlaps the new dates; `existing` names it',
              duplicateOf,
            ),
            422: problemResponse(
              ['CERTIFICATION_DATES_INVALID', 'CERTIFICATION_UNKNOWN'],
              'expiresOn before issuedOn, or a code outside the catalogue (GET /api/lookups/certification-types)',
            ),
          },
        },
      },
      async (request) =>
        certifications.replaceCertification(
          deps,
          callerOf(request),
          request.params.id,
          request.params.certId,
          request.body,
        ),
    );
    app.delete(
      '/employees/:id/certifications/:certId',
      {
        config: { auth: 'certifications.manage', versioned: true },
        schema: {
          operationId: 'deleteEmployeeCertification',
          summary:
            'Delete a certification entered by mistake (audited with what it held; honours If-Match); a real one withdrawn is Revoked instead',
          tags,
          params: CertificationParams,
          response: { 204: Type.Null() },
        },
      },
      async (request, reply) => {
        await certifications.deleteCertification(
          deps,
          callerOf(request),
          request.params.id,
          request.params.certId,
        );
        return reply.code(204).send(null);
      },
    );
    app.put(
      '/employees/:id/certifications/:certId/status',
      {
        config: { auth: 'certifications.manage', versioned: true },
        schema: {
          operationId: 'changeCertificationStatus',
          summary:
            'Change the status of a certification (Active, Suspended, Revoked, Expired; honours If-Match)',
          tags,
          params: CertificationParams,
          body: CertificationStatusChange,
          response: {
            200: Certification,
            409: problemResponse(
              ['CERTIFICATION_TRANSITION_INVALID'],
              'The change makes no sense from the current status (e.g. anything from Revoked)',
            ),
          },
        },
      },
      async (request) =>
        certifications.changeCertificationStatus(
          deps,
          callerOf(request),
          request.params.id,
          request.params.certId,
          request.body,
        ),
    );
  };
}
