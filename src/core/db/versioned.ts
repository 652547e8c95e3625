import { type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';

/**
 * What an edit of a versioned row sets: its changes, the version one up (what a client's `If-Match`
 * names) and `updatedAt` from the service's clock.
 */
export const edited = <Changes extends object>(
  table: { version: AnyPgColumn },
  changes: Changes,
  at: Date,
): Changes & { version: SQL; updatedAt: Date } => ({
  ...changes,
  version: sql`${table.version} + 1`,
  updatedAt: at,
});
