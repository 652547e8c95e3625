import { sql } from 'drizzle-orm';
import {
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  unique,
  uuid,
} from 'drizzle-orm/pg-core';
import { bytea } from './columns.ts';
import { demandLines, demandPlans, poolLendingRules } from './demand.ts';
import { users } from './identity.ts';
import { employees, orgNodes } from './org.ts';
import { businessUnits } from './platform.ts';
import { shiftTemplates, skills, terminals } from './reference.ts';

/*
 * Allocation runs and the live roster (DESIGN §9). A run keeps the engine's instance and result it
 * produced, gzip-compressed, so that candidates and reasons can always be explained and the run reproduced.
 */

export const ALLOCATION_RUN_STATUSES = [
  'Draft',
  'Executing',
  'Executed',
  'Reviewed',
  'Locked',
  'Archived',
] as const;
export type AllocationRunStatus = (typeof ALLOCATION_RUN_STATUSES)[number];

export const allocationRuns = pgTable(
  'allocation_runs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    buId: uuid('bu_id')
      .notNull()
      .references(() => businessUnits.id),
    /** Archived runs go with their plan; a plan that other runs use cannot be deleted (the service says so). */
    planId: uuid('plan_id')
      .notNull()
      .references(() => demandPlans.id, { onDelete: 'cascade' }),
    departmentId: uuid('department_id')
      .notNull()
      .references(() => orgNodes.id),
    periodFrom: date('period_from').notNull(),
    periodTo: date('period_to').notNull(),
    status: text('status').$type<AllocationRunStatus>().notNull().default('Draft'),
    options: jsonb('options').notNull().default({}),
    /** While `Executing`: the job that executes it, the state it came from, and how far it got. */
    executionJobId: uuid('execution_job_id'),
    executionFrom: text('execution_from'),
    progress: jsonb('progress'),
    /** The last execution that ended without a result (the engine failed, or its process died too often). */
    lastFailure: jsonb('last_failure'),
    instance: bytea('instance'),
    result: bytea('result'),
    /** What the detail answers without unpacking the result: coverage, unfilled lines, fairness, timing. */
    summary: jsonb('summary'),
    executions: integer('executions').notNull().default(0),
    lockedAssignments: integer('locked_assignments'),
    createdBy: uuid('created_by').references(() => users.id),
    executedBy: uuid('executed_by').references(() => users.id),
    executedAt: timestamp('executed_at', { withTimezone: true }),
    /** The department's own staff the last execution saw, to tell who joined or left since (issue 53). */
    staffIds: uuid('staff_ids').array(),
    reviewedBy: uuid('reviewed_by').references(() => users.id),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
    reviewComment: text('review_comment'),
    lockedBy: uuid('locked_by').references(() => users.id),
    lockedAt: timestamp('locked_at', { withTimezone: true }),
    archivedBy: uuid('archived_by').references(() => users.id),
    archivedAt: timestamp('archived_at', { withTimezone: true }),
    version: integer('version').notNull().default(1),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('allocation_runs_period', sql`${t.periodTo} >= ${t.periodFrom}`),
    check(
      'allocation_runs_status',
      sql`${t.status} in ('Draft', 'Executing', 'Executed', 'Reviewed', 'Locked', 'Archived')`,
    ),
    index('allocation_runs_bu_period_idx').on(t.buId, t.periodFrom, t.periodTo),
    index('allocation_runs_plan_idx').on(t.planId),
  ],
);

export const SHIFT_ASSIGNMENT_SOURCES = ['Allocation', 'Manual'] as const;

/** The live roster: one shift per employee per date, written by locking a run or by hand. */
export const shiftAssignments = pgTable(
  'shift_assignments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    buId: uuid('bu_id')
      .notNull()
      .references(() => businessUnits.id),
    employeeId: uuid('employee_id')
      .notNull()
      .references(() => employees.id),
    date: date('date').notNull(),
    shiftTemplateId: uuid('shift_template_id')
      .notNull()
      .references(() => shiftTemplates.id),
    terminalId: uuid('terminal_id')
      .notNull()
      .references(() => terminals.id),
    skillId: uuid('skill_id').references(() => skills.id),
    /** The demand line it staffs; kept when the line's cell is later removed from its plan. */
    demandLineId: uuid('demand_line_id').references(() => demandLines.id, { onDelete: 'set null' }),
    runId: uuid('run_id').references(() => allocationRuns.id, { onDelete: 'set null' }),
    lendingRuleId: uuid('lending_rule_id').references(() => poolLendingRules.id, { onDelete: 'set null' }),
    source: text('source').notNull(),
    createdBy: uuid('created_by').references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique('shift_assignments_employee_date').on(t.employeeId, t.date),
    check('shift_assignments_source', sql`${t.source} in ('Allocation', 'Manual')`),
    index('shift_assignments_bu_date_idx').on(t.buId, t.date),
    index('shift_assignments_line_idx').on(t.demandLineId),
    index('shift_assignments_run_idx').on(t.runId),
  ],
);
