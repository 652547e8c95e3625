import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import type { FastifyRequest } from 'fastify';
import { callerOf } from '../../../core/auth/guard.ts';
import { problemResponse } from '../../../core/http/openapi.ts';
import { depsOf, type ModuleContext } from '../../../core/module-context.ts';
import { changePassword, developmentSession, LOGIN_RATE, login, logout } from '../auth-service.ts';
import { ChangePasswordBody, LoginBody, LoginResult, TokenResult, UsernameBody } from '../schemas.ts';

const clientOf = (request: FastifyRequest) => ({
  ip: request.ip,
  userAgent: request.headers['user-agent'] ?? null,
  traceId: String(request.id),
});

export function authRoutes(context: ModuleContext): FastifyPluginAsyncTypebox {
  const deps = { ...depsOf(context), tokens: context.tokens };
  return async (app) => {
    app.post(
      '/auth/login',
      {
        config: { auth: 'open' },
        schema: {
          operationId: 'login',
          summary: 'Log in with username and password; the token is valid 8 hours',
          description:
            `Failed attempts are limited over a sliding minute: ${LOGIN_RATE.failuresPerIp} per client address and ` +
            `${LOGIN_RATE.failuresPerUsername} per username, then 429 \`RATE_LIMITED\` with \`Retry-After\` (seconds ` +
            'until the oldest counted failure leaves the window). Successful logins never count, so colleagues ' +
            "behind one address can all sign in. An account also locks after the settings' " +
            '`lockout.threshold` failures in a row (423 `ACCOUNT_LOCKED`, for `lockout.minutes`); a name with ' +
            'no account answers exactly as one with an account does, lockout included. The client address ' +
            "is the socket's, or the one the proxies named by `TRUST_PROXY` forwarded.",
          tags: ['auth'],
          body: LoginBody,
          response: {
            200: LoginResult,
            401: problemResponse(
              ['INVALID_CREDENTIALS'],
              'Unknown user or wrong password (the same answer for both)',
            ),
            423: problemResponse(['ACCOUNT_LOCKED'], 'The account is locked', {
              reason: Type.String({
                description: 'Why: too many failed attempts, or locked by an administrator',
              }),
              lockoutUntil: Type.Union([Type.String({ format: 'date-time' }), Type.Null()], {
                description: 'When the lockout ends; null while an administrator lock holds',
              }),
            }),
            429: problemResponse(
              ['RATE_LIMITED'],
              'Too many failed attempts from this address or for this username; `Retry-After` says when to retry',
            ),
          },
        },
      },
      async (request) => login(deps, request.body, clientOf(request)),
    );

    app.post(
      '/auth/change-password',
      {
        config: { auth: 'auth', beforePasswordChange: true },
        schema: {
          operationId: 'changePassword',
          summary: 'Change own password; older tokens stop working and a fresh one is returned',
          tags: ['auth'],
          body: ChangePasswordBody,
          response: {
            200: TokenResult,
            422: problemResponse(
              ['PASSWORD_POLICY', 'INVALID_CURRENT_PASSWORD'],
              'The password breaks the policy (`unmetRules`), or the current one is wrong',
            ),
          },
        },
      },
      async (request) => changePassword(deps, callerOf(request), request.body),
    );

    app.post(
      '/auth/logout',
      {
        config: { auth: 'auth', beforePasswordChange: true },
        schema: {
          operationId: 'logout',
          summary: "Sign out: end this token's session on the server, at once on every process",
          tags: ['auth'],
          response: { 204: Type.Null({ description: 'The session has ended; its token answers 401' }) },
        },
      },
      async (request, reply) => {
        await logout(deps, callerOf(request), false);
        return reply.code(204).send(null);
      },
    );

    app.post(
      '/auth/logout-everywhere',
      {
        config: { auth: 'auth', beforePasswordChange: true },
        schema: {
          operationId: 'logoutEverywhere',
          summary: "Sign out everywhere: end every session of the caller's account, this one included",
          tags: ['auth'],
          response: { 204: Type.Null({ description: 'Every session has ended; their tokens answer 401' }) },
        },
      },
      async (request, reply) => {
        await logout(deps, callerOf(request), true);
        return reply.code(204).send(null);
      },
    );

    if (context.config.env === 'production') return;

    app.post(
      '/auth/login-dev',
      {
        config: { auth: 'open' },
        schema: {
          operationId: 'loginForDevelopment',
          summary: 'Development only: log in as a named user without a password',
          tags: ['auth'],
          body: UsernameBody,
          response: { 200: LoginResult, 401: problemResponse(['UNKNOWN_USER'], 'No such user') },
        },
      },
      async (request) => developmentSession(deps, request.body.username, clientOf(request)),
    );

    app.post(
      '/auth/dev-token',
      {
        config: { auth: 'open' },
        schema: {
          operationId: 'mintDevelopmentToken',
          summary: 'Development only: mint a token for a named user',
          tags: ['auth'],
          body: UsernameBody,
          response: { 200: TokenResult, 401: problemResponse(['UNKNOWN_USER'], 'No such user') },
        },
      },
      async (request) => {
        const session = await developmentSession(deps, request.body.username, clientOf(request));
        return { token: session.token, ExpiresAt: session.ExpiresAt };
      },
    );
  };
}
