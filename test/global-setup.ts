import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { connectPostgres, fromPglite } from '../src/core/db/database.ts';
import { applyMigrations } from '../src/core/db/migrate.ts';
import { createPglite } from '../src/core/db/pglite.ts';
import { loadDemoData } from '../src/seed/demo/index.ts';
import { seedReferenceData } from '../src/seed/reference.ts';
import { databaseUrl, testDrivers } from './helpers/environment.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteTemplate: string;
    postgresTemplate: string | null;
  }
}

/** The demo as the suites were written on: the coming fortnight a draft plan to run, nothing published ahead. */
const SUITES_DATA_SET = { upcoming: 'draft-plan' } as const;

/**
 * Opening and migrating a database costs seconds, so it is done once: every test file then copies the
 * migrated, seeded template (a PGlite dump, or a PostgreSQL template database).
 */
export default async function setup(project: TestProject) {
  const dir = join(process.cwd(), '.tmp');
  mkdirSync(dir, { recursive: true });
  const drivers = testDrivers();

  const client = await createPglite();
  const embedded = fromPglite(client);
  await applyMigrations(embedded);
  await seedReferenceData(embedded.db);
  await loadDemoData(embedded.db, SUITES_DATA_SET);
  const dump = await client.dumpDataDir('none');
  const file = join(dir, `pglite-template-${process.pid}.tar`);
  writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  await embedded.close();
  project.provide('pgliteTemplate', file);

  let template: string | null = null;
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (serverUrl && drivers.includes('postgres')) {
    template = `rostering_tpl_${process.pid}_${Date.now()}`;
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    await admin.query(`create database "${template}"`);
    const server = connectPostgres(databaseUrl(serverUrl, template), 2);
    await applyMigrations(server);
    await seedReferenceData(server.db);
    await loadDemoData(server.db, SUITES_DATA_SET);
    await server.close();
    await admin.end();
  }
  project.provide('postgresTemplate', template);

  return async () => {
    if (!template || !serverUrl) return;
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    await admin.query(`drop database if exists "${template}" with (force)`);
    await admin.end();
  };
}
