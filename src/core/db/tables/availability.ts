import { sql } from 'drizzle-orm';
import { check, date, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './identity.ts';
import { employees } from './org.ts';
import { businessUnits } from './platform.ts';
import { shiftTypes } from './reference.ts';

export const PREFERENCE_KINDS = ['work', 'off'] as const;
export type PreferenceKind = (typeof PREFERENCE_KINDS)[number];

/**
 * Days an employee says they cannot work (hard: the engine's `UNAVAILABLE`): every date from `from` to `to`,
 * or with `weekdays` only those days of the week within them.
 */
export const unavailability = pgTable(
  'unavailability',
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
    /** Day names (`Monday` …); null: every day of the range. */
    weekdays: text('weekdays').array(),
    reason: text('reason').notNull(),
    createdBy: uuid('created_by')
      .notNull()
      .references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('unavailability_employee').on(t.buId, t.employeeId, t.fromDate),
    check('unavailability_dates', sql`${t.fromDate} <= ${t.toDate}`),
  ],
);

/**
 * A wish about work (soft, weighed by the engine after coverage): `off` rather not work, `work` rather work;
 * on one date, or every week on the `weekdays`; with a shift type, only shifts of that type.
 */
export const workPreferences = pgTable(
  'work_preferences',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    buId: uuid('bu_id')
      .notNull()
      .references(() => businessUnits.id),
    employeeId: uuid('employee_id')
      .notNull()
      .references(() => employees.id),
    kind: text('kind').$type<PreferenceKind>().notNull(),
    date: date('date'),
    weekdays: text('weekdays').array(),
    shiftTypeId: uuid('shift_type_id').references(() => shiftTypes.id),
    weight: integer('weight').notNull().default(1),
    createdBy: uuid('created_by')
      .notNull()
      .references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('work_preferences_employee').on(t.buId, t.employeeId),
    check('work_preferences_kind', sql`${t.kind} in ('work', 'off')`),
    check('work_preferences_when', sql`(${t.date} is null) <> (${t.weekdays} is null)`),
    check('work_preferences_weight', sql`${t.weight} between 1 and 10`),
  ],
);
