import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  integer,
  numeric,
  pgTable,
  primaryKey,
  text,
  timestamp,
  unique,
  uuid,
} from 'drizzle-orm/pg-core';
import { lookupColumns } from './org.ts';
import { businessUnits } from './platform.ts';

/*
 * Reference data (DESIGN §7). Every lookup table shares `lookupColumns()` and is unique on (bu_id, code).
 * References between lookups are real foreign keys (never codes in text), so the "is this row still
 * referenced?" check, which reads the database's foreign keys, covers them and every later table alike.
 */

const hours = (name: string) => numeric(name, { precision: 5, scale: 2, mode: 'number' });

export const grades = pgTable('grades', lookupColumns(), (t) => [
  unique('grades_bu_code').on(t.buId, t.code),
]);

/** Read-only lookups: seeded, no admin routes (yet). */
export const skillCategories = pgTable('skill_categories', lookupColumns(), (t) => [
  unique('skill_categories_bu_code').on(t.buId, t.code),
]);

export const skillLevels = pgTable(
  'skill_levels',
  { ...lookupColumns(), rank: integer('rank').notNull().default(0) },
  (t) => [unique('skill_levels_bu_code').on(t.buId, t.code)],
);

/** One table for the admin skills group and the production skills routes (a later area). */
export const skills = pgTable(
  'skills',
  {
    ...lookupColumns(),
    categoryId: uuid('category_id').references(() => skillCategories.id),
    requiresCertification: boolean('requires_certification').notNull().default(false),
  },
  (t) => [unique('skills_bu_code').on(t.buId, t.code)],
);

/**
 * The catalogue of certification codes (issue 40): an admin lookup. A certification of an employee, a
 * skill's requirement and an import row may only name an active code of it (or one a skill requires).
 */
export const certificationTypes = pgTable('certification_types', lookupColumns(), (t) => [
  unique('certification_types_bu_code').on(t.buId, t.code),
]);

export const terminals = pgTable('terminals', lookupColumns(), (t) => [
  unique('terminals_bu_code').on(t.buId, t.code),
]);

export const holidayTypes = pgTable('holiday_types', lookupColumns(), (t) => [
  unique('holiday_types_bu_code').on(t.buId, t.code),
]);

/** A holiday covers `date` to `end_date` inclusive (one row for a multi-day holiday such as Eid). */
export const holidays = pgTable(
  'holidays',
  {
    ...lookupColumns(),
    date: date('date').notNull(),
    endDate: date('end_date').notNull(),
    holidayTypeId: uuid('holiday_type_id').references(() => holidayTypes.id),
  },
  (t) => [
    unique('holidays_bu_code').on(t.buId, t.code),
    check('holidays_range', sql`${t.endDate} >= ${t.date}`),
  ],
);

export const demandReasons = pgTable('demand_reasons', lookupColumns(), (t) => [
  unique('demand_reasons_bu_code').on(t.buId, t.code),
]);

export const shiftTypes = pgTable('shift_types', lookupColumns(), (t) => [
  unique('shift_types_bu_code').on(t.buId, t.code),
]);

/** Times are `HH:mm`; an end time at or before the start time means the shift ends the next day. */
export const shiftTemplates = pgTable(
  'shift_templates',
  {
    ...lookupColumns(),
    startTime: text('start_time').notNull(),
    endTime: text('end_time').notNull(),
    shiftTypeId: uuid('shift_type_id').references(() => shiftTypes.id),
    paidHours: hours('paid_hours').notNull(),
  },
  (t) => [unique('shift_templates_bu_code').on(t.buId, t.code)],
);

export const attendanceStatuses = pgTable('attendance_statuses', lookupColumns(), (t) => [
  unique('attendance_statuses_bu_code').on(t.buId, t.code),
]);

/** Statuses an employee can be in; `employees.status` holds one of these codes. */
export const employeeStatuses = pgTable('employee_statuses', lookupColumns(), (t) => [
  unique('employee_statuses_bu_code').on(t.buId, t.code),
]);

/** Hours per working day over a date range (e.g. Ramadan); they change hours only, never dates. */
export const workingHourModifiers = pgTable(
  'working_hour_modifiers',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    buId: uuid('bu_id')
      .notNull()
      .references(() => businessUnits.id),
    code: text('code').notNull(),
    nameEn: text('name_en').notNull(),
    nameAr: text('name_ar').notNull(),
    description: text('description'),
    fromDate: date('from_date').notNull(),
    toDate: date('to_date').notNull(),
    hoursPerDay: hours('hours_per_day').notNull(),
    isActive: boolean('is_active').notNull().default(true),
    version: integer('version').notNull().default(1),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique('working_hour_modifiers_bu_code').on(t.buId, t.code),
    check('working_hour_modifiers_range', sql`${t.toDate} >= ${t.fromDate}`),
    check('working_hour_modifiers_hours', sql`${t.hoursPerDay} >= 0 and ${t.hoursPerDay} <= 24`),
  ],
);

/** A repeating cycle of shift templates and days off (e.g. 4 on, 4 off). */
export const shiftPatterns = pgTable(
  'shift_patterns',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    buId: uuid('bu_id')
      .notNull()
      .references(() => businessUnits.id),
    code: text('code').notNull(),
    nameEn: text('name_en').notNull(),
    nameAr: text('name_ar').notNull(),
    description: text('description'),
    isActive: boolean('is_active').notNull().default(true),
    version: integer('version').notNull().default(1),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [unique('shift_patterns_bu_code').on(t.buId, t.code)],
);

/**
 * Day `position` (0-based) of a pattern's cycle: a shift template, or a day off when the template is null.
 * A foreign key rather than a code, so a template used by a pattern counts as referenced.
 */
export const shiftPatternDays = pgTable(
  'shift_pattern_days',
  {
    patternId: uuid('pattern_id')
      .notNull()
      .references(() => shiftPatterns.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    shiftTemplateId: uuid('shift_template_id').references(() => shiftTemplates.id),
  },
  (t) => [
    primaryKey({ columns: [t.patternId, t.position] }),
    check('shift_pattern_days_position', sql`${t.position} >= 0`),
  ],
);
