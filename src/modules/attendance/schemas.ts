import { type Static, type TSchema, Type } from '@sinclair/typebox';
import { named } from '../../core/http/openapi-names.ts';
import { PageQuery } from '../../core/http/pagination.ts';
import { EmployeeInDepartment } from '../people/schemas.ts';

const Uuid = Type.String({ format: 'uuid' });
const Nullable = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()]);
const BusinessDate = Type.String({ format: 'date', description: 'YYYY-MM-DD' });
const Instant = Type.String({ format: 'date-time' });
const TimeOfDay = Type.String({ pattern: '^([01][0-9]|2[0-3]):[0-5][0-9]$', description: 'HH:mm' });
/** A clock-out: `HH:mm` on the record's date, or `24:00` for a segment that runs to midnight. */
const ClockOut = Type.String({
  pattern: '^(([01][0-9]|2[0-3]):[0-5][0-9]|24:00)$',
  description: 'HH:mm on the same date; 24:00 ends the segment at midnight',
});
const StatusCode = Type.String({ minLength: 1, maxLength: 64, description: 'Attendance status code' });

export const IdParams = Type.Object({ id: Uuid });

export const RECORD_SOURCES = ['import', 'edit'] as const;
export const REVIEW_STATUSES = ['Pending', 'Acknowledged', 'Reverted'] as const;
export const CHANGE_ACTIONS = ['import', 'edit', 'revert'] as const;

/** The values an edit changes and a revert restores. */
export const AttendanceValues = named(
  'AttendanceValues',
  Type.Object(
    {
      Time_In: Nullable(TimeOfDay),
      Time_Out: Nullable(ClockOut),
      statusCode: Type.String(),
      source: Type.Union(RECORD_SOURCES.map((source) => Type.Literal(source))),
    },
    { description: 'Values of a record: what an edit changes and a revert restores' },
  ),
);
export type AttendanceValues = Static<typeof AttendanceValues>;

const Person = Type.Object({ id: Nullable(Uuid), username: Nullable(Type.String()) });

export const AttendanceRecord = Type.Object(
  {
    id: Uuid,
    employee: EmployeeInDepartment,
    date: BusinessDate,
    Time_In: Nullable(TimeOfDay),
    Time_Out: Nullable(ClockOut),
    statusCode: Type.String(),
    source: Type.Union(
      RECORD_SOURCES.map((source) => Type.Literal(source)),
      {
        description: 'How the values got there: a spreadsheet import or an admin edit',
      },
    ),
    pendingReviewId: Type.Union([Uuid, Type.Null()], {
      description: 'The pending review an admin edit of this record opened, if any',
    }),
    version: Type.Integer(),
    createdAt: Instant,
    updatedAt: Instant,
  },
  {
    $id: 'AttendanceRecord',
    description:
      'A segment of presence: keyed by employee, date and `Time_In`, several a date (a night is two segments, ' +
      '22:00–24:00 and 00:00–06:00 on the next date); segments of one person do not overlap. A record without ' +
      '`Time_In` is a status for the whole date (e.g. ABSENT).',
  },
);
export type AttendanceRecord = Static<typeof AttendanceRecord>;

export const AttendanceListQuery = Type.Object({
  ...PageQuery.properties,
  from: Type.Optional({ ...BusinessDate, description: 'Records on or after this date' }),
  to: Type.Optional({ ...BusinessDate, description: 'Records on or before this date' }),
  employeeId: Type.Optional(Uuid),
  departmentId: Type.Optional(Uuid),
  statusCode: Type.Optional(StatusCode),
});
export type AttendanceListQuery = Static<typeof AttendanceListQuery>;

export const OwnAttendanceQuery = Type.Object({
  ...PageQuery.properties,
  from: AttendanceListQuery.properties.from,
  to: AttendanceListQuery.properties.to,
  statusCode: AttendanceListQuery.properties.statusCode,
});
export type OwnAttendanceQuery = Static<typeof OwnAttendanceQuery>;

export const AttendanceChange = Type.Object(
  {
    id: Uuid,
    segment: Type.Object(
      {
        recordId: Uuid,
        employeeId: Uuid,
        date: BusinessDate,
        Time_In: Type.Union([TimeOfDay, Type.Null()], {
          description: "The segment's key after the change (its Time_In)",
        }),
      },
      { description: 'The segment the change belongs to: employee, date and Time_In' },
    ),
    at: Instant,
    action: Type.Union(CHANGE_ACTIONS.map((action) => Type.Literal(action))),
    by: Person,
    before: Type.Union([AttendanceValues, Type.Null()], {
      description: 'Null when the change created the record',
    }),
    after: AttendanceValues,
    reviewId: Nullable(Uuid),
    importId: Nullable(Uuid),
  },
  { $id: 'AttendanceChange' },
);
export type AttendanceChange = Static<typeof AttendanceChange>;

