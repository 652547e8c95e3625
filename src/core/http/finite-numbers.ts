import type { FastifyInstance } from 'fastify';
import { validationFailed } from './errors.ts';

const MAX_DEPTH = 32;

function findNonFinite(value: unknown, path: string, depth: number): string | null {
  if (typeof value === 'number') return Number.isFinite(value) ? null : path;
  if (depth > MAX_DEPTH || typeof value !== 'object' || value === null) return null;
  for (const [key, item] of Object.entries(value)) {
    const found = findNonFinite(item, `${path}/${key}`, depth + 1);
    if (found) return found;
  }
  return null;
}

/**
 * `1e309` coerces to Infinity, which Ajv lets through its range checks (they skip non-finite numbers)
 * and which JSON.parse produces from a body: no route ever wants it, so it is refused once, here.
 */
export function registerFiniteNumbers(app: FastifyInstance): void {
  app.addHook('preHandler', async (request) => {
    for (const [part, value] of [
      ['querystring', request.query],
      ['params', request.params],
      ['body', request.body],
    ] as const) {
      const path = findNonFinite(value, part, 0);
      if (path)
        throw validationFailed('Numbers must be finite', [{ path, message: 'must be a finite number' }]);
    }
  });
}
