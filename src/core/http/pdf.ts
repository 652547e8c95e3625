import type { FastifyReply } from 'fastify';
import { fileResponse, sendFile } from './downloads.ts';

/** PDF downloads: the documented answer and the reply, as `workbooks.ts` does for xlsx. */

export const PDF_MEDIA_TYPE = 'application/pdf';

export const pdfResponse = (description: string) => fileResponse(PDF_MEDIA_TYPE, description);

export const sendPdf = (reply: FastifyReply, name: string, bytes: Buffer) =>
  sendFile(reply, PDF_MEDIA_TYPE, name, bytes);
