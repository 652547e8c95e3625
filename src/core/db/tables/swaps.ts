import { sql } from 'drizzle-orm';
import {
  check,
  date,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { shiftAssignments } from './allocation.ts';
import { users } from './identity.ts';
import { employees, orgNodes } from './org.ts';
import { businessUnits } from './platform.ts';

export const SHIFT_SWAP_KINDS = ['Swap', 'GiveAway'] as const;
export type ShiftSwapKind = (typeof SHIFT_SWAP_KINDS)[number];
export const SHIFT_SWAP_STATUSES = [
  'Proposed',
  'Accepted',
  'Declined',
  'Cancelled',
  'Approved',
  'Rejected',
] as const;
export type ShiftSwapStatus = (typeof SHIFT_SWAP_STATUSES)[number];

/**
 * A proposal to swap a live shift with a colleague's, or to give it away (issue 35). The shifts are named
 * by assignment while they are live and described by their date, shift and terminal for good, since an
 * approval replaces the assignments.
 */
export const shiftSwaps = pgTable(
  'shift_swaps',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    buId: uuid('bu_id')
      .notNull()
      .references(() => businessUnits.id),
    kind: text('kind').$type<ShiftSwapKind>().notNull(),
    status: text('status').$type<ShiftSwapStatus>().notNull().default('Proposed'),
    /** The department whose managers decide: the proposer's. */
    departmentId: uuid('department_id')
      .notNull()
      .references(() => orgNodes.id),
    proposerId: uuid('proposer_id')
      .notNull()
      .references(() => employees.id),
    colleagueId: uuid('colleague_id')
      .notNull()
      .references(() => employees.id),
    offeredAssignmentId: uuid('offered_assignment_id').references(() => shiftAssignments.id, {
      onDelete: 'set null',
    }),
    offeredDate: date('offered_date').notNull(),
    offeredShiftTemplateId: uuid('offered_shift_template_id').notNull(),
    offeredTerminalId: uuid('offered_terminal_id').notNull(),
    /** The colleague's shift taken in return; null for a give-away. */
    wantedAssignmentId: uuid('wanted_assignment_id').references(() => shiftAssignments.id, {
      onDelete: 'set null',
    }),
    wantedDate: date('wanted_date'),
    wantedShiftTemplateId: uuid('wanted_shift_template_id'),
    wantedTerminalId: uuid('wanted_terminal_id'),
    note: text('note'),
    proposedBy: uuid('proposed_by')
      .notNull()
      .references(() => users.id),
    respondedBy: uuid('responded_by').references(() => users.id),
    respondedAt: timestamp('responded_at', { withTimezone: true }),
    decidedBy: uuid('decided_by').references(() => users.id),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    decisionComment: text('decision_comment'),
    version: integer('version').notNull().default(1),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('shift_swaps_proposer').on(t.buId, t.proposerId),
    index('shift_swaps_colleague').on(t.buId, t.colleagueId),
    index('shift_swaps_status').on(t.buId, t.status, t.departmentId),
    // A shift is offered in one open proposal at a time: concurrent proposals of it give one.
    uniqueIndex('shift_swaps_one_open_offer')
      .on(t.offeredAssignmentId)
      .where(sql`${t.status} in ('Proposed', 'Accepted')`),
    check('shift_swaps_kind', sql`${t.kind} in ('Swap', 'GiveAway')`),
    check(
      'shift_swaps_status_known',
      sql`${t.status} in ('Proposed', 'Accepted', 'Declined', 'Cancelled', 'Approved', 'Rejected')`,
    ),
    check(
      'shift_swaps_wanted_shift',
      sql`(${t.kind} = 'Swap') = (${t.wantedDate} is not null and ${t.wantedShiftTemplateId} is not null)`,
    ),
  ],
);
