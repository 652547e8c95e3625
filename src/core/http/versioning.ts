import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppError, validationFailed } from './errors.ts';

/** Reads `If-Match: "<version>"`; absent or `*` means the caller does not ask for a check. */
export function expectedVersion(request: FastifyRequest): number | undefined {
  const header = request.headers['if-match'];
  if (header === undefined || header.trim() === '*') return undefined;
  const match = /^\s*(?:W\/)?"(\d{1,9})"\s*$/.exec(header);
  if (!match) throw validationFailed('If-Match must be an entity tag such as "3"');
  return Number(match[1]);
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

export function withETag<T extends { version: number }>(reply: FastifyReply, resource: T): T {
  reply.header('etag', `"${resource.version}"`);
  return resource;
}
