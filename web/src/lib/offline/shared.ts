/**
 * What the page and the service worker (`web/sw/`) agree on about the offline copy of one's own roster.
 * Plain code with no DOM or worker types, since both compile it.
 */

/** The only API read that is ever kept on the device: the signed-in person's own published roster. */
export const OWN_ROSTER_PATH = '/api/me/roster';

/** Every person's copy lives in a cache of its own, named with this prefix and the person's user id. */
export const COPY_PREFIX = 'own-roster:';

/** Set by the worker on an answer it serves from the copy: when the service last sent that answer. */
export const AS_OF_HEADER = 'x-offline-as-of';

/**
 * The cache of the person a bearer token speaks for: named by the token's subject (the user id), never
 * by the token, which is not kept. The token is not verified here (the service does that on every
 * request); its subject only chooses whose copy a request may read, and a page able to forge one could
 * read the session itself.
 */
export function copyCacheName(token: string): string | null {
  const payload = token.split('.')[1];
  if (!payload) return null;
  try {
    const claims: unknown = JSON.parse(atob(payload.replaceAll('-', '+').replaceAll('_', '/')));
    const sub = typeof claims === 'object' && claims !== null ? (claims as { sub?: unknown }).sub : undefined;
    return typeof sub === 'string' && sub !== '' ? `${COPY_PREFIX}${sub}` : null;
  } catch {
    return null;
  }
}
