import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { type Executor, queryRows } from '../database.ts';
import { migrationsFolder } from '../migrate.ts';

/**
 * The schema version of a database: its last applied migration. Drizzle records each migration's journal
 * time (`when`), not its name; the time survives the renumbering of migrations at merge, so versions are
 * compared by it and the name is only for people to read.
 */
export interface SchemaVersion {
  readonly when: number;
  /** The migration's name in this code's journal; null for a migration this code does not know. */
  readonly tag: string | null;
}

interface JournalEntry {
  when: number;
  tag: string;
}

export function journalOf(folder = migrationsFolder): JournalEntry[] {
  const journal = JSON.parse(readFileSync(join(folder, 'meta', '_journal.json'), 'utf8')) as {
    entries: JournalEntry[];
  };
  return journal.entries.map(({ when, tag }) => ({ when, tag }));
}

/** The newest migration this code ships. */
export function codeSchemaVersion(folder = migrationsFolder): SchemaVersion {
  const last = journalOf(folder).at(-1);
  if (!last) throw new Error(`No migrations in ${folder}`);
  return { when: last.when, tag: last.tag };
}

/** The last migration applied to a database; null when none was (an empty database). */
export async function databaseSchemaVersion(
  executor: Executor,
  folder = migrationsFolder,
): Promise<SchemaVersion | null> {
  const [exists] = await queryRows<{ present: boolean }>(
    executor,
    sql`select to_regclass('drizzle.__drizzle_migrations') is not null as present`,
  );
  if (!exists?.present) return null;
  const [row] = await queryRows<{ when: string | number | null }>(
    executor,
    sql`select max(created_at) as when from drizzle.__drizzle_migrations`,
  );
  return versionAt(row?.when, folder);
}

/** The version named by a migration time as the migrations table holds it (a bigint, as text or number). */
export function versionAt(
  when: string | number | null | undefined,
  folder = migrationsFolder,
): SchemaVersion | null {
  if (when === null || when === undefined) return null;
  const time = Number(when);
  return { when: time, tag: journalOf(folder).find((entry) => entry.when === time)?.tag ?? null };
}

export const describeVersion = (version: SchemaVersion) =>
  version.tag ?? `a migration of ${new Date(version.when).toISOString()} unknown to this code`;

export class NewerSchemaError extends Error {}

/** Refuses data whose schema is newer than this code's: older code would misread it. */
export function refuseNewerSchema(version: SchemaVersion, folder = migrationsFolder): void {
  const code = codeSchemaVersion(folder);
  if (version.when > code.when) {
    throw new NewerSchemaError(
      `This backup was taken by a newer version of the service (schema ${describeVersion(version)}), ` +
        `and this code knows migrations up to ${code.tag}. Restore it with the newer version of the code.`,
    );
  }
}
