import type { Socket } from 'node:net';
import { problemBody, titleOf } from './problem.ts';

const STATUS_OF: Record<string, number> = {
  HPE_HEADER_OVERFLOW: 431,
  HPE_URI_TOO_LONG: 414,
};

/**
 * Errors Node's HTTP parser raises before any route runs (an over-long header, a malformed request
 * line) answer problem details too, written straight to the socket.
 */
export function clientErrorHandler(error: NodeJS.ErrnoException, socket: Socket): void {
  if (!socket.writable) {
    socket.destroy();
    return;
  }
  const status = (error.code && STATUS_OF[error.code]) || 400;
  const body = JSON.stringify(
    problemBody(status, 'VALIDATION_FAILED', 'The request could not be parsed', '', 'none'),
  );
  socket.end(
    `HTTP/1.1 ${status} ${titleOf(status)}\r\nContent-Type: application/problem+json\r\n` +
      `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
  );
}
