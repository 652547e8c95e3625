import { sql } from 'drizzle-orm';
import { check, date, index, integer, pgTable, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';
import { users } from './identity.ts';
import { employees } from './org.ts';
import { businessUnits } from './platform.ts';

export const LEAVE_STATUSES = ['Pending', 'ManagerApproved', 'Approved', 'Rejected', 'Cancelled'] as const;
export type LeaveStatus = (typeof LEAVE_STATUSES)[number];

/** A leave request (no leave type, as the spec says) and its place in the two-step approval chain. */
export const leaveRequests = pgTable(
  'leave_requests',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    buId: uuid('bu_id')
      .notNull()
      .references(() => businessUnits.id),
    employeeId: uuid('employee_id')
      .notNull()
      .references(() => employees.id),
    fromDate: date('from_date').notNull(),
    toDate: date('to_date').notNull(),
    comment: text('comment'),
    status: text('status').$type<LeaveStatus>().notNull().default('Pending'),
    requestedBy: uuid('requested_by')
      .notNull()
      .references(() => users.id),
    version: integer('version').notNull().default(1),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('leave_requests_employee').on(t.buId, t.employeeId, t.fromDate),
    index('leave_requests_status').on(t.buId, t.status),
    check('leave_requests_dates', sql`${t.fromDate} <= ${t.toDate}`),
    check(
      'leave_requests_status_known',
      sql`${t.status} in ('Pending', 'ManagerApproved', 'Approved', 'Rejected', 'Cancelled')`,
    ),
  ],
);

/** One decided step of the chain; a step is decided once (the unique key settles concurrent decisions). */
export const leaveRequestSteps = pgTable(
  'leave_request_steps',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    buId: uuid('bu_id')
      .notNull()
      .references(() => businessUnits.id),
    requestId: uuid('request_id')
      .notNull()
      .references(() => leaveRequests.id),
    step: integer('step').notNull(),
    role: text('role').notNull(),
    decision: text('decision').notNull(),
    decidedBy: uuid('decided_by')
      .notNull()
      .references(() => users.id),
    decidedAt: timestamp('decided_at', { withTimezone: true }).notNull().defaultNow(),
    comment: text('comment'),
  },
  (t) => [
    unique('leave_request_steps_once').on(t.requestId, t.step),
    check('leave_request_steps_decision', sql`${t.decision} in ('Approved', 'Rejected')`),
  ],
);
