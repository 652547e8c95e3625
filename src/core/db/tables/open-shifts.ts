import { sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { shiftAssignments } from './allocation.ts';
import { demandLines } from './demand.ts';
import { users } from './identity.ts';
import { employees, orgNodes } from './org.ts';
import { businessUnits } from './platform.ts';

/*
 * Open shifts (issue 35, DESIGN §16): gaps of the live roster a planner offers, and employees' claims of
 * them. An approved claim lands as a live assignment through the roster module.
 */

export const OPEN_SHIFT_STATUSES = ['Open', 'Filled', 'Withdrawn', 'Closed'] as const;
export type OpenShiftStatus = (typeof OPEN_SHIFT_STATUSES)[number];

export const OPEN_SHIFT_CLAIM_STATUSES = ['Pending', 'Approved', 'Declined', 'Withdrawn'] as const;
export type OpenShiftClaimStatus = (typeof OPEN_SHIFT_CLAIM_STATUSES)[number];

/** One offer of a demand line's missing heads; at most one open offer per line. */
export const openShifts = pgTable(
  'open_shifts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    buId: uuid('bu_id')
      .notNull()
      .references(() => businessUnits.id),
    /** The gap's line; an offer goes with its line when the line leaves its plan. */
    demandLineId: uuid('demand_line_id')
      .notNull()
      .references(() => demandLines.id, { onDelete: 'cascade' }),
    departmentId: uuid('department_id')
      .notNull()
      .references(() => orgNodes.id),
    heads: integer('heads').notNull(),
    filled: integer('filled').notNull().default(0),
    status: text('status').$type<OpenShiftStatus>().notNull().default('Open'),
    /** Why an offer closed without being filled (`GAP_COVERED`, `PLAN_ARCHIVED`). */
    closedReason: text('closed_reason'),
    offeredBy: uuid('offered_by')
      .notNull()
      .references(() => users.id),
    offeredAt: timestamp('offered_at', { withTimezone: true }).notNull().defaultNow(),
    closedAt: timestamp('closed_at', { withTimezone: true }),
    version: integer('version').notNull().default(1),
  },
  (t) => [
    uniqueIndex('open_shifts_one_open_per_line').on(t.demandLineId).where(sql`${t.status} = 'Open'`),
    index('open_shifts_bu_status').on(t.buId, t.status, t.departmentId),
    check('open_shifts_heads', sql`${t.heads} >= 1 and ${t.filled} >= 0 and ${t.filled} <= ${t.heads}`),
    check('open_shifts_status_known', sql`${t.status} in ('Open', 'Filled', 'Withdrawn', 'Closed')`),
  ],
);

/** An employee's claim of an offer; one live claim (pending or approved) per employee and offer. */
export const openShiftClaims = pgTable(
  'open_shift_claims',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    buId: uuid('bu_id')
      .notNull()
      .references(() => businessUnits.id),
    openShiftId: uuid('open_shift_id')
      .notNull()
      .references(() => openShifts.id, { onDelete: 'cascade' }),
    employeeId: uuid('employee_id')
      .notNull()
      .references(() => employees.id),
    status: text('status').$type<OpenShiftClaimStatus>().notNull().default('Pending'),
    /** Why a claim was declined (`OFFER_FILLED`, `OFFER_WITHDRAWN`, `GAP_COVERED`, `NOT_ELIGIBLE`, …). */
    reason: text('reason'),
    /** The engine's reason codes when its checker refused the claimant at approval. */
    reasonCodes: jsonb('reason_codes').$type<string[]>(),
    assignmentId: uuid('assignment_id').references(() => shiftAssignments.id, { onDelete: 'set null' }),
    claimedBy: uuid('claimed_by')
      .notNull()
      .references(() => users.id),
    claimedAt: timestamp('claimed_at', { withTimezone: true }).notNull().defaultNow(),
    decidedBy: uuid('decided_by').references(() => users.id),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('open_shift_claims_one_live')
      .on(t.openShiftId, t.employeeId)
      .where(sql`${t.status} in ('Pending', 'Approved')`),
    index('open_shift_claims_employee').on(t.buId, t.employeeId, t.claimedAt),
    check(
      'open_shift_claims_status_known',
      sql`${t.status} in ('Pending', 'Approved', 'Declined', 'Withdrawn')`,
    ),
  ],
);
