import type { FastifyCorsOptions } from '@fastify/cors';

/**
 * Cross-origin access for the browser origins CORS_ORIGINS lists, and nothing for others: every method
 * the API uses, the request headers its versioned writes, conditional reads and retried creates need, and the answer
 * headers a client reads (`ETag` for the next `If-Match`, `Location` of a create, a download's file
 * name, when to retry). Bearer tokens, not cookies: no credentials mode.
 */
export function corsOptions(origins: readonly string[]): FastifyCorsOptions {
  const listed = new Set(origins);
  return {
    // `false` for an unlisted origin sends no CORS header at all, not even the allowed methods.
    origin: (origin, callback) => callback(null, origin !== undefined && listed.has(origin) ? origin : false),
    methods: ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'],
    allowedHeaders: [
      'Authorization',
      'Content-Type',
      'If-Match',
      'If-None-Match',
      'Prefer',
      'Accept-Language',
      'Idempotency-Key',
    ],
    exposedHeaders: [
      'ETag',
      'Location',
      'Content-Disposition',
      'Retry-After',
      'Preference-Applied',
      'Idempotent-Replayed',
    ],
    // A preflight is asked again after ten minutes: a changed setting reaches browsers within that.
    maxAge: 600,
  };
}
