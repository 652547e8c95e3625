import { fileURLToPath } from 'node:url';
import type { NodePgDatabase } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgliteDatabase } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import type { Database } from './database.ts';

export const migrationsFolder = fileURLToPath(new URL('../../../migrations', import.meta.url));

/** Any fixed number works; it only has to be the same in every process of this service. */
const MIGRATION_LOCK_KEY = 726_145_001;

/**
 * Applies pending migrations. Drizzle runs them in one transaction, so a failing migration leaves the
 * database as it was; the advisory lock makes processes that start together apply them once.
 */
export async function applyMigrations(database: Database, folder = migrationsFolder): Promise<void> {
  await database.withAdvisoryLock(MIGRATION_LOCK_KEY, async () => {
    if (database.driver === 'pglite') {
      await migratePglite(database.db as unknown as PgliteDatabase, { migrationsFolder: folder });
    } else {
      await migrateNodePg(database.db as unknown as NodePgDatabase, { migrationsFolder: folder });
    }
  });
}
