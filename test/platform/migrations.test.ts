import { cpSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import type { PgliteDatabase } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { connectPostgres, fromPglite, queryRows } from '../../src/core/db/database.ts';
import { applyMigrations, migrationsFolder } from '../../src/core/db/migrate.ts';
import { createPglite } from '../../src/core/db/pglite.ts';
import { databaseUrl, testDrivers } from '../helpers/environment.ts';

/** A copy of the migrations with one more that fails half-way. */
function foldersWithBrokenMigration(): string {
  const folder = mkdtempSync(join(tmpdir(), 'migrations-'));
  cpSync(migrationsFolder, folder, { recursive: true });
  const journalFile = join(folder, 'meta', '_journal.json');
  const journal = JSON.parse(readFileSync(journalFile, 'utf8'));
  const last = journal.entries.at(-1);
  journal.entries.push({ ...last, idx: last.idx + 1, when: last.when + 1, tag: '9999_broken' });
  writeFileSync(journalFile, JSON.stringify(journal));
  writeFileSync(
    join(folder, '9999_broken.sql'),
    'CREATE TABLE half_done (id int);\n--> statement-breakpoint\nSELECT no_such_function();\n',
  );
  return folder;
}

const tableExists = async (db: Parameters<typeof queryRows>[0], table: string) =>
  (await queryRows<{ found: boolean }>(db, sql`select to_regclass(${table}) is not null as found`))[0]?.found;

describe('migrations [pglite]', () => {
  it('apply to an empty database and leave it as it was when one of them fails', async () => {
    const client = await createPglite();
    const database = fromPglite(client);
    await applyMigrations(database);
    expect(await tableExists(database.db, 'audit_events')).toBe(true);
    await expect(
      migratePglite(database.db as unknown as PgliteDatabase, {
        migrationsFolder: foldersWithBrokenMigration(),
      }),
    ).rejects.toThrow();
    expect(await tableExists(database.db, 'half_done')).toBe(false);
    await applyMigrations(database);
    await database.close();
  });
});

describe.runIf(testDrivers().includes('postgres'))('migrations [postgres]', () => {
  it('are applied once when several processes start together', async () => {
    const name = `rostering_migrate_${Date.now()}`;
    const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
    await admin.connect();
    await admin.query(`create database "${name}"`);
    const url = databaseUrl(process.env.TEST_DATABASE_URL!, name);
    const starters = [1, 2, 3].map(() => connectPostgres(url, 2));
    try {
      await Promise.all(starters.map((database) => applyMigrations(database)));
      const journal = JSON.parse(readFileSync(join(migrationsFolder, 'meta', '_journal.json'), 'utf8'));
      const applied = await queryRows<{ n: number }>(
        starters[0]!.db,
        sql`select count(*)::int as n from drizzle.__drizzle_migrations`,
      );
      expect(applied[0]?.n).toBe(journal.entries.length);
    } finally {
      await Promise.all(starters.map((database) => database.close()));
      await admin.query(`drop database if exists "${name}" with (force)`);
      await admin.end();
    }
  });
});
