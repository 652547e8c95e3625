import { index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { businessUnits } from './platform.ts';

/** Append-only: a trigger refuses UPDATE and DELETE (see the audit migration). */
export const auditEvents = pgTable(
  'audit_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    buId: uuid('bu_id').references(() => businessUnits.id),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    actorUserId: uuid('actor_user_id'),
    actorUsername: text('actor_username'),
    action: text('action').notNull(),
    entityType: text('entity_type'),
    entityId: text('entity_id'),
    details: jsonb('details'),
    traceId: text('trace_id'),
  },
  (t) => [
    index('audit_events_bu_at_idx').on(t.buId, t.at),
    index('audit_events_entity_idx').on(t.entityType, t.entityId),
  ],
);
