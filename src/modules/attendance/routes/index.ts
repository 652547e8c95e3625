import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { callerOf } from '../../../core/auth/guard.ts';
import { problemResponse } from '../../../core/http/openapi.ts';
import { PageQuery, pageSchema } from '../../../core/http/pagination.ts';
import {
  receiveUpload,
  registerUploads,
  sendWorkbook,
  uploadProblems,
  workbookResponse,
} from '../../../core/http/workbooks.ts';
import { depsOf, type ModuleContext } from '../../../core/module-context.ts';
import * as imports from '../import.ts';
import {
  AttendanceChange,
  AttendanceEdit,
  AttendanceListQuery,
  AttendanceRecord,
  AttendanceReview,
  IdParams,
  ImportCommit,
  ImportPreview,
  ImportResult,
  OwnAttendanceQuery,
  PendingReviewCount,
  ReviewDecision,
  ReviewListQuery,
} from '../schemas.ts';
import * as attendance from '../service.ts';

const tags = ['attendance'];
const review = { auth: 'attendance.review' } as const;
const closed = problemResponse(
  ['ATTENDANCE_REVIEW_CLOSED'],
  'The review was acknowledged or reverted already',
);
const listDescription =
  'Filters: `from`/`to` (dates, inclusive), `employeeId`, `departmentId`, `statusCode`; newest date first.';

