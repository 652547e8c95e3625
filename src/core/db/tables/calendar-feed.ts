import { integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './identity.ts';
import { businessUnits } from './platform.ts';

/**
 * A person's calendar feed (issue 35): one per user, reached without a login through a secret URL. Only
 * the secret's SHA-256 is kept, so the URL is shown once, at creation or rotation; revoking deletes the row.
 */
export const calendarFeeds = pgTable('calendar_feeds', {
  id: uuid('id').primaryKey().defaultRandom(),
  buId: uuid('bu_id')
    .notNull()
    .references(() => businessUnits.id),
  userId: uuid('user_id')
    .notNull()
    .unique('calendar_feeds_user')
    .references(() => users.id),
  /** Hex SHA-256 of the secret in the URL: the secret is 256 random bits, so no slow hash is needed. */
  secretHash: text('secret_hash').notNull().unique('calendar_feeds_secret'),
  /** Bumped by each rotation. */
  version: integer('version').notNull().default(1),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  rotatedAt: timestamp('rotated_at', { withTimezone: true }),
});