export const AttendanceEdit = Type.Object(
  {
    Time_In: Nullable(TimeOfDay),
    Time_Out: Nullable(ClockOut),
    statusCode: StatusCode,
    reason: Type.Optional(
      Nullable(Type.String({ maxLength: 1000, description: 'Why the record is edited' })),
    ),
  },
  { $id: 'AttendanceEdit', additionalProperties: false },
);
export type AttendanceEdit = Static<typeof AttendanceEdit>;

export const AttendanceReview = Type.Object(
  {
    id: Uuid,
    status: Type.Union(REVIEW_STATUSES.map((status) => Type.Literal(status))),
    record: AttendanceRecord,
    before: AttendanceValues,
    after: AttendanceValues,
    edits: Type.Integer({ description: 'Edits this review covers (a second edit extends a pending review)' }),
    reason: Nullable(Type.String()),
    firstEditedBy: Person,
    firstEditedAt: Instant,
    lastEditedBy: Person,
    lastEditedAt: Instant,
    closedBy: Type.Union([Person, Type.Null()]),
    closedAt: Nullable(Instant),
    comment: Nullable(Type.String()),
    version: Type.Integer(),
  },
  {
    $id: 'AttendanceReview',
    description:
      'An admin edit waiting for review: `before` holds the values before the first edit, `after` those the ' +
      'latest edit left; `record` is the record as it is now.',
  },
);
export type AttendanceReview = Static<typeof AttendanceReview>;

export const ReviewListQuery = Type.Object({
  ...PageQuery.properties,
  from: AttendanceListQuery.properties.from,
  to: AttendanceListQuery.properties.to,
  employeeId: Type.Optional(Uuid),
  departmentId: Type.Optional(Uuid),
});
export type ReviewListQuery = Static<typeof ReviewListQuery>;

export const PendingReviewCount = Type.Object(
  { count: Type.Integer({ description: "Pending reviews in the caller's scope" }) },
  { $id: 'PendingAttendanceReviewCount' },
);

export const ReviewDecision = Type.Object(
  { comment: Type.Optional(Nullable(Type.String({ maxLength: 1000 }))) },
  { $id: 'AttendanceReviewDecision', additionalProperties: false },
);
export type ReviewDecision = Static<typeof ReviewDecision>;

export const ROW_VERDICTS = ['new', 'changed', 'unchanged', 'rejected'] as const;

export const ImportRowVerdict = Type.Object(
  {
    rowNumber: Type.Integer({ description: 'Row of the sheet (the header is row 1)' }),
    employeeNumber: Type.String(),
    date: Nullable(BusinessDate),
    Time_In: Nullable(TimeOfDay),
    Time_Out: Nullable(ClockOut),
    statusCode: Nullable(Type.String()),
    verdict: Type.Union(
      ROW_VERDICTS.map((verdict) => Type.Literal(verdict)),
      {
        description:
          'What the commit will do with the row: add a record, change one, nothing, or reject the row',
      },
    ),
    errors: Type.Array(Type.Object({ column: Type.String(), code: Type.String(), message: Type.String() })),
    before: Type.Union(
      [
        Type.Object({
          Time_In: Nullable(TimeOfDay),
          Time_Out: Nullable(ClockOut),
          statusCode: Type.String(),
        }),
        Type.Null(),
      ],
      {
        description:
          'The recorded segment the row replaces (changed and unchanged rows), so the change reads as before ' +
          'and after; null for new and rejected rows',
      },
    ),
  },
  { $id: 'AttendanceImportRow' },
);
export type ImportRowVerdict = Static<typeof ImportRowVerdict>;

const ImportCounts = {
  rows: Type.Integer(),
  new: Type.Integer(),
  changed: Type.Integer(),
  unchanged: Type.Integer(),
  rejected: Type.Integer(),
};

export const ImportPreview = Type.Object(
  {
    previewId: Uuid,
    expiresAt: { ...Instant, description: 'Commit before this instant (an hour after the preview)' },
    fileName: Nullable(Type.String()),
    sha256: Type.String(),
    summary: Type.Object(ImportCounts),
    rows: Type.Array(ImportRowVerdict),
  },
  { $id: 'AttendanceImportPreview' },
);
export type ImportPreview = Static<typeof ImportPreview>;

export const ImportCommit = Type.Object(
  { previewId: Uuid },
  { $id: 'AttendanceImportCommit', additionalProperties: false },
);
export type ImportCommit = Static<typeof ImportCommit>;

export const ImportResult = Type.Object(
  {
    previewId: Uuid,
    committedAt: Instant,
    inserted: Type.Integer(),
    updated: Type.Integer(),
    unchanged: Type.Integer(),
    rejected: Type.Integer({ description: 'Rows of the file the preview rejected (not written)' }),
  },
  { $id: 'AttendanceImportResult' },
);
export type ImportResult = Static<typeof ImportResult>;
