import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { callerOf } from '../../core/auth/guard.ts';
import { problemResponse } from '../../core/http/openapi.ts';
import { PageQuery, pageSchema } from '../../core/http/pagination.ts';
import { expectedVersion, withETag } from '../../core/http/versioning.ts';
import { depsOf, type ModuleContext } from '../../core/module-context.ts';
import {
  Certification,
  CertificationListQuery,
  CertificationParams,
  CertificationReplacement,
  CertificationRequirement,
  CertificationRequirementList,
  CertificationStatusChange,
  Employee,
  EmployeeDetail,
  EmployeeGroup,
  EmployeeGroupUpdate,
  EmployeeListQuery,
  ExpiringCertification,
  ExpiringQuery,
  GroupListQuery,
  GroupMember,
  IdParams,
  MemberParams,
  NewCertification,
  NewCertificationRequirement,
  NewEmployeeGroup,
  NewGroupMember,
  RequirementParams,
  RequiresCertificationReplacement,
  Skill,
  SkillHolder,
  SkillHolderQuery,
  SkillListQuery,
} from './schemas.ts';
import * as people from './service.ts';

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

const tags = ['people'];
/** A DELETE honouring If-Match documents its 412 (PUT and PATCH get theirs from the route declarations). */
const ifMatchFailed = problemResponse(['PRECONDITION_FAILED'], 'If-Match names another version');

