import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError, validationFailed } from './errors.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * A write of a versioned resource: its `If-Match` is read before the body is validated (a malformed
     * one is 400), handed to the service through the caller (`Caller.expectedVersion`), documented with
     * its 412, and checked to have been honoured (see `registerVersioning`).
     */
    versioned?: true;
  }
  interface FastifyRequest {
    /** The `If-Match` of a versioned write, and whether the service has read it. */
    ifMatch: { version: number | undefined; consulted: boolean } | null;
  }
}

/** Reads `If-Match: "<version>"`; absent or `*` means the caller does not ask for a check. */
function parseIfMatch(header: string | undefined): number | undefined {
  if (header === undefined || header.trim() === '*') return undefined;
  const match = /^\s*(?:W\/)?"(\d{1,9})"\s*$/.exec(header);
  if (!match) throw validationFailed('If-Match must be an entity tag such as "3"');
  return Number(match[1]);
}

/**
 * The version a versioned write's caller last read (its `If-Match`), or undefined when it asks for no
 * check; reading it is what honouring it starts with (`assertVersion` with the row's version).
 */
export function expectedVersionOf(request: FastifyRequest): number | undefined {
  if (!request.ifMatch) return undefined;
  request.ifMatch.consulted = true;
  return request.ifMatch.version;
}

export function assertVersion(expected: number | undefined, actual: number): void {
  if (expected !== undefined && expected !== actual) {
    throw new AppError(
      412,
      'PRECONDITION_FAILED',
      `The resource is at version ${actual}, not ${expected}; read it again before changing it`,
      { currentVersion: actual },
    );
  }
}

const hasVersion = (payload: unknown): payload is { version: number } =>
  typeof payload === 'object' &&
  payload !== null &&
  Number.isInteger((payload as { version?: unknown }).version);

/**
 * One mechanism for the versioned resources (DESIGN §4): every answer of one (a 2xx body with a
 * `version`) carries `ETag: "<version>"`; a route declared `versioned` gets its `If-Match` read into the
 * request. Outside production, a versioned write that succeeds with an `If-Match` its service never read
 * answers 500: a write that would let a stale client overwrite is a bug the tests must see.
 */
export function registerVersioning(app: FastifyInstance, production: boolean): void {
  app.decorateRequest('ifMatch', null);
  app.addHook('preValidation', async (request) => {
    if (!request.routeOptions.config.versioned) return;
    request.ifMatch = { version: parseIfMatch(request.headers['if-match']), consulted: false };
  });
  app.addHook('preSerialization', async (_request, reply, payload) => {
    if (reply.statusCode >= 200 && reply.statusCode < 300 && hasVersion(payload) && !reply.hasHeader('etag'))
      reply.header('etag', `"${payload.version}"`);
    return payload;
  });
  if (production) return;
  app.addHook('onSend', async (request, reply, payload) => {
    const ifMatch = request.ifMatch;
    if (ifMatch?.version !== undefined && !ifMatch.consulted && reply.statusCode < 300) {
      throw new Error(
        `${request.method} ${request.routeOptions.url} is declared versioned but its service never read If-Match`,
      );
    }
    return payload;
  });
}
