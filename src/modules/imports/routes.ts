import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import type { FastifyReply } from 'fastify';
import { callerOf } from '../../core/auth/guard.ts';
import { SUPER_ADMIN_ROLE } from '../../core/auth/role-matrix.ts';
import { AppError, validationFailed } from '../../core/http/errors.ts';
import { problemResponse } from '../../core/http/openapi.ts';
import { pageSchema } from '../../core/http/pagination.ts';
import type { ModuleContext } from '../../core/module-context.ts';
import { IdParams, ImportJob, ImportJobCreated, JobListQuery } from './schemas.ts';
import * as imports from './service.ts';

const tags = ['imports'];
const run = { auth: 'imports.run' } as const;
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

const workbookResponse = (description: string) =>
  Type.Unsafe<Buffer>({ type: 'string', format: 'binary', description: `${description} (${XLSX})` });

const sendWorkbook = (reply: FastifyReply, name: string, bytes: Buffer) =>
  reply.type(XLSX).header('content-disposition', `attachment; filename="${name}"`).send(bytes);

/** The employee import (DESIGN §8): the only write path for people and their skills. */
export function importRoutes(context: ModuleContext): FastifyPluginAsyncTypebox {
  const deps = { db: context.database.db, now: context.now, wake: () => context.jobs.wake() };
  return async (app) => {
    await app.register(multipart, {
      limits: { fileSize: imports.MAX_UPLOAD_BYTES, files: 1, fields: 10, parts: 20, fieldSize: 1024 },
    });
    app.post(
      '/imports/employees',
      {
        config: run,
        schema: {
          operationId: 'importEmployees',
          summary:
            'Upload an employee workbook (multipart/form-data, field `file`, at most 10 MB); checks it and queues the import',
          description:
            'Refused before any job: over 10 MB (413), not an xlsx by content (415), sheets or headers that do not ' +
            'match the template (422 IMPORT_SCHEMA_INVALID, `errors` lists each). The same content uploaded in the ' +
            "last 24 hours is accepted with `warning: 'DUPLICATE_FILE'` and the earlier job's id.",
          tags,
          consumes: ['multipart/form-data'],
          response: {
            201: ImportJobCreated,
            413: problemResponse(['PAYLOAD_TOO_LARGE'], 'The file is over 10 MB'),
            415: problemResponse(
              ['UNSUPPORTED_MEDIA_TYPE'],
              'Not multipart, or the file is not an xlsx by content',
            ),
            422: problemResponse([
              'IMPORT_SCHEMA_INVALID',
              'IMPORT_TOO_MANY_ROWS',
              'IMPORT_FILE_UNSAFE',
              'IMPORT_FILE_UNREADABLE',
            ]),
          },
        },
      },
      async (request, reply) => {
        if (!request.isMultipart()) {
          throw new AppError(
            415,
            'UNSUPPORTED_MEDIA_TYPE',
            'Send the workbook as multipart/form-data, field `file`',
          );
        }
        let file: Awaited<ReturnType<typeof request.file>>;
        try {
          file = await request.file();
        } catch (error) {
          throw uploadError(error);
        }
        if (file?.fieldname !== 'file') throw validationFailed('Send the workbook in the form field `file`');
        let bytes: Buffer;
        try {
          bytes = await file.toBuffer();
        } catch (error) {
          throw uploadError(error);
        }
        const created = await imports.startImport(deps, callerOf(request), {
          fileName: file.filename || null,
          bytes,
        });
        reply.code(201).header('location', `/api/imports/jobs/${created.job.id}`);
        return created;
      },
    );
    app.get(
      '/imports/template',
      {
        config: run,
        schema: {
          operationId: 'downloadImportTemplate',
          summary:
            'The blank import workbook: sheets Employees and EmployeeSkills, a comment per column with valid codes',
          tags,
          response: { 200: workbookResponse('The template workbook') },
        },
      },
      async (request, reply) =>
        sendWorkbook(reply, 'employee-import-template.xlsx', await imports.template(deps, callerOf(request))),
    );
    app.get(
      '/imports/export-current',
      {
        config: run,
        schema: {
          operationId: 'exportCurrentEmployees',
          summary: "Today's employees and skills in the template's format (re-importing it changes nothing)",
          tags,
          response: { 200: workbookResponse('The current data') },
        },
      },
      async (request, reply) =>
        sendWorkbook(reply, 'employees-current.xlsx', await imports.exportCurrent(deps, callerOf(request))),
    );
    app.get(
      '/imports/jobs',
      {
        config: run,
        schema: {
          operationId: 'listImportJobs',
          summary: 'Import jobs of the unit, newest first',
          tags,
          querystring: JobListQuery,
          response: { 200: pageSchema(ImportJob) },
        },
      },
      async (request) => imports.listJobs(deps, callerOf(request), request.query),
    );
    app.get(
      '/imports/jobs/:id',
      {
        config: run,
        schema: {
          operationId: 'getImportJob',
          summary: 'An import job with its progress (rowsTotal, rowsDone, rowsFailed, rowsChanged)',
          tags,
          params: IdParams,
          response: { 200: ImportJob },
        },
      },
      async (request) => imports.getJob(deps, callerOf(request), request.params.id),
    );
    app.get(
      '/imports/jobs/:id/error-report',
      {
        config: run,
        schema: {
          operationId: 'downloadImportErrorReport',
          summary: 'The failed rows of a job as xlsx: row number, sheet, column, value and reason',
          tags,
          params: IdParams,
          response: { 200: workbookResponse('The error report') },
        },
      },
      async (request, reply) =>
        sendWorkbook(
          reply,
          `import-${request.params.id}-errors.xlsx`,
          await imports.errorReport(deps, callerOf(request), request.params.id),
        ),
    );
    app.delete(
      '/imports/jobs/:id',
      {
        config: { auth: 'imports.view_history', role: SUPER_ADMIN_ROLE },
        schema: {
          operationId: 'cancelImportJob',
          summary:
            'Cancel a job (SYS_ADMIN role plus imports.view_history): a queued job at once, a running one between rows',
          tags,
          params: IdParams,
          response: { 200: ImportJob, 409: problemResponse(['IMPORT_JOB_FINISHED']) },
        },
      },
      async (request) => imports.cancelJob(deps, callerOf(request), request.params.id),
    );
  };
}

function uploadError(error: unknown): AppError {
  const code = (error as { code?: string }).code;
  if (code === 'FST_REQ_FILE_TOO_LARGE' || code === 'FST_PARTS_LIMIT' || code === 'FST_FILES_LIMIT') {
    return new AppError(413, 'PAYLOAD_TOO_LARGE', 'The file is over 10 MB');
  }
  if (code === 'FST_INVALID_MULTIPART_CONTENT_TYPE') {
    return new AppError(
      415,
      'UNSUPPORTED_MEDIA_TYPE',
      'Send the workbook as multipart/form-data, field `file`',
    );
  }
  if (error instanceof AppError) return error;
  return validationFailed(`The upload could not be read: ${(error as Error).message}`);
}