/** Employees (read only), production skills, certifications and employee groups (DESIGN §8). */
export function peopleRoutes(context: ModuleContext): FastifyPluginAsyncTypebox {
  const deps = depsOf(context);
  return async (app) => {
    // ------------------------------------------------------------ employees
    app.get(
      '/employees',
      {
        config: { auth: 'employee.view' },
        schema: {
          operationId: 'listEmployees',
          summary:
            'List employees in scope (filters: text, department, grade, status, skill, active on a date)',
          tags,
          querystring: EmployeeListQuery,
          response: { 200: pageSchema(Employee) },
        },
      },
      async (request) => people.listEmployees(deps, callerOf(request), request.query),
    );
    app.get(
      '/employees/my',
      {
        config: { auth: 'employee.view' },
        schema: {
          operationId: 'getMyEmployee',
          summary: "The caller's own employee record (404 when the account has none)",
          tags,
          response: {
            200: EmployeeDetail,
            404: problemResponse(['NOT_FOUND'], 'The account has no employee record'),
          },
        },
      },
      async (request, reply) => withETag(reply, await people.myEmployee(deps, callerOf(request))),
    );
    app.get(
      '/employees/:id',
      {
        config: { auth: 'employee.view' },
        schema: {
          operationId: 'getEmployee',
          summary: 'Employee detail with skills and levels, certifications and groups',
          tags,
          params: IdParams,
          response: { 200: EmployeeDetail },
        },
      },
      async (request, reply) =>
        withETag(reply, await people.getEmployee(deps, callerOf(request), request.params.id)),
    );

    // ------------------------------------------------------------ skills
    app.get(
      '/skills',
      {
        config: { auth: 'skill.view' },
        schema: {
          operationId: 'listSkills',
          summary: 'List production skills with the certifications each requires',
          tags,
          querystring: SkillListQuery,
          response: { 200: pageSchema(Skill) },
        },
      },
      async (request) => people.listSkills(deps, callerOf(request), request.query),
    );
    app.get(
      '/skills/:id/employees',
      {
        config: { auth: 'skill.view' },
        schema: {
          operationId: 'listSkillHolders',
          summary: 'Employees in scope holding a skill, with their level',
          tags,
          params: IdParams,
          querystring: SkillHolderQuery,
          response: { 200: pageSchema(SkillHolder), 422: problemResponse(['SKILL_LEVEL_UNKNOWN']) },
        },
      },
      async (request) => people.holdersOfSkill(deps, callerOf(request), request.params.id, request.query),
    );
    app.get(
      '/skills/:id/certification-requirements',
      {
        config: { auth: 'skill.view' },
        schema: {
          operationId: 'listCertificationRequirements',
          summary: 'Certifications a skill requires',
          tags,
          params: IdParams,
          response: { 200: CertificationRequirementList },
        },
      },
      async (request) => people.requirementsOf(deps, callerOf(request), request.params.id),
    );
    app.post(
      '/skills/:id/certification-requirements',
      {
        config: { auth: 'skill.edit' },
        schema: {
          operationId: 'addCertificationRequirement',
          summary: 'Make a skill require a certification',
          tags,
          params: IdParams,
          body: NewCertificationRequirement,
          response: {
            201: CertificationRequirement,
            409: problemResponse(['CERTIFICATION_REQUIREMENT_EXISTS']),
            422: problemResponse(
              ['CERTIFICATION_UNKNOWN'],
              'The code (trimmed, upper-cased) is not a certification type: GET /api/lookups/certification-types lists them',
            ),
          },
        },
      },
      async (request, reply) => {
        const created = await people.addRequirement(
          deps,
          callerOf(request),
          request.params.id,
          request.body.certificationCode,
        );
        reply
          .code(201)
          .header(
            'location',
            `/api/skills/${request.params.id}/certification-requirements/${encodeURIComponent(created.certificationCode)}`,
          );
        return created;
      },
    );
    app.delete(
      '/skills/:id/certification-requirements/:certificationCode',
      {
        config: { auth: 'skill.edit' },
        schema: {
          operationId: 'removeCertificationRequirement',
          summary: 'Stop requiring a certification for a skill',
          tags,
          params: RequirementParams,
          response: { 204: Type.Null() },
        },
      },
      async (request, reply) => {
        await people.removeRequirement(
          deps,
          callerOf(request),
          request.params.id,
          request.params.certificationCode,
        );
        return reply.code(204).send(null);
      },
    );
    app.put(
      '/skills/:id/requires-certification',
      {
        config: { auth: 'skill.edit' },
        schema: {
          operationId: 'setSkillRequiresCertification',
          summary: 'Turn the certification requirement of a skill on or off (honours If-Match)',
          tags,
          params: IdParams,
          body: RequiresCertificationReplacement,
          response: { 200: Skill },
        },
      },
      async (request, reply) =>
        withETag(
          reply,
          await people.setRequiresCertification(
            deps,
            callerOf(request),
            request.params.id,
            request.body.requiresCertification,
            expectedVersion(request),
          ),
        ),
    );

    // ------------------------------------------------------------ certifications
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
      async (request) => people.expiringCertifications(deps, callerOf(request), request.query),
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
      async (request) => people.myCertifications(deps, callerOf(request), request.query),
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
      async (request) => people.certificationsOf(deps, callerOf(request), request.params.id, request.query),
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
        const created = await people.addCertification(
          deps,
          callerOf(request),
          request.params.id,
          request.body,
        );
        reply
          .code(201)
          .header('location', `/api/employees/${request.params.id}/certifications/${created.id}`);
        return withETag(reply, created);
      },
    );
    app.put(
      '/employees/:id/certifications/:certId',
      {
        config: { auth: 'certifications.manage' },
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
      async (request, reply) =>
        withETag(
          reply,
          await people.replaceCertification(
            deps,
            callerOf(request),
            request.params.id,
            request.params.certId,
            request.body,
            expectedVersion(request),
          ),
        ),
    );
    app.delete(
      '/employees/:id/certifications/:certId',
      {
        config: { auth: 'certifications.manage' },
        schema: {
          operationId: 'deleteEmployeeCertification',
          summary:
            'Delete a certification entered by mistake (audited with what it held; honours If-Match); a real one withdrawn is Revoked instead',
          tags,
          params: CertificationParams,
          response: { 204: Type.Null(), 412: ifMatchFailed },
        },
      },
      async (request, reply) => {
        await people.deleteCertification(
          deps,
          callerOf(request),
          request.params.id,
          request.params.certId,
          expectedVersion(request),
        );
        return reply.code(204).send(null);
      },
    );
    app.put(
      '/employees/:id/certifications/:certId/status',
      {
        config: { auth: 'certifications.manage' },
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
      async (request, reply) =>
        withETag(
          reply,
          await people.changeCertificationStatus(
            deps,
            callerOf(request),
            request.params.id,
            request.params.certId,
            request.body,
            expectedVersion(request),
          ),
        ),
    );

    // ------------------------------------------------------------ employee groups
    const read = { auth: 'employee_group.read' } as const;
    const write = { auth: 'employee_group.write' } as const;
    app.get(
      '/employee-groups',
      {
        config: read,
        schema: {
          operationId: 'listEmployeeGroups',
          summary: 'List employee groups in scope',
          tags,
          querystring: GroupListQuery,
          response: { 200: pageSchema(EmployeeGroup) },
        },
      },
      async (request) => people.listGroups(deps, callerOf(request), request.query),
    );
    app.post(
      '/employee-groups',
      {
        config: write,
        schema: {
          operationId: 'createEmployeeGroup',
          summary: 'Create an employee group (of one department, or of the unit)',
          tags,
          body: NewEmployeeGroup,
          response: {
            201: EmployeeGroup,
            409: problemResponse(['EMPLOYEE_GROUP_CODE_TAKEN']),
            422: problemResponse(['DEPARTMENT_UNKNOWN', 'DEPARTMENT_REQUIRED']),
          },
        },
      },
      async (request, reply) => {
        const created = await people.createGroup(deps, callerOf(request), request.body);
        reply.code(201).header('location', `/api/employee-groups/${created.id}`);
        return withETag(reply, created);
      },
    );
    app.get(
      '/employee-groups/:id',
      {
        config: read,
        schema: {
          operationId: 'getEmployeeGroup',
          summary: 'Read an employee group',
          tags,
          params: IdParams,
          response: { 200: EmployeeGroup },
        },
      },
      async (request, reply) =>
        withETag(reply, await people.getGroup(deps, callerOf(request), request.params.id)),
    );
    app.patch(
      '/employee-groups/:id',
      {
        config: write,
        schema: {
          operationId: 'updateEmployeeGroup',
          summary: 'Change an employee group (the code stays; honours If-Match)',
          tags,
          params: IdParams,
          body: EmployeeGroupUpdate,
          response: { 200: EmployeeGroup },
        },
      },
      async (request, reply) =>
        withETag(
          reply,
          await people.updateGroup(
            deps,
            callerOf(request),
            request.params.id,
            request.body,
            expectedVersion(request),
          ),
        ),
    );
    app.delete(
      '/employee-groups/:id',
      {
        config: write,
        schema: {
          operationId: 'deleteEmployeeGroup',
          summary: 'Delete an employee group and its memberships (honours If-Match)',
          tags,
          params: IdParams,
          response: { 204: Type.Null(), 412: ifMatchFailed },
        },
      },
      async (request, reply) => {
        await people.deleteGroup(deps, callerOf(request), request.params.id, expectedVersion(request));
        return reply.code(204).send(null);
      },
    );
    app.get(
      '/employee-groups/:id/members',
      {
        config: read,
        schema: {
          operationId: 'listEmployeeGroupMembers',
          summary: 'Members of an employee group (those in scope)',
          tags,
          params: IdParams,
          querystring: PageQuery,
          response: { 200: pageSchema(GroupMember) },
        },
      },
      async (request) => people.membersOf(deps, callerOf(request), request.params.id, request.query),
    );
    app.post(
      '/employee-groups/:id/members',
      {
        config: write,
        schema: {
          operationId: 'addEmployeeGroupMember',
          summary: 'Add an employee to a group',
          tags,
          params: IdParams,
          body: NewGroupMember,
          response: {
            201: GroupMember,
            409: problemResponse(['GROUP_MEMBER_EXISTS']),
            422: problemResponse(['EMPLOYEE_UNKNOWN', 'GROUP_MEMBER_OUTSIDE_DEPARTMENT']),
          },
        },
      },
      async (request, reply) => {
        const member = await people.addMember(
          deps,
          callerOf(request),
          request.params.id,
          request.body.employeeId,
        );
        reply
          .code(201)
          .header('location', `/api/employee-groups/${request.params.id}/members/${member.employeeId}`);
        return member;
      },
    );
    app.delete(
      '/employee-groups/:id/members/:employeeId',
      {
        config: write,
        schema: {
          operationId: 'removeEmployeeGroupMember',
          summary: 'Remove an employee from a group',
          tags,
          params: MemberParams,
          response: { 204: Type.Null() },
        },
      },
      async (request, reply) => {
        await people.removeMember(deps, callerOf(request), request.params.id, request.params.employeeId);
        return reply.code(204).send(null);
      },
    );
  };
}
