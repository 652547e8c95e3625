import type { Socket } from 'node:net';
import type { FastifyBaseLogger, FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import type { ErrorCode } from './error-codes.ts';
import { sendProblem } from './error-handler.ts';
import { problemBody, titleOf } from './problem.ts';
import { UNCACHEABLE } from './security-headers.ts';

const STATUS_OF: Record<string, [number, ErrorCode, string]> = {
  HPE_HEADER_OVERFLOW: [
    431,
    'REQUEST_HEADERS_TOO_LARGE',
    'The request line and headers are over the size limit; a URL this long is never a valid call',
  ],
  HPE_URI_TOO_LONG: [414, 'REQUEST_HEADERS_TOO_LARGE', 'The URL is over the size limit'],
};

/** The longest `instance` an early error echoes: an over-long URL is cut, not repeated. */
const MAX_INSTANCE = 200;

/** The path of the request line Node could read (`GET /api/x?… HTTP/1.1`), without its query. */
export function instanceOf(rawPacket: unknown): string {
  if (!Buffer.isBuffer(rawPacket)) return '';
  const line = rawPacket.subarray(0, 4096).toString('latin1').split('\r\n')[0] ?? '';
  const target = line.split(' ')[1] ?? '';
  if (!target.startsWith('/')) return '';
  const path = target.split('?')[0] ?? '';
  return path.length > MAX_INSTANCE ? `${path.slice(0, MAX_INSTANCE)}…` : path;
}

/**
 * Errors Node's HTTP parser raises before any route runs (an over-long URL or header, a malformed request
 * line) answer problem details too, written straight to the socket, with the security headers, the path
 * as `instance` and a `traceId` that finds the logged line, like every other answer.
 */
export function createClientErrorHandler(headers: Readonly<Record<string, string>>) {
  return function clientErrorHandler(
    this: { log: FastifyBaseLogger } | undefined,
    error: NodeJS.ErrnoException & { rawPacket?: unknown },
    socket: Socket,
  ): void {
    if (error.code === 'ECONNRESET' || error.code === 'EPIPE' || !socket.writable) {
      socket.destroy();
      return;
    }
    const [status, code, detail] = (error.code && STATUS_OF[error.code]) || [
      400,
      'VALIDATION_FAILED',
      'The request could not be parsed',
    ];
    const traceId = crypto.randomUUID();
    const instance = instanceOf(error.rawPacket);
    this?.log.info(
      { traceId, instance, status, parserError: error.code },
      'request refused by the HTTP parser',
    );
    const body = JSON.stringify(problemBody(status, code, detail, instance, traceId));
    const lines = Object.entries({ ...headers, ...UNCACHEABLE }).map(
      ([name, value]) => `${name}: ${value}\r\n`,
    );
    socket.end(
      `HTTP/1.1 ${status} ${titleOf(status)}\r\n${lines.join('')}` +
        'Content-Type: application/problem+json; charset=utf-8\r\n' +
        `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    );
  };
}

/**
 * What Fastify cannot route (a bad percent-encoding, an over-long parameter) never reaches the hooks that
 * add the security headers: this answer sets them itself.
 */
export function createFrameworkErrorHandler(headers: Readonly<Record<string, string>>) {
  return (error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    reply.headers({ ...headers, ...UNCACHEABLE });
    return sendProblem(request, reply, 400, 'VALIDATION_FAILED', error.message);
  };
}
