import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  unique,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './identity.ts';
import { employees, orgNodes } from './org.ts';
import { businessUnits } from './platform.ts';

/*
 * Reconciliation of the planned roster against attendance (DESIGN §12). Exceptions are computed per
 * business date and kept, because a validation is a decision that must survive the next recompute.
 */

export const RECONCILIATION_EXCEPTION_KINDS = [
  'NO_SHOW',
  'UNPLANNED_ATTENDANCE',
  'LATE_ARRIVAL',
  'EARLY_DEPARTURE',
  'WRONG_SHIFT',
] as const;
export const RECONCILIATION_RESOLUTIONS = ['JUSTIFIED', 'UNJUSTIFIED'] as const;
export const EXCEPTION_STATUSES = ['OPEN', 'VALIDATED'] as const;
export type ExceptionStatus = (typeof EXCEPTION_STATUSES)[number];

export const reconciliationExceptions = pgTable(
  'reconciliation_exceptions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    buId: uuid('bu_id')
      .notNull()
      .references(() => businessUnits.id),
    employeeId: uuid('employee_id')
      .notNull()
      .references(() => employees.id),
    /** The planned line's roster department; the employee's own for unplanned attendance. */
    departmentId: uuid('department_id').references(() => orgNodes.id),
    date: date('date').notNull(),
    kind: text('kind').notNull(),
    /** The planned shift, as published (null for unplanned attendance). */
    shiftTemplateId: uuid('shift_template_id'),
    shiftCode: text('shift_code'),
    terminalCode: text('terminal_code'),
    plannedStart: text('planned_start'),
    plannedEnd: text('planned_end'),
    /** First clock-in and last clock-out of the presence (segments joined across midnight). */
    timeIn: text('time_in'),
    timeOut: text('time_out'),
    /** Minutes late (LATE_ARRIVAL) or early (EARLY_DEPARTURE). */
    minutes: integer('minutes'),
    /** WRONG_SHIFT: the planned shift of that day the presence overlapped instead of the planned one. */
    workedShiftTemplateId: uuid('worked_shift_template_id'),
    workedShiftCode: text('worked_shift_code'),
    workedStart: text('worked_start'),
    workedEnd: text('worked_end'),
    status: text('status').$type<ExceptionStatus>().notNull().default('OPEN'),
    resolution: text('resolution'),
    comment: text('comment'),
    validatedBy: uuid('validated_by').references(() => users.id),
    validatedAt: timestamp('validated_at', { withTimezone: true }),
    detectedAt: timestamp('detected_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique('reconciliation_exceptions_key').on(t.buId, t.employeeId, t.date, t.kind),
    check(
      'reconciliation_exceptions_kind',
      sql`${t.kind} in ('NO_SHOW', 'UNPLANNED_ATTENDANCE', 'LATE_ARRIVAL', 'EARLY_DEPARTURE', 'WRONG_SHIFT')`,
    ),
    check('reconciliation_exceptions_status', sql`${t.status} in ('OPEN', 'VALIDATED')`),
    check('reconciliation_exceptions_validation', sql`(${t.status} = 'OPEN') = (${t.resolution} is null)`),
    index('reconciliation_exceptions_bu_date_idx').on(t.buId, t.date),
    index('reconciliation_exceptions_open_idx').on(t.buId, t.status, t.date),
  ],
);

/**
 * Whether a business date's exceptions are current: writers of its inputs (attendance of the date, the day
 * before or the day after, since segments join across midnight; a roster published over it) raise `input_version` by trigger; a recompute stores the version it
 * read first as `reconciled_version`, so a change committed meanwhile leaves the date stale, never lost.
 */
export const reconciliationDays = pgTable(
  'reconciliation_days',
  {
    buId: uuid('bu_id')
      .notNull()
      .references(() => businessUnits.id),
    date: date('date').notNull(),
    inputVersion: bigint('input_version', { mode: 'number' }).notNull().default(1),
    reconciledVersion: bigint('reconciled_version', { mode: 'number' }),
    /** The tolerance the exceptions were computed with: a changed setting makes the date stale. */
    toleranceMinutes: integer('tolerance_minutes'),
    reconciledAt: timestamp('reconciled_at', { withTimezone: true }),
  },
  (t) => [primaryKey({ columns: [t.buId, t.date] })],
);
