import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { callerOf } from '../../../core/auth/guard.ts';
import { PageQuery, pageSchema } from '../../../core/http/pagination.ts';
import { depsOf, type ModuleContext } from '../../../core/module-context.ts';
import { LoginAttempt, Profile, ProfilePatch } from '../schemas.ts';
import { loginHistoryOf, profileOf, updateProfile } from '../users-service.ts';

export function meRoutes(context: ModuleContext): FastifyPluginAsyncTypebox {
  const deps = depsOf(context);
  return async (app) => {
    app.get(
      '/me/profile',
      {
        config: { auth: 'auth', beforePasswordChange: true },
        schema: {
          operationId: 'getMyProfile',
          summary: 'Own profile, roles and permissions',
          tags: ['me'],
          response: { 200: Profile },
        },
      },
      async (request) => profileOf(deps, callerOf(request), app.accessCache),
    );
    app.patch(
      '/me/profile',
      {
        config: { auth: 'auth', versioned: true },
        schema: {
          operationId: 'updateMyProfile',
          summary: 'Update own display name, contact details, language and Hijri dates',
          tags: ['me'],
          body: ProfilePatch,
          response: { 200: Profile },
        },
      },
      async (request) => updateProfile(deps, callerOf(request), request.body),
    );
    app.get(
      '/me/login-history',
      {
        config: { auth: 'auth' },
        schema: {
          operationId: 'listMyLoginHistory',
          summary: 'Own login history, newest first',
          tags: ['me'],
          querystring: PageQuery,
          response: { 200: pageSchema(LoginAttempt) },
        },
      },
      async (request) => {
        const caller = callerOf(request);
        return loginHistoryOf(deps, caller, caller.principal.userId, request.query);
      },
    );
  };
}
