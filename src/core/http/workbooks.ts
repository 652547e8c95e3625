import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { SHEET_BYTES_PER_ROW, XlsxError } from '../xlsx/index.ts';
import { fileResponse, sendFile } from './downloads.ts';
import { AppError, validationFailed } from './errors.ts';
import { problemResponse } from './openapi.ts';

/** Spreadsheets in and out of the API: guarded uploads (DESIGN §8) and xlsx downloads. */

export const XLSX_MEDIA_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** The documented 200 answer of a route that sends a workbook. */
export const workbookResponse = (description: string) => fileResponse(XLSX_MEDIA_TYPE, description);

export const sendWorkbook = (reply: FastifyReply, name: string, bytes: Buffer) =>
  sendFile(reply, XLSX_MEDIA_TYPE, name, bytes);

/** The refusals of an upload route, documented once: size, type, and what the guarded reader refused. */
export const uploadProblems = () => ({
  413: problemResponse(['PAYLOAD_TOO_LARGE'], 'The file is over 10 MB'),
  415: problemResponse(['UNSUPPORTED_MEDIA_TYPE'], 'Not multipart, or the file is not an xlsx by content'),
  422: problemResponse(
    ['IMPORT_SCHEMA_INVALID', 'IMPORT_TOO_MANY_ROWS', 'IMPORT_FILE_UNSAFE', 'IMPORT_FILE_UNREADABLE'],
    'The workbook does not match the template, has too many rows, expands past the size caps (a sheet at ' +
      `most ${SHEET_BYTES_PER_ROW} bytes a row of the row cap, refused before inflating), or cannot be read`,
  ),
  503: problemResponse(
    ['UPLOADS_BUSY', 'DATABASE_UNAVAILABLE'],
    'Another upload is being checked (one at a time per process) and this one waited too long, or the ' +
      'database cannot be reached; retry after `Retry-After` seconds',
  ),
});

/** Uploads: at most 10 MB, one file in the form field `file`. */
export const MAX_UPLOAD_BYTES = 10 * 1024 * 1024;

export interface Upload {
  fileName: string | null;
  bytes: Buffer;
}

/** Lets the routes of one plugin receive `multipart/form-data` uploads under the shared limits. */
export async function registerUploads(app: FastifyInstance): Promise<void> {
  await app.register(multipart, {
    limits: { fileSize: MAX_UPLOAD_BYTES, files: 1, fields: 10, parts: 20, fieldSize: 1024 },
  });
}

const notMultipart = () =>
  new AppError(415, 'UNSUPPORTED_MEDIA_TYPE', 'Send the workbook as multipart/form-data, field `file`');

function uploadError(error: unknown): AppError {
  const code = (error as { code?: string }).code;
  if (code === 'FST_REQ_FILE_TOO_LARGE' || code === 'FST_PARTS_LIMIT' || code === 'FST_FILES_LIMIT') {
    return new AppError(413, 'PAYLOAD_TOO_LARGE', 'The file is over 10 MB');
  }
  if (code === 'FST_INVALID_MULTIPART_CONTENT_TYPE') return notMultipart();
  if (error instanceof AppError) return error;
  return validationFailed(`The upload could not be read: ${(error as Error).message}`);
}

/** Reads the one uploaded file (field `file`) into memory; over 10 MB is 413, not multipart 415. */
export async function receiveUpload(request: FastifyRequest): Promise<Upload> {
  if (!request.isMultipart()) throw notMultipart();
  let file: Awaited<ReturnType<typeof request.file>>;
  try {
    file = await request.file();
  } catch (error) {
    throw uploadError(error);
  }
  if (file?.fieldname !== 'file') throw validationFailed('Send the workbook in the form field `file`');
  try {
    return { fileName: file.filename || null, bytes: await file.toBuffer() };
  } catch (error) {
    throw uploadError(error);
  }
}

/** What the guarded xlsx reader refused, as the upload's synchronous answer. */
export function workbookRefusal(error: unknown): AppError {
  if (!(error instanceof XlsxError)) throw error;
  switch (error.reason) {
    case 'NOT_XLSX':
      return new AppError(
        415,
        'UNSUPPORTED_MEDIA_TYPE',
        'The file is not an xlsx workbook (its content decides, not its name)',
      );
    case 'TOO_MANY_ROWS':
      return new AppError(422, 'IMPORT_TOO_MANY_ROWS', error.message);
    case 'UNSAFE_ARCHIVE':
      return new AppError(422, 'IMPORT_FILE_UNSAFE', `The workbook was refused unread: ${error.message}`);
    default:
      return new AppError(422, 'IMPORT_FILE_UNREADABLE', `The workbook cannot be read: ${error.message}`);
  }
}
