import { sql } from 'drizzle-orm';
import { integer, jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/** The tenant: every operational row belongs to one business unit. */
export const businessUnits = pgTable('business_units', {
  id: uuid('id').primaryKey().defaultRandom(),
  code: text('code').notNull().unique(),
  nameEn: text('name_en').notNull(),
  nameAr: text('name_ar').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** One row per business unit; `values` holds only keys that differ from the defaults in code. */
export const businessUnitSettings = pgTable('business_unit_settings', {
  buId: uuid('bu_id')
    .primaryKey()
    .references(() => businessUnits.id),
  values: jsonb('values').notNull().default(sql`'{}'::jsonb`),
  version: integer('version').notNull().default(1),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  updatedBy: uuid('updated_by'),
});

/**
 * What the service records about its own data, by key: `reference-data` holds the fingerprint of the
 * reference rows the last start synced (`seed/reference.ts`), so an unchanged start skips the sync.
 */
export const serviceState = pgTable('service_state', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Creates that a caller asked to make once (`Idempotency-Key`, core/http/idempotency.ts): the first
 * request's fingerprint and, once it succeeded, its answer, replayed to a retry for a day.
 */
export const idempotentRequests = pgTable(
  'idempotent_requests',
  {
    userId: uuid('user_id').notNull(),
    key: text('key').notNull(),
    fingerprint: text('fingerprint').notNull(),
    status: integer('status'),
    headers: jsonb('headers').$type<Record<string, string>>(),
    body: text('body'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.userId, table.key] })],
);
