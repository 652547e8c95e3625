import { sql } from 'drizzle-orm';
import {
  check,
  date,
  index,
  integer,
  numeric,
  pgTable,
  pgView,
  smallint,
  text,
  timestamp,
  unique,
  uuid,
} from 'drizzle-orm/pg-core';
import { allocationRuns } from './allocation.ts';
import { demandPlans } from './demand.ts';
import { users } from './identity.ts';
import { employees, orgNodes } from './org.ts';
import { businessUnits } from './platform.ts';

/*
 * Published rosters (DESIGN §10): a header and its lines, written once and never changed (triggers refuse
 * UPDATE and DELETE, migration `published_rosters_immutable`). Approval lives beside them in
 * `roster_approvals`, never in the snapshot.
 */

/** Status values of a published roster; `Approved` (3) is defined and never set (approval is beside it). */
export const PUBLISHED_ROSTER_STATUS = { Published: 2, Approved: 3 } as const;

export const publishedRosters = pgTable(
  'published_rosters',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    buId: uuid('bu_id')
      .notNull()
      .references(() => businessUnits.id),
    runId: uuid('run_id')
      .notNull()
      .references(() => allocationRuns.id),
    planId: uuid('plan_id')
      .notNull()
      .references(() => demandPlans.id),
    departmentId: uuid('department_id')
      .notNull()
      .references(() => orgNodes.id),
    periodFrom: date('period_from').notNull(),
    periodTo: date('period_to').notNull(),
    version: integer('version').notNull(),
    status: smallint('status').notNull().default(2),
    reason: text('reason'),
    supersedesId: uuid('supersedes_id'),
    lineCount: integer('line_count').notNull(),
    /** Heads the plan's lines require in the period, and how many of them the version staffs. */
    requiredHeads: integer('required_heads').notNull().default(0),
    coveredHeads: integer('covered_heads').notNull().default(0),
    publishedBy: uuid('published_by')
      .notNull()
      .references(() => users.id),
    publishedAt: timestamp('published_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique('published_rosters_run_version').on(t.runId, t.version),
    check('published_rosters_status', sql`${t.status} in (2, 3)`),
    index('published_rosters_bu_period_idx').on(t.buId, t.periodFrom, t.periodTo),
  ],
);

/** One line per live assignment at publishing, with names and times as they were then. */
export const publishedRosterLines = pgTable(
  'published_roster_lines',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    rosterId: uuid('roster_id')
      .notNull()
      .references(() => publishedRosters.id),
    employeeId: uuid('employee_id')
      .notNull()
      .references(() => employees.id),
    employeeNumber: text('employee_number').notNull(),
    nameEn: text('name_en').notNull(),
    nameAr: text('name_ar').notNull(),
    date: date('date').notNull(),
    shiftTemplateId: uuid('shift_template_id').notNull(),
    shiftCode: text('shift_code').notNull(),
    shiftNameEn: text('shift_name_en').notNull(),
    shiftNameAr: text('shift_name_ar'),
    startTime: text('start_time').notNull(),
    endTime: text('end_time').notNull(),
    paidHours: numeric('paid_hours', { precision: 5, scale: 2, mode: 'number' }).notNull(),
    terminalId: uuid('terminal_id').notNull(),
    terminalCode: text('terminal_code').notNull(),
    terminalNameEn: text('terminal_name_en').notNull(),
    terminalNameAr: text('terminal_name_ar'),
    skillCode: text('skill_code'),
    /** The live assignment it was copied from (which may be gone since). */
    assignmentId: uuid('assignment_id').notNull(),
  },
  (t) => [
    index('published_roster_lines_roster_idx').on(t.rosterId, t.date),
    index('published_roster_lines_employee_idx').on(t.employeeId, t.date),
  ],
);

export const ROSTER_APPROVAL_STATUSES = ['Pending', 'Approved', 'Rejected', 'Superseded'] as const;
export type RosterApprovalStatus = (typeof ROSTER_APPROVAL_STATUSES)[number];

export const rosterApprovals = pgTable(
  'roster_approvals',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    buId: uuid('bu_id')
      .notNull()
      .references(() => businessUnits.id),
    rosterId: uuid('roster_id')
      .notNull()
      .unique('roster_approvals_roster')
      .references(() => publishedRosters.id),
    departmentId: uuid('department_id')
      .notNull()
      .references(() => orgNodes.id),
    status: text('status').$type<RosterApprovalStatus>().notNull().default('Pending'),
    decidedBy: uuid('decided_by').references(() => users.id),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    comment: text('comment'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('roster_approvals_status', sql`${t.status} in ('Pending', 'Approved', 'Rejected', 'Superseded')`),
    index('roster_approvals_pending_idx').on(t.buId, t.status),
  ],
);

/** The versions that stand (migration `roster_coverage`): not rejected, nor replaced by a later one that is not. */
export const standingRosters = pgView('standing_rosters', {
  id: uuid('id').notNull(),
  buId: uuid('bu_id').notNull(),
  runId: uuid('run_id').notNull(),
  departmentId: uuid('department_id').notNull(),
  periodFrom: date('period_from').notNull(),
  periodTo: date('period_to').notNull(),
  version: integer('version').notNull(),
}).existing();

/**
 * The planned roster (migration `roster_coverage`): the lines of standing versions that no later-published
 * standing version of their department covers. Own rosters, reports and reconciliation all read it.
 */
export const plannedRosterLines = pgView('planned_roster_lines', {
  id: uuid('id').notNull(),
  rosterId: uuid('roster_id').notNull(),
  employeeId: uuid('employee_id').notNull(),
  employeeNumber: text('employee_number').notNull(),
  nameEn: text('name_en').notNull(),
  nameAr: text('name_ar').notNull(),
  date: date('date').notNull(),
  shiftTemplateId: uuid('shift_template_id').notNull(),
  shiftCode: text('shift_code').notNull(),
  shiftNameEn: text('shift_name_en').notNull(),
  shiftNameAr: text('shift_name_ar'),
  startTime: text('start_time').notNull(),
  endTime: text('end_time').notNull(),
  paidHours: numeric('paid_hours', { precision: 5, scale: 2, mode: 'number' }).notNull(),
  terminalId: uuid('terminal_id').notNull(),
  terminalCode: text('terminal_code').notNull(),
  terminalNameEn: text('terminal_name_en').notNull(),
  terminalNameAr: text('terminal_name_ar'),
  skillCode: text('skill_code'),
  assignmentId: uuid('assignment_id').notNull(),
  buId: uuid('bu_id').notNull(),
  departmentId: uuid('department_id').notNull(),
  runId: uuid('run_id').notNull(),
  rosterVersion: integer('roster_version').notNull(),
}).existing();
