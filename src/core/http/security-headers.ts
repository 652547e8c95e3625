import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';

/**
 * Security headers on every answer, errors included: registered before the guard so that a 401 or 403
 * carries them too. HSTS and `upgrade-insecure-requests` only in production: over plain HTTP on a LAN
 * host name they would turn the development Swagger UI into a blank page.
 */
export async function registerSecurityHeaders(app: FastifyInstance, production: boolean): Promise<void> {
  await app.register(helmet, {
    // The Swagger UI needs its inline script and styles; the API itself serves only JSON.
    contentSecurityPolicy: {
      directives: {
        'script-src': ["'self'", "'unsafe-inline'"],
        'img-src': ["'self'", 'data:'],
        'upgrade-insecure-requests': production ? [] : null,
      },
    },
    hsts: production,
  });
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
