import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { callerOf } from '../../../core/auth/guard.ts';
import { SUPER_ADMIN_ROLE } from '../../../core/auth/role-matrix.ts';
import { problemResponse } from '../../../core/http/openapi.ts';
import { pageSchema } from '../../../core/http/pagination.ts';
import {
  receiveUpload,
  registerUploads,
  sendWorkbook,
  uploadProblems,
  workbookResponse,
} from '../../../core/http/workbooks.ts';
import { depsOf, type ModuleContext } from '../../../core/module-context.ts';
import { IdParams, ImportJob, ImportJobCreated, JobListQuery } from '../schemas.ts';
import * as imports from '../service.ts';

const tags = ['imports'];
const run = { auth: 'imports.run' } as const;

/** The employee import (DESIGN §8): the only write path for people and their skills; certifications too (issue 40). */
export function importRoutes(context: ModuleContext): FastifyPluginAsyncTypebox {
  const deps = { ...depsOf(context), wake: () => context.jobs.wake() };
  return async (app) => {
    await registerUploads(app);
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
            'match the template, the optional OrgNodes and EmployeeCertifications sheets included when present (422 IMPORT_SCHEMA_INVALID, ' +
            '`errors` lists each). Rows are applied in batches; a row the database refuses fails alone. The same content uploaded in the ' +
            "last 24 hours is accepted with `warning: 'DUPLICATE_FILE'` and the earlier job's id.",
          tags,
          consumes: ['multipart/form-data'],
          response: {
            201: ImportJobCreated,
            ...uploadProblems(),
          },
        },
      },
      async (request, reply) => {
        const upload = await receiveUpload(request);
        const created = await imports.startImport(deps, callerOf(request), upload);
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
            'The blank import workbook: sheets Employees, EmployeeSkills and the optional EmployeeCertifications and OrgNodes, a comment per column with valid codes',
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
          summary:
            "Today's employees, skills, certifications (for a holder of certifications.manage) and organisation nodes (for a unit-wide caller) in the template's format (re-importing it changes nothing)",
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
          summary:
            'The failed rows of a job as xlsx: row number, employee number (blank on OrgNodes), sheet, column, value and reason',
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
            'Cancel a job (SYS_ADMIN role plus imports.view_history): a queued job at once, a running one between batches',
          tags,
          params: IdParams,
          response: { 200: ImportJob, 409: problemResponse(['IMPORT_JOB_FINISHED']) },
        },
      },
      async (request) => imports.cancelJob(deps, callerOf(request), request.params.id),
    );
  };
}
