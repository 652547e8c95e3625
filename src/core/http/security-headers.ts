import helmetPlugin from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';

/**
 * The headers' one configuration. HSTS and `upgrade-insecure-requests` only in production: over plain HTTP
 * on a LAN host name they would turn the development Swagger UI into a blank page.
 */
function helmetOptions(production: boolean): HelmetOptions {
  return {
    // The Swagger UI needs its inline script and styles; the API itself serves only JSON.
    contentSecurityPolicy: {
      directives: {
        'script-src': ["'self'", "'unsafe-inline'"],
        'img-src': ["'self'", 'data:'],
        'upgrade-insecure-requests': production ? [] : null,
      },
    },
    hsts: production,
  };
}

/**
 * The same headers as a plain record, for answers written before any hook runs: a URL Fastify cannot
 * route (bad percent-encoding) and an answer Node's parser gives straight on the socket (431). Helmet's
 * own middleware fills the record, so these answers cannot drift from the others.
 */
export function securityHeaderValues(production: boolean): Readonly<Record<string, string>> {
  const headers: Record<string, string> = {};
  const response = {
    setHeader: (name: string, value: unknown) => {
      headers[name.toLowerCase()] = String(value);
    },
    removeHeader: (name: string) => {
      delete headers[name.toLowerCase()];
    },
  };
  let failed: unknown;
  helmet(helmetOptions(production))({} as never, response as never, (error?: unknown) => {
    failed = error;
  });
  if (failed) throw failed;
  return Object.freeze(headers);
}

/** Answers of the API are never cached unless a route says otherwise (see `registerCachePolicy`). */
export const UNCACHEABLE = { 'cache-control': 'no-store' } as const;

/**
 * Security headers on every answer, errors included: registered before the guard so that a 401 or 403
 * carries them too.
 */
export async function registerSecurityHeaders(app: FastifyInstance, production: boolean): Promise<void> {
  // The plugin's copy of helmet's option types is its CommonJS one: the same object, typed twice.
  await app.register(helmetPlugin, helmetOptions(production) as Parameters<typeof helmetPlugin>[1]);
}

/**
 * Answers of the API hold a caller's data: `no-store`, or `private, no-cache` where an ETag makes
 * revalidation worth it. A versioned resource answers with its ETag whether or not the route set it.
 */
export function registerCachePolicy(app: FastifyInstance): void {
  app.addHook('preSerialization', async (_request, reply, payload) => {
    const version = (payload as { version?: unknown } | null)?.version;
    if (reply.statusCode < 300 && typeof version === 'number' && !reply.hasHeader('etag'))
      reply.header('etag', `"${version}"`);
    return payload;
  });
  app.addHook('onSend', async (request, reply, payload) => {
    if (!request.url.startsWith('/api/') || reply.hasHeader('cache-control')) return payload;
    reply.header('cache-control', reply.hasHeader('etag') ? 'private, no-cache' : 'no-store');
    return payload;
  });
}
