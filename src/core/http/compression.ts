import { constants } from 'node:zlib';
import compress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';

/**
 * Answers worth compressing: JSON (problems and the OpenAPI document too), text of every kind (HTML, CSV,
 * calendars) and what a browser runs (JavaScript, CSS, SVG). Never an event stream, which must reach the
 * client as each event is written, nor what is compressed already (xlsx, PDF, images, fonts).
 */
export const COMPRESSIBLE =
  /^(?:text\/(?!event-stream)[\w.+-]+|application\/(?:json|problem\+json|javascript|xml|[\w.-]+\+json)|image\/svg\+xml)(?:;|$)/;

/** Below this many bytes compressing costs more than it saves. */
export const COMPRESS_FROM_BYTES = 1024;

/**
 * Brotli or gzip, as the client accepts, for every compressible answer of at least a kilobyte. Answers are
 * compressed as they go (brotli at quality 4: most of its gain for a fraction of the CPU of its best);
 * the web client's files are compressed once at build time and sent as they are (web-client.ts).
 */
export async function registerCompression(app: FastifyInstance): Promise<void> {
  await app.register(compress, {
    global: true,
    threshold: COMPRESS_FROM_BYTES,
    encodings: ['br', 'gzip'],
    customTypes: COMPRESSIBLE,
    brotliOptions: { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } },
    zlibOptions: { level: 6 },
  });
}
