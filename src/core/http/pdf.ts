import { Type } from '@sinclair/typebox';
import type { FastifyReply } from 'fastify';

/** PDF downloads: the documented answer and the reply, as `workbooks.ts` does for xlsx. */

export const PDF_MEDIA_TYPE = 'application/pdf';

export const pdfResponse = (description: string) =>
  Type.Unsafe<Buffer>({
    type: 'string',
    format: 'binary',
    description: `${description} (${PDF_MEDIA_TYPE})`,
  });

export const sendPdf = (reply: FastifyReply, name: string, bytes: Buffer) =>
  reply.type(PDF_MEDIA_TYPE).header('content-disposition', `attachment; filename="${name}"`).send(bytes);
