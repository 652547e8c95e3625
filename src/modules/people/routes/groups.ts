import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { callerOf } from '../../../core/auth/guard.ts';
import { problemResponse } from '../../../core/http/openapi.ts';
import { PageQuery, pageSchema } from '../../../core/http/pagination.ts';
import type { ServiceDeps } from '../../../core/module-context.ts';
import * as groups from '../groups-service.ts';
import {
  EmployeeGroup,
  EmployeeGroupUpdate,
  GroupListQuery,
  GroupMember,
  IdParams,
  MemberParams,
  NewEmployeeGroup,
  NewGroupMember,
} from '../schemas.ts';
import { tags } from './shared.ts';

/** Employee groups and their members. */
export function groupRoutes(deps: ServiceDeps): FastifyPluginAsyncTypebox {
  return async (app) => {
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
      async (request) => groups.listGroups(deps, callerOf(request), request.query),
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
        const created = await groups.createGroup(deps, callerOf(request), request.body);
        reply.code(201).header('location', `/api/employee-groups/${created.id}`);
        return created;
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
      async (request) => groups.getGroup(deps, callerOf(request), request.params.id),
    );
    app.patch(
      '/employee-groups/:id',
      {
        config: { ...write, versioned: true },
        schema: {
          operationId: 'updateEmployeeGroup',
          summary: 'Change an employee group (the code stays; honours If-Match)',
          tags,
          params: IdParams,
          body: EmployeeGroupUpdate,
          response: { 200: EmployeeGroup },
        },
      },
      async (request) => groups.updateGroup(deps, callerOf(request), request.params.id, request.body),
    );
    app.delete(
      '/employee-groups/:id',
      {
        config: { ...write, versioned: true },
        schema: {
          operationId: 'deleteEmployeeGroup',
          summary: 'Delete an employee group and its memberships (honours If-Match)',
          tags,
          params: IdParams,
          response: { 204: Type.Null() },
        },
      },
      async (request, reply) => {
        await groups.deleteGroup(deps, callerOf(request), request.params.id);
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
      async (request) => groups.membersOf(deps, callerOf(request), request.params.id, request.query),
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
        const member = await groups.addMember(
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
        await groups.removeMember(deps, callerOf(request), request.params.id, request.params.employeeId);
        return reply.code(204).send(null);
      },
    );
  };
}
