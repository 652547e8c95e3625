import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { callerOf } from '../../../core/auth/guard.ts';
import { problemResponse } from '../../../core/http/openapi.ts';
import { PageQuery, pageSchema } from '../../../core/http/pagination.ts';
import { depsOf, type ModuleContext } from '../../../core/module-context.ts';
import * as firstAccounts from '../first-accounts.ts';
import {
  CreatedUser,
  CreateUserBody,
  FirstPasswordsBody,
  FirstPasswordsIssued,
  Grant,
  GrantBody,
  GrantParams,
  IdParams,
  LockBody,
  LoginAttempt,
  ResetPasswordBody,
  UpdateUserBody,
  User,
  UserIdParams,
  UserListQuery,
} from '../schemas.ts';
import * as users from '../users-service.ts';

const config = { auth: 'admin.users' } as const;
const tags = ['users'];

export function userRoutes(context: ModuleContext): FastifyPluginAsyncTypebox {
  const deps = depsOf(context);
  return async (app) => {
    app.get(
      '/users',
      {
        config,
        schema: {
          operationId: 'listUsers',
          summary: 'List users',
          tags,
          querystring: UserListQuery,
          response: { 200: pageSchema(User) },
        },
      },
      async (request) => users.listUsers(deps, callerOf(request), request.query, app.accessCache),
    );
    app.post(
      '/users',
      {
        config,
        schema: {
          operationId: 'createUser',
          summary: 'Create a user (must change the password at first login)',
          tags,
          body: CreateUserBody,
          response: {
            201: CreatedUser,
            409: problemResponse(['USERNAME_TAKEN']),
            422: problemResponse([
              'PASSWORD_POLICY',
              'ROLE_UNKNOWN',
              'DEPARTMENT_UNKNOWN',
              'EMPLOYEE_UNKNOWN',
              'INVALID_DATE_RANGE',
            ]),
          },
        },
      },
      async (request, reply) => {
        const created = await users.createUser(deps, callerOf(request), request.body);
        reply
          .code(201)
          .header('location', `/api/users/${created.user.id}`)
          .header('etag', `"${created.user.version}"`);
        return created;
      },
    );
    app.get(
      '/users/:id',
      {
        config,
        schema: {
          operationId: 'getUser',
          summary: 'Read a user',
          tags,
          params: IdParams,
          response: { 200: User },
        },
      },
      async (request) => users.getUser(deps, callerOf(request), request.params.id),
    );
    app.patch(
      '/users/:id',
      {
        config: { ...config, versioned: true },
        schema: {
          operationId: 'updateUser',
          summary: 'Change a user (honours If-Match)',
          tags,
          params: IdParams,
          body: UpdateUserBody,
          response: {
            200: User,
            422: problemResponse(['EMPLOYEE_UNKNOWN']),
          },
        },
      },
      async (request) => users.updateUserDetails(deps, callerOf(request), request.params.id, request.body),
    );
    app.delete(
      '/users/:id',
      {
        config,
        schema: {
          operationId: 'deleteUser',
          summary: 'Remove a user (soft: history and audit keep the row; tokens stop at once)',
          tags,
          params: IdParams,
          response: { 204: Type.Null(), 409: problemResponse(['CANNOT_DELETE_SELF', 'LAST_SYS_ADMIN']) },
        },
      },
      async (request, reply) => {
        await users.deleteUser(deps, callerOf(request), request.params.id);
        return reply.code(204).send(null);
      },
    );
    app.post(
      '/users/:id/lock',
      {
        config,
        schema: {
          operationId: 'lockUser',
          summary: 'Lock an account until unlocked; its tokens stop at once',
          tags,
          params: IdParams,
          body: LockBody,
          response: { 200: User, 409: problemResponse(['CANNOT_LOCK_SELF', 'LAST_SYS_ADMIN']) },
        },
      },
      async (request) => users.lockUser(deps, callerOf(request), request.params.id, request.body.reason),
    );
    app.post(
      '/users/:id/unlock',
      {
        config,
        schema: {
          operationId: 'unlockUser',
          summary: 'Unlock an account and clear its failed-login count',
          tags,
          params: IdParams,
          response: { 200: User },
        },
      },
      async (request) => users.unlockUser(deps, callerOf(request), request.params.id),
    );
    app.post(
      '/users/:id/reset-password',
      {
        config,
        schema: {
          operationId: 'resetUserPassword',
          summary: 'Set a new password (or generate one); the user must change it at next login',
          tags,
          params: IdParams,
          body: ResetPasswordBody,
          response: {
            200: CreatedUser,
            422: problemResponse(
              ['PASSWORD_POLICY'],
              'The password breaks the policy; `unmetRules` lists each rule',
            ),
          },
        },
      },
      async (request) =>
        users.resetPassword(deps, callerOf(request), request.params.id, request.body.newPassword),
    );
    app.post(
      '/users/first-passwords',
      {
        config,
        schema: {
          operationId: 'issueFirstPasswords',
          summary: 'Give first passwords to accounts opened without one (by the employee import)',
          description:
            'Each password is shown once in the answer and must be changed at the first login; accounts ' +
            'that have a password already are left as they are and listed under `skipped`.',
          tags,
          body: FirstPasswordsBody,
          response: { 200: FirstPasswordsIssued },
        },
      },
      async (request) => firstAccounts.issueFirstPasswords(deps, callerOf(request), request.body.userIds),
    );
    app.get(
      '/users/:id/login-history',
      {
        config,
        schema: {
          operationId: 'listUserLoginHistory',
          summary: "A user's login history, newest first",
          tags,
          params: IdParams,
          querystring: PageQuery,
          response: { 200: pageSchema(LoginAttempt) },
        },
      },
      async (request) => users.loginHistoryOf(deps, callerOf(request), request.params.id, request.query),
    );
    app.post(
      '/users/:userId/roles',
      {
        config,
        schema: {
          operationId: 'grantRole',
          summary: 'Grant a role, optionally limited to a department and to effective dates',
          tags,
          params: UserIdParams,
          body: GrantBody,
          response: {
            201: Grant,
            409: problemResponse(['GRANT_EXISTS']),
            422: problemResponse([
              'ROLE_REQUIRED',
              'ROLE_UNKNOWN',
              'DEPARTMENT_UNKNOWN',
              'INVALID_DATE_RANGE',
            ]),
          },
        },
      },
      async (request, reply) => {
        const grant = await users.grantRole(deps, callerOf(request), request.params.userId, request.body);
        reply.code(201).header('location', `/api/users/${request.params.userId}/roles/${grant.userRoleId}`);
        return grant;
      },
    );
    app.delete(
      '/users/:userId/roles/:userRoleId',
      {
        config,
        schema: {
          operationId: 'revokeRole',
          summary: 'Revoke a grant',
          tags,
          params: GrantParams,
          response: { 204: Type.Null(), 409: problemResponse(['LAST_SYS_ADMIN']) },
        },
      },
      async (request, reply) => {
        await users.revokeRole(deps, callerOf(request), request.params.userId, request.params.userRoleId);
        return reply.code(204).send(null);
      },
    );
  };
}
