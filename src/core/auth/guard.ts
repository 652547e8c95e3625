import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError, forbidden } from '../http/errors.ts';
import { expectedVersionOf } from '../http/versioning.ts';
import type { Caller } from './caller.ts';
import type { Permission } from './catalog.ts';
import type { Principal } from './principal.ts';
import type { PrincipalStore } from './principal-store.ts';
import { TokenError, type TokenService } from './tokens.ts';

/**
 * What a route needs, declared once on the route: `open` (anyone), `auth` (any signed-in caller) or a
 * permission code. `role` adds a role the caller must hold as well (the spec's "SuperAdmin role plus").
 */
export type RouteAuth = 'open' | 'auth' | Permission;

declare module 'fastify' {
  interface FastifyContextConfig {
    auth?: RouteAuth;
    role?: string;
    /**
     * What a caller whose password must change may still do (read the profile, change it, sign out);
     * every other route answers them 403 `PASSWORD_CHANGE_REQUIRED`.
     */
    beforePasswordChange?: true;
  }
  interface FastifyRequest {
    principal: Principal | null;
  }
  interface FastifyInstance {
    /** Values kept in the access cache, dropped when the database announces their change. */
    accessCache: Pick<PrincipalStore, 'keptValue'>;
  }
}

const unauthenticated = (code: 'UNAUTHENTICATED' | 'TOKEN_EXPIRED', detail: string) =>
  new AppError(401, code, detail, {}, { 'www-authenticate': 'Bearer' });

/** The signed-in caller of a route declared `auth` or with a permission. */
export function callerOf(request: FastifyRequest): Caller {
  if (!request.principal) throw unauthenticated('UNAUTHENTICATED', 'Sign in first: send a bearer token');
  return {
    principal: request.principal,
    traceId: String(request.id),
    ip: request.ip,
    userAgent: request.headers['user-agent'] ?? null,
    get expectedVersion() {
      return expectedVersionOf(request);
    },
  };
}

async function authenticate(
  request: FastifyRequest,
  tokens: TokenService,
  principals: PrincipalStore,
  now: () => Date,
): Promise<Principal | null> {
  const header = request.headers.authorization;
  if (!header) return null;
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  if (!match?.[1])
    throw unauthenticated('UNAUTHENTICATED', 'The Authorization header must be "Bearer <token>"');
  let claims: ReturnType<TokenService['verify']>;
  try {
    claims = tokens.verify(match[1]);
  } catch (error) {
    if (error instanceof TokenError && error.expired) throw unauthenticated('TOKEN_EXPIRED', error.message);
    throw unauthenticated('UNAUTHENTICATED', 'The token is not valid');
  }
  // The business date of the grants follows the app's clock, like everything else the request sees.
  const principal = await principals.resolve(claims, now());
  if (principal === 'UNKNOWN_USER')
    throw unauthenticated('UNAUTHENTICATED', 'The account of this token no longer exists');
  if (principal === 'REVOKED') {
    throw unauthenticated(
      'UNAUTHENTICATED',
      'This token was revoked (password change, reset or lock); log in again',
    );
  }
  if (principal === 'SESSION_ENDED')
    throw unauthenticated('UNAUTHENTICATED', 'This session has ended (signed out); log in again');
  return principal;
}

/**
 * Checks the route's declared permission before the body and query are parsed or validated, so a caller
 * without it gets 403 whatever it sends and learns nothing of the schema.
 */
export function registerGuard(
  app: FastifyInstance,
  tokens: TokenService,
  principals: PrincipalStore,
  now: () => Date,
): void {
  app.decorateRequest('principal', null);
  app.decorate('accessCache', { keptValue: principals.keptValue });
  app.addHook('onRequest', async (request) => {
    const { auth, role, beforePasswordChange } = request.routeOptions.config;
    if (auth === undefined) return;
    if (auth === 'open') {
      // Open routes still learn who calls when a valid token is sent (diagnostics echo it).
      request.principal = await authenticate(request, tokens, principals, now).catch(() => null);
      return;
    }
    const principal = await authenticate(request, tokens, principals, now);
    if (!principal) throw unauthenticated('UNAUTHENTICATED', 'Sign in first: send a bearer token');
    request.principal = principal;
    if (principal.mustChangePassword && !beforePasswordChange) {
      throw new AppError(
        403,
        'PASSWORD_CHANGE_REQUIRED',
        'This password was set by someone else or reset: change it first (POST /api/auth/change-password)',
      );
    }
    if (auth !== 'auth' && !principal.can(auth)) throw forbidden(auth);
    if (role && !principal.hasRole(role)) {
      throw new AppError(403, 'FORBIDDEN', `This action needs the role "${role}"`, { role });
    }
  });
  // A change that answered is in force for the very next request on this process, and on every other
  // process sharing the database (see `settle`).
  app.addHook('onSend', async (request, reply, payload) => {
    const { method } = request;
    const changes = method !== 'GET' && method !== 'HEAD' && method !== 'OPTIONS';
    if (changes && request.routeOptions.config.auth !== undefined && reply.statusCode < 400)
      await principals.settle({ everyone: true });
    return payload;
  });
}
