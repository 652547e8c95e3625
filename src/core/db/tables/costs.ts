import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  date,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  unique,
  uuid,
} from 'drizzle-orm/pg-core';
import { allocationRuns } from './allocation.ts';
import { orgNodes } from './org.ts';
import { businessUnits } from './platform.ts';
import { grades } from './reference.ts';

/*
 * Labour cost (issue 36). Amounts are integers of the unit's currency's minor unit (halalas, cents);
 * percentages are basis points (2500 = 25 %), so nothing is ever a binary fraction.
 */

const minorUnits = (name: string) => bigint(name, { mode: 'number' });

/** The hourly rate of a grade from `effective_from` until the next row of the same grade. */
export const labourRates = pgTable(
  'labour_rates',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    buId: uuid('bu_id')
      .notNull()
      .references(() => businessUnits.id),
    gradeId: uuid('grade_id')
      .notNull()
      .references(() => grades.id),
    effectiveFrom: date('effective_from').notNull(),
    hourlyMinor: minorUnits('hourly_minor').notNull(),
    version: integer('version').notNull().default(1),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique('labour_rates_grade_from').on(t.buId, t.gradeId, t.effectiveFrom),
    check('labour_rates_positive', sql`${t.hourlyMinor} >= 0`),
  ],
);

export const LABOUR_PREMIUM_KINDS = ['NIGHT', 'WEEKEND', 'HOLIDAY', 'OVERTIME'] as const;
export type LabourPremiumKind = (typeof LABOUR_PREMIUM_KINDS)[number];
export const PREMIUM_BASES = ['PERCENT', 'FIXED'] as const;
export type PremiumBasis = (typeof PREMIUM_BASES)[number];

/**
 * One premium per kind and unit: a percentage of the hourly rate (basis points) or a fixed amount per hour.
 * NIGHT applies to the hours inside its window; OVERTIME to the hours over the weekly limit.
 */
export const labourPremiums = pgTable(
  'labour_premiums',
  {
    buId: uuid('bu_id')
      .notNull()
      .references(() => businessUnits.id),
    kind: text('kind').$type<LabourPremiumKind>().notNull(),
    nameEn: text('name_en').notNull(),
    nameAr: text('name_ar').notNull(),
    basis: text('basis').$type<PremiumBasis>().notNull(),
    percentBasisPoints: integer('percent_basis_points'),
    amountMinor: minorUnits('amount_minor'),
    /** NIGHT only: `HH:mm` bounds of the night; a window ending at or before its start crosses midnight. */
    windowStart: text('window_start'),
    windowEnd: text('window_end'),
    version: integer('version').notNull().default(1),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.buId, t.kind] }),
    check('labour_premiums_kind', sql`${t.kind} in ('NIGHT', 'WEEKEND', 'HOLIDAY', 'OVERTIME')`),
    check(
      'labour_premiums_basis',
      sql`(${t.basis} = 'PERCENT' and ${t.percentBasisPoints} >= 0 and ${t.amountMinor} is null)
        or (${t.basis} = 'FIXED' and ${t.amountMinor} >= 0 and ${t.percentBasisPoints} is null)`,
    ),
  ],
);

/** A department's labour budget for a month (`month` is its first day). */
export const labourBudgets = pgTable(
  'labour_budgets',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    buId: uuid('bu_id')
      .notNull()
      .references(() => businessUnits.id),
    departmentId: uuid('department_id')
      .notNull()
      .references(() => orgNodes.id),
    month: date('month').notNull(),
    amountMinor: minorUnits('amount_minor').notNull(),
    note: text('note'),
    version: integer('version').notNull().default(1),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique('labour_budgets_department_month').on(t.buId, t.departmentId, t.month),
    check('labour_budgets_first_day', sql`extract(day from ${t.month}) = 1`),
    check('labour_budgets_positive', sql`${t.amountMinor} >= 0`),
  ],
);

/**
 * The cost of each execution of a run, written with its result: a rerun replaces the result, so this is
 * what its predecessor cost. `cost` is the priced summary as the API answers it.
 */
export const runCosts = pgTable(
  'run_costs',
  {
    buId: uuid('bu_id')
      .notNull()
      .references(() => businessUnits.id),
    runId: uuid('run_id')
      .notNull()
      .references(() => allocationRuns.id, { onDelete: 'cascade' }),
    execution: integer('execution').notNull(),
    cost: jsonb('cost').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.runId, t.execution] })],
);
