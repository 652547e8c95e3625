import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import pg from 'pg';
import { inject } from 'vitest';
import { connectPostgres, type Database, fromPglite } from '../../src/core/db/database.ts';
import { applyMigrations } from '../../src/core/db/migrate.ts';
import { createPglite } from '../../src/core/db/pglite.ts';
import { loadDemoData } from '../../src/seed/demo/index.ts';
import { seedReferenceData } from '../../src/seed/reference.ts';
import { databaseUrl, type TestDriver } from './environment.ts';

async function withServer<T>(work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/** A fresh database of its own for one test file: a copy of the migrated, seeded template. */
export async function openTestDatabase(driver: TestDriver): Promise<Database> {
  if (driver === 'pglite') {
    const dump = readFileSync(inject('pgliteTemplate'));
    const client = await createPglite(undefined, { loadDataDir: new Blob([dump]) });
    return fromPglite(client);
  }
  const template = inject('postgresTemplate');
  if (!template) throw new Error('The PostgreSQL template was not prepared: is TEST_DATABASE_URL set?');
  return serverDatabase('rostering_test', `template "${template}"`);
}

/** A database of its own with nothing in it, not even the schema; dropped with `close`. */
export async function openEmptyDatabase(driver: TestDriver): Promise<Database> {
  if (driver === 'pglite') return fromPglite(await createPglite());
  return serverDatabase('rostering_empty', '');
}

/** A database of the test server made with `options` (a template, or none), dropped with `close`. */
async function serverDatabase(prefix: string, options: string): Promise<Database> {
  const name = `${prefix}_${randomBytes(6).toString('hex')}`;
  await withServer((client) => client.query(`create database "${name}" ${options}`));
  const database = connectPostgres(databaseUrl(process.env.TEST_DATABASE_URL!, name), 5);
  return {
    ...database,
    async close() {
      await database.close();
      await withServer((client) => client.query(`drop database if exists "${name}" with (force)`));
    },
  };
}

/** The demo a newcomer starts, loaded today into a database of its own (the template holds the suites' set). */
export async function openPresentDemoDatabase(driver: TestDriver): Promise<Database> {
  const database = await openEmptyDatabase(driver);
  await applyMigrations(database);
  await seedReferenceData(database.db);
  await loadDemoData(database.db);
  return database;
}
