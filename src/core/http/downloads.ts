import type { FastifyReply } from 'fastify';

/**
 * Routes that answer a file (a workbook, a PDF). Their 200 answer is documented under the file's media
 * type with a binary body, not as JSON: client generators then type it as binary (openapi-typescript
 * `string` with `format: binary`, a `Blob` with its documented transform), and Swagger UI offers it as a
 * download instead of printing bytes as text.
 */

export interface FileResponse {
  description: string;
  content: Record<string, { schema: { type: 'string'; format: 'binary' } }>;
}

export const fileResponse = (mediaType: string, description: string): FileResponse => ({
  description: `${description} (${mediaType})`,
  content: { [mediaType]: { schema: { type: 'string', format: 'binary' } } },
});

/** Sends the file as an attachment under its name. */
export const sendFile = (reply: FastifyReply, mediaType: string, name: string, bytes: Buffer) =>
  reply.type(mediaType).header('content-disposition', `attachment; filename="${name}"`).send(bytes);
