import { sql } from 'drizzle-orm';
import {
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  time,
  timestamp,
  unique,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './identity.ts';
import { employees } from './org.ts';
import { businessUnits } from './platform.ts';
import { attendanceStatuses } from './reference.ts';

/**
 * What an employee actually did on a business date (DESIGN §12): a segment of presence, keyed by employee,
 * date and `time_in` (a record without `time_in`, a status for the day such as ABSENT, is the one key with
 * no time: nulls are not distinct). A night is two segments, so back-to-back nights put two on one date.
 * A `time_out` earlier than `time_in` would cross midnight, which the import refuses; the check keeps it so
 * (`24:00` ends a segment at the end of its date). Segments of one person that overlap are refused by the
 * service (attendance/segments.ts), which takes the unit's attendance lock to check them.
 */
export const attendanceRecords = pgTable(
  'attendance_records',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    buId: uuid('bu_id')
      .notNull()
      .references(() => businessUnits.id),
    employeeId: uuid('employee_id')
      .notNull()
      .references(() => employees.id),
    date: date('date').notNull(),
    timeIn: time('time_in'),
    timeOut: time('time_out'),
    statusId: uuid('status_id')
      .notNull()
      .references(() => attendanceStatuses.id),
    /** How the values got there: `import` or `edit` (an admin edit). */
    source: text('source').notNull(),
    version: integer('version').notNull().default(1),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique('attendance_records_segment').on(t.buId, t.employeeId, t.date, t.timeIn).nullsNotDistinct(),
    index('attendance_records_bu_date').on(t.buId, t.date),
    check('attendance_records_source', sql`${t.source} in ('import', 'edit')`),
    check(
      'attendance_records_times',
      sql`${t.timeOut} is null or (${t.timeIn} is not null and ${t.timeOut} >= ${t.timeIn})`,
    ),
  ],
);

/**
 * Every change of a record, with the values before and after, who and when: the record's audit trail.
 * Append-only (a trigger refuses UPDATE and DELETE, see the attendance history migration).
 */
export const attendanceRecordChanges = pgTable(
  'attendance_record_changes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    buId: uuid('bu_id')
      .notNull()
      .references(() => businessUnits.id),
    recordId: uuid('record_id')
      .notNull()
      .references(() => attendanceRecords.id),
    at: timestamp('at', { withTimezone: true }).notNull(),
    actorUserId: uuid('actor_user_id').references(() => users.id),
    actorUsername: text('actor_username'),
    /** `import`, `edit` or `revert`. */
    action: text('action').notNull(),
    /** `{ Time_In, Time_Out, statusCode, source }`; null when the change created the record. */
    before: jsonb('before'),
    after: jsonb('after').notNull(),
    reviewId: uuid('review_id'),
    importId: uuid('import_id'),
  },
  (t) => [
    index('attendance_record_changes_record').on(t.recordId, t.at),
    check('attendance_record_changes_action', sql`${t.action} in ('import', 'edit', 'revert')`),
  ],
);

export const ATTENDANCE_REVIEW_STATUSES = ['Pending', 'Acknowledged', 'Reverted'] as const;
export type AttendanceReviewStatus = (typeof ATTENDANCE_REVIEW_STATUSES)[number];

/**
 * The review an admin edit opens: the values before the first edit and after the latest one. At most one
 * review of a record is Pending (the partial unique index): a second edit extends it.
 */
export const attendanceReviews = pgTable(
  'attendance_reviews',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    buId: uuid('bu_id')
      .notNull()
      .references(() => businessUnits.id),
    recordId: uuid('record_id')
      .notNull()
      .references(() => attendanceRecords.id),
    status: text('status').$type<AttendanceReviewStatus>().notNull().default('Pending'),
    before: jsonb('before').notNull(),
    after: jsonb('after').notNull(),
    /** The record's version the latest edit left: a revert refuses a record changed since. */
    afterVersion: integer('after_version').notNull(),
    edits: integer('edits').notNull().default(1),
    reason: text('reason'),
    editorIds: uuid('editor_ids').array().notNull(),
    firstEditedBy: uuid('first_edited_by')
      .notNull()
      .references(() => users.id),
    firstEditedAt: timestamp('first_edited_at', { withTimezone: true }).notNull(),
    lastEditedBy: uuid('last_edited_by')
      .notNull()
      .references(() => users.id),
    lastEditedAt: timestamp('last_edited_at', { withTimezone: true }).notNull(),
    closedBy: uuid('closed_by').references(() => users.id),
    closedAt: timestamp('closed_at', { withTimezone: true }),
    comment: text('comment'),
    version: integer('version').notNull().default(1),
  },
  (t) => [
    uniqueIndex('attendance_reviews_one_pending').on(t.recordId).where(sql`${t.status} = 'Pending'`),
    index('attendance_reviews_pending').on(t.buId, t.firstEditedAt).where(sql`${t.status} = 'Pending'`),
    check('attendance_reviews_status', sql`${t.status} in ('Pending', 'Acknowledged', 'Reverted')`),
  ],
);

/**
 * A checked attendance workbook waiting for its commit: the valid rows, resolved to ids. It lives in the
 * database so that any process can commit it and a restart loses nothing; it expires after an hour.
 */
export const attendanceImports = pgTable(
  'attendance_imports',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    buId: uuid('bu_id')
      .notNull()
      .references(() => businessUnits.id),
    createdBy: uuid('created_by')
      .notNull()
      .references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    fileName: text('file_name'),
    sha256: text('sha256').notNull(),
    rowsTotal: integer('rows_total').notNull(),
    rowsRejected: integer('rows_rejected').notNull(),
    /** `[{ e: employeeId, d: date, i: timeIn, o: timeOut, s: statusId }]`, the valid rows. */
    validRows: jsonb('valid_rows').notNull(),
    committedAt: timestamp('committed_at', { withTimezone: true }),
    committedBy: uuid('committed_by').references(() => users.id),
    /** `{ inserted, updated, unchanged }` once committed. */
    result: jsonb('result'),
  },
  (t) => [index('attendance_imports_bu_created').on(t.buId, t.createdAt)],
);