/** Attendance (DESIGN §12): records, the admin edit and its review queue, and the spreadsheet import. */
export function attendanceRoutes(context: ModuleContext): FastifyPluginAsyncTypebox {
  const deps = depsOf(context);
  return async (app) => {
    await registerUploads(app);
    app.get(
      '/attendance/all',
      {
        config: { auth: 'attendance.view.all' },
        schema: {
          operationId: 'listAttendanceRecords',
          summary: 'Attendance records of the whole unit',
          description: listDescription,
          tags,
          querystring: AttendanceListQuery,
          response: { 200: pageSchema(AttendanceRecord) },
        },
      },
      async (request) => attendance.listAll(deps, callerOf(request), request.query),
    );
    app.get(
      '/attendance/scoped',
      {
        config: { auth: 'attendance.view.scoped' },
        schema: {
          operationId: 'listScopedAttendanceRecords',
          summary: "Attendance records of the employees of the caller's departments",
          description: `Scoped by the caller's \`attendance.view.scoped\` grants. ${listDescription}`,
          tags,
          querystring: AttendanceListQuery,
          response: { 200: pageSchema(AttendanceRecord) },
        },
      },
      async (request) => attendance.listScoped(deps, callerOf(request), request.query),
    );
    app.get(
      '/me/attendance',
      {
        config: { auth: 'attendance.view.own' },
        schema: {
          operationId: 'listOwnAttendance',
          summary: "The caller's own attendance records",
          description: 'An account without a linked employee has none (an empty page).',
          tags: ['me'],
          querystring: OwnAttendanceQuery,
          response: { 200: pageSchema(AttendanceRecord) },
        },
      },
      async (request) => attendance.listOwn(deps, callerOf(request), request.query),
    );
    app.get(
      '/attendance/:id',
      {
        config: { auth: 'attendance.view.all' },
        schema: {
          operationId: 'getAttendanceRecord',
          summary: 'An attendance record',
          tags,
          params: IdParams,
          response: { 200: AttendanceRecord },
        },
      },
      async (request) => attendance.getRecord(deps, callerOf(request), request.params.id),
    );
    app.get(
      '/attendance/:id/audit',
      {
        config: { auth: 'attendance.view.all' },
        schema: {
          operationId: 'listAttendanceRecordChanges',
          summary:
            "An attendance record's trail: every change with the values before and after, who and when",
          tags,
          params: IdParams,
          querystring: PageQuery,
          response: { 200: pageSchema(AttendanceChange) },
        },
      },
      async (request) => attendance.recordTrail(deps, callerOf(request), request.params.id, request.query),
    );
    app.put(
      '/admin/attendance/:id',
      {
        config: { auth: 'attendance.edit', versioned: true },
        schema: {
          operationId: 'editAttendanceRecord',
          summary: 'Edit a segment: applies at once and opens a pending review (or extends the pending one)',
          description:
            'The review keeps the values before the first edit; a second edit while it is pending extends it. ' +
            'An edit that changes nothing opens no review. Send `If-Match` with the version read. The other ' +
            'segments of the date are left as they are; times overlapping one of them are refused (409 ' +
            'SEGMENT_OVERLAP, `segments` lists them).',
          tags,
          params: IdParams,
          body: AttendanceEdit,
          response: {
            200: AttendanceRecord,
            409: problemResponse(
              ['SEGMENT_OVERLAP'],
              'The times overlap another segment of the same person and date',
            ),
            422: problemResponse([
              'TIME_OUT_CROSSES_MIDNIGHT',
              'TIME_OUT_WITHOUT_TIME_IN',
              'ATTENDANCE_STATUS_UNKNOWN',
            ]),
          },
        },
      },
      async (request) => attendance.editRecord(deps, callerOf(request), request.params.id, request.body),
    );
    app.get(
      '/admin/attendance/template',
      {
        config: { auth: 'attendance.import' },
        schema: {
          operationId: 'downloadAttendanceImportTemplate',
          summary:
            'The blank attendance workbook: sheet Attendance, a comment per column with the valid codes',
          tags,
          response: { 200: workbookResponse('The template workbook') },
        },
      },
      async (request, reply) =>
        sendWorkbook(
          reply,
          'attendance-import-template.xlsx',
          await imports.template(deps, callerOf(request)),
        ),
    );
    app.post(
      '/admin/attendance/import/preview',
      {
        config: { auth: 'attendance.import' },
        schema: {
          operationId: 'previewAttendanceImport',
          summary:
            'Check an attendance workbook (multipart/form-data, field `file`, at most 10 MB): a verdict per row and a previewId',
          description:
            'Nothing is written but the preview. Refused whole: over 10 MB (413), not an xlsx by content (415), ' +
            'sheet or headers unlike the template (422 IMPORT_SCHEMA_INVALID). Rejected rows carry their reasons, ' +
            'e.g. TIME_OUT_CROSSES_MIDNIGHT for a Time_Out earlier than the Time_In (a night is two rows: 22:00–24:00 ' +
            'and 00:00–06:00 the next date), DUPLICATE_ROW for two rows of one employee, date and Time_In, ' +
            'SEGMENT_OVERLAP for a row overlapping another row or a recorded segment of the same person and date. ' +
            'Commit within the hour.',
          tags,
          consumes: ['multipart/form-data'],
          response: {
            200: ImportPreview,
            ...uploadProblems(),
          },
        },
      },
      async (request) => imports.previewImport(deps, callerOf(request), await receiveUpload(request)),
    );
    app.post(
      '/admin/attendance/import/commit',
      {
        config: { auth: 'attendance.import' },
        schema: {
          operationId: 'commitAttendanceImport',
          summary: "Write a preview's valid rows in one transaction (upsert by employee, date and Time_In)",
          tags,
          body: ImportCommit,
          response: {
            200: ImportResult,
            404: problemResponse(['NOT_FOUND'], 'No such preview of the caller'),
            409: problemResponse(
              ['IMPORT_PREVIEW_COMMITTED', 'IMPORT_PREVIEW_EXPIRED', 'SEGMENT_OVERLAP'],
              'The preview was committed already, or is older than an hour, or attendance recorded since the ' +
                'preview overlaps its segments (`overlaps` lists them; nothing was written)',
            ),
          },
        },
      },
      async (request) => imports.commitImport(deps, callerOf(request), request.body.previewId),
    );
    app.get(
      '/admin/attendance/pending-reviews',
      {
        config: review,
        schema: {
          operationId: 'listPendingAttendanceReviews',
          summary: 'Admin edits waiting for review, the oldest first',
          tags,
          querystring: ReviewListQuery,
          response: { 200: pageSchema(AttendanceReview) },
        },
      },
      async (request) => attendance.listPendingReviews(deps, callerOf(request), request.query),
    );
    app.get(
      '/admin/attendance/pending-reviews/count',
      {
        config: review,
        schema: {
          operationId: 'countPendingAttendanceReviews',
          summary: 'How many admin edits wait for review (cheap: clients poll it every 30 seconds)',
          tags,
          response: { 200: PendingReviewCount },
        },
      },
      async (request) => attendance.countPendingReviews(deps, callerOf(request)),
    );
    app.post(
      '/admin/attendance/pending-reviews/:id/acknowledge',
      {
        config: review,
        schema: {
          operationId: 'acknowledgeAttendanceReview',
          summary: 'Accept the edit as it stands and close the review',
          tags,
          params: IdParams,
          body: ReviewDecision,
          response: {
            200: AttendanceReview,
            409: closed,
            422: problemResponse(['OWN_ATTENDANCE_EDIT'], 'Nobody acknowledges an edit of their own'),
          },
        },
      },
      async (request) =>
        attendance.acknowledgeReview(deps, callerOf(request), request.params.id, request.body),
    );
    app.post(
      '/admin/attendance/pending-reviews/:id/revert',
      {
        config: review,
        schema: {
          operationId: 'revertAttendanceReview',
          summary: 'Restore the values from before the edit and close the review',
          tags,
          params: IdParams,
          body: ReviewDecision,
          response: {
            200: AttendanceReview,
            409: problemResponse(
              [
                'ATTENDANCE_REVIEW_CLOSED',
                'ATTENDANCE_RECORD_CHANGED',
                'ATTENDANCE_STATUS_UNKNOWN',
                'SEGMENT_OVERLAP',
              ],
              'The review is closed already, or the record changed since the edit, or the values it would ' +
                'restore overlap another segment of the date',
            ),
          },
        },
      },
      async (request) => attendance.revertReview(deps, callerOf(request), request.params.id, request.body),
    );
  };
}
