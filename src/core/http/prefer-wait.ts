import type { FastifyRequest } from 'fastify';

/** The longest wait a client may ask for: a proxy in front would give up long before. */
export const MAX_PREFERRED_WAIT_SECONDS = 600;

/**
 * The seconds of `Prefer: wait=N` (RFC 7240 §4.3), capped, or null when the client did not ask to wait:
 * such a client gets 202 at once and reads the resource until it is done.
 */
export function preferredWait(request: FastifyRequest): number | null {
  const header = request.headers.prefer;
  if (!header) return null;
  const match = /(?:^|[,;\s])wait\s*=\s*"?(\d{1,6})"?/i.exec(String(header));
  if (!match) return null;
  return Math.min(Number(match[1]), MAX_PREFERRED_WAIT_SECONDS);
}

/** Asks `done` every `everyMs` until it answers a value or `seconds` have passed (then null). */
export async function waitFor<T>(
  seconds: number,
  done: () => Promise<T | null>,
  everyMs = 200,
): Promise<T | null> {
  const deadline = Date.now() + seconds * 1000;
  for (;;) {
    const value = await done();
    if (value !== null) return value;
    if (Date.now() >= deadline) return null;
    await new Promise((resolve) =>
      setTimeout(resolve, Math.min(everyMs, Math.max(0, deadline - Date.now()))),
    );
  }
}
