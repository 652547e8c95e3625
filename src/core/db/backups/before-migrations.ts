import { mkdirSync, readdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Database } from '../database.ts';
import { migrationsFolder } from '../migrate.ts';
import { backupEmbedded } from './embedded.ts';
import { codeSchemaVersion, databaseSchemaVersion } from './schema-version.ts';

/** Where the copies taken before migrations go, inside the data folder. */
export const copiesFolderOf = (dataDir: string) => join(dataDir, 'backups');
const PREFIX = 'before-migrations-';

/**
 * Before the embedded database is migrated to a newer schema, a backup of it is written to
 * `DATA_DIR/backups/` and only the newest `keep` are kept, so an upgrade that goes wrong (a failing
 * migration, or code that misbehaves on the new schema) can be undone with `npm run restore`. Answers the
 * file written, or null when there was nothing to migrate.
 */
export async function keepCopyBeforeMigrations(
  database: Database,
  dataDir: string,
  keep: number,
  folder = migrationsFolder,
): Promise<string | null> {
  if (!database.embedded || keep === 0) return null;
  const current = await databaseSchemaVersion(database.db, folder);
  // A fresh folder has nothing to lose; a current one nothing to migrate.
  if (!current || current.when >= codeSchemaVersion(folder).when) return null;
  const backup = await backupEmbedded(database.embedded);
  const dir = copiesFolderOf(dataDir);
  mkdirSync(dir, { recursive: true });
  const stamp = new Date().toISOString().replace(/[:.]/g, '-');
  const file = join(dir, `${PREFIX}${stamp}-${current.tag ?? current.when}.backup`);
  writeFileSync(`${file}.partial`, backup);
  renameSync(`${file}.partial`, file);
  // Names start with the time they were taken, so their order is their age.
  const copies = readdirSync(dir)
    .filter((name) => name.startsWith(PREFIX) && name.endsWith('.backup'))
    .sort();
  for (const old of copies.slice(0, Math.max(0, copies.length - keep))) rmSync(join(dir, old));
  return file;
}
