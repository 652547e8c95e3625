import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import type { ModuleContext } from '../../../app.ts';
import { callerOf } from '../../../core/auth/guard.ts';
import { problemResponse } from '../../../core/http/openapi.ts';
import { changePassword, developmentSession, login } from '../auth-service.ts';
import { ChangePasswordBody, LoginBody, LoginResult, TokenResult, UsernameBody } from '../schemas.ts';

const clientOf = (request: FastifyRequest) => ({
  ip: request.ip,
  userAgent: request.headers['user-agent'] ?? null,
  traceId: String(request.id),
});

export function authRoutes(context: ModuleContext): FastifyPluginAsyncTypebox {
  const deps = { db: context.database.db, tokens: context.tokens, now: context.now };
  return async (app) => {
    app.post(
      '/auth/login',
      {
        config: { auth: 'open' },
        schema: {
          summary: 'Log in with username and password; the token is valid 8 hours',
          tags: ['auth'],
          body: LoginBody,
          response: {
            200: LoginResult,
            401: problemResponse(
              'INVALID_CREDENTIALS: unknown user or wrong password (the same answer for both)',
            ),
            423: problemResponse('ACCOUNT_LOCKED: with `reason` and `lockoutUntil`'),
            429: problemResponse('RATE_LIMITED: too many attempts from this address or for this username'),
          },
        },
      },
      async (request) => login(deps, request.body, clientOf(request)),
    );

    app.post(
      '/auth/change-password',
      {
        config: { auth: 'auth' },
        schema: {
          summary: 'Change own password; older tokens stop working and a fresh one is returned',
          tags: ['auth'],
          body: ChangePasswordBody,
          response: {
            200: TokenResult,
            422: problemResponse('PASSWORD_POLICY (with `unmetRules`) or INVALID_CURRENT_PASSWORD'),
          },
        },
      },
      async (request) => changePassword(deps, callerOf(request), request.body),
    );

    if (context.config.env === 'production') return;

    app.post(
      '/auth/login-dev',
      {
        config: { auth: 'open' },
        schema: {
          summary: 'Development only: log in as a named user without a password',
          tags: ['auth'],
          body: UsernameBody,
          response: { 200: LoginResult, 401: problemResponse('UNKNOWN_USER: no such user') },
        },
      },
      async (request) => developmentSession(deps, request.body.username, clientOf(request)),
    );

    app.post(
      '/auth/dev-token',
      {
        config: { auth: 'open' },
        schema: {
          summary: 'Development only: mint a token for a named user',
          tags: ['auth'],
          body: UsernameBody,
          response: { 200: TokenResult, 401: problemResponse('UNKNOWN_USER: no such user') },
        },
      },
      async (request) => {
        const session = await developmentSession(deps, request.body.username, clientOf(request));
        return { token: session.token, ExpiresAt: session.ExpiresAt };
      },
    );
  };
}
