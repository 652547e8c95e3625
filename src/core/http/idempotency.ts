import { createHash } from 'node:crypto';
import { and, eq, lt, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest, RouteOptions } from 'fastify';
import type { Database } from '../db/database.ts';
import { idempotentRequests } from '../db/tables/index.ts';
import { AppError, validationFailed } from './errors.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Set on every signed-in POST with a JSON body: it honours `Idempotency-Key`. */
    idempotent?: true;
  }
  interface FastifyRequest {
    /** The key this request holds while it runs, to keep or free its answer when it is sent. */
    idempotencyClaim: { userId: string; key: string } | null;
  }
}

/** How long an answer is replayed to a retry, and after how long an unanswered claim is taken over. */
const KEPT_FOR = sql`interval '24 hours'`;
const ABANDONED_AFTER = sql`interval '10 minutes'`;
const KEY = /^[\x21-\x7e]{1,200}$/;
/** The headers of the first answer that a replay repeats. */
const REPLAYED_HEADERS = ['content-type', 'location', 'etag'] as const;

/**
 * Every signed-in POST with a JSON body: a create or an action a double click or a lost answer may send
 * twice. Uploads (multipart) are previewed and committed by a check id, which is their natural key.
 */
export function isIdempotent(route: RouteOptions): boolean {
  const methods = Array.isArray(route.method) ? route.method : [route.method];
  const consumes = (route.schema as { consumes?: string[] } | undefined)?.consumes ?? [];
  return (
    methods.includes('POST') &&
    route.config?.auth !== 'open' &&
    !consumes.includes('multipart/form-data') &&
    route.config?.endless !== true
  );
}

const fingerprintOf = (request: FastifyRequest) =>
  createHash('sha256')
    .update(`${request.method} ${request.url}\n${JSON.stringify(request.body ?? null)}`)
    .digest('base64url');

/**
 * `Idempotency-Key` (the IETF draft's header): the first request with a key runs and its successful
 * answer is kept; a retry with the same key and the same request gets that answer again (with
 * `Idempotent-Replayed: true`) and writes nothing; the same key with another request is 422, and while
 * the first still runs, 409. A failed answer is not kept, so a retry may succeed.
 */
export function registerIdempotency(app: FastifyInstance, database: Database): void {
  app.decorateRequest('idempotencyClaim', null);
  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/api/') || !isIdempotent(route)) return;
    route.config = { ...route.config, idempotent: true };
  });
  app.addHook('preHandler', async (request, reply) => {
    const header = request.headers['idempotency-key'];
    if (!request.routeOptions.config.idempotent || header === undefined || !request.principal) return;
    if (typeof header !== 'string' || !KEY.test(header))
      throw validationFailed('Idempotency-Key must be 1 to 200 visible ASCII characters');
    const { db } = database;
    const userId = request.principal.userId;
    const fingerprint = fingerprintOf(request);
    const mine = and(eq(idempotentRequests.userId, userId), eq(idempotentRequests.key, header));
    await db
      .delete(idempotentRequests)
      .where(
        and(
          eq(idempotentRequests.userId, userId),
          lt(idempotentRequests.createdAt, sql`now() - ${KEPT_FOR}`),
        ),
      );
    const claimed = await db
      .insert(idempotentRequests)
      .values({ userId, key: header, fingerprint })
      .onConflictDoUpdate({
        target: [idempotentRequests.userId, idempotentRequests.key],
        set: { fingerprint, createdAt: sql`now()` },
        // A claim whose request never answered (its process ended) is taken over.
        setWhere: sql`${idempotentRequests.status} is null and ${idempotentRequests.createdAt} < now() - ${ABANDONED_AFTER}`,
      })
      .returning({ key: idempotentRequests.key });
    if (claimed.length) {
      request.idempotencyClaim = { userId, key: header };
      return;
    }
    const [first] = await db.select().from(idempotentRequests).where(mine);
    if (!first) return;
    if (first.fingerprint !== fingerprint)
      throw new AppError(
        422,
        'IDEMPOTENCY_KEY_REUSED',
        'This Idempotency-Key was used for another request: send a new key for a new request',
      );
    if (first.status === null || first.body === null)
      throw new AppError(409, 'IDEMPOTENCY_KEY_IN_USE', 'The first request with this key is still running');
    // The service did not run: a versioned write's If-Match was honoured by the first request.
    if (request.ifMatch) request.ifMatch.consulted = true;
    for (const [name, value] of Object.entries(first.headers ?? {})) reply.header(name, value);
    return reply.code(first.status).header('idempotent-replayed', 'true').send(first.body);
  });
  app.addHook('onSend', async (request, reply, payload) => {
    const claim = request.idempotencyClaim;
    if (!claim) return payload;
    request.idempotencyClaim = null;
    const mine = and(eq(idempotentRequests.userId, claim.userId), eq(idempotentRequests.key, claim.key));
    // JSON and empty answers are kept; a file or a stream is made again by a retry.
    const kept = reply.statusCode < 300 && (payload === undefined || typeof payload === 'string');
    if (!kept) {
      await database.db.delete(idempotentRequests).where(mine);
      return payload;
    }
    const headers: Record<string, string> = {};
    for (const name of REPLAYED_HEADERS) {
      const value = reply.getHeader(name);
      if (value !== undefined) headers[name] = String(value);
    }
    await database.db
      .update(idempotentRequests)
      .set({ status: reply.statusCode, headers, body: payload ?? '' })
      .where(mine);
    return payload;
  });
}
