import type { FastifyInstance } from 'fastify';
import { validationFailed } from './errors.ts';

class ForbiddenKey extends Error {}

function refuseProtoKeys(this: unknown, key: string, value: unknown): unknown {
  if (
    key === '__proto__' ||
    (key === 'constructor' && typeof value === 'object' && value !== null && 'prototype' in value)
  )
    throw new ForbiddenKey(key);
  return value;
}

/**
 * JSON bodies, with a clear answer for the keys that could pollute prototypes (`__proto__`,
 * `constructor.prototype`): Fastify's own parser refuses them as "not valid JSON", which misleads.
 */
export function registerJsonBodyParser(app: FastifyInstance): void {
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => {
    const text = body as string;
    try {
      // The reviver costs a call per key: only bodies that mention a dangerous key pay it.
      const risky = text.includes('__proto__') || text.includes('constructor');
      done(null, risky ? JSON.parse(text, refuseProtoKeys) : JSON.parse(text));
    } catch (error) {
      if (error instanceof ForbiddenKey) {
        done(
          validationFailed(`The body may not contain the key "${error.message}"`, [
            { path: 'body', message: `"${error.message}" keys are refused (prototype pollution)` },
          ]),
        );
      } else {
        done(validationFailed(`Malformed JSON: ${(error as Error).message}`));
      }
    }
  });
}
