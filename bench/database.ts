import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { connectPostgres, type Database, fromPglite } from '../src/core/db/database.ts';
import { applyMigrations } from '../src/core/db/migrate.ts';
import { createPglite } from '../src/core/db/pglite.ts';
import { loadDemoData } from '../src/seed/demo/index.ts';
import { seedReferenceData } from '../src/seed/reference.ts';

/**
 * A fresh database with reference and demo data for one benchmark: in-memory PGlite, or a database of its
 * own on the server named by DATABASE_URL (dropped afterwards).
 */
export async function preparedDatabase(
  driver: 'pglite' | 'postgres',
  name: string,
  options: { employees?: number; poolSize?: number } = {},
): Promise<{ database: Database; drop: () => Promise<void> }> {
  const load = async (database: Database) => {
    await applyMigrations(database);
    await seedReferenceData(database.db);
    await loadDemoData(database.db, {
      upcoming: 'draft-plan',
      ...(options.employees === undefined ? {} : { employees: options.employees }),
    });
  };
  if (driver === 'pglite') {
    const database = fromPglite(await createPglite());
    await load(database);
    return { database, drop: async () => undefined };
  }
  const server = process.env.DATABASE_URL!;
  const databaseName = `rostering_bench_${name}_${Date.now()}`;
  const admin = new pg.Client({ connectionString: server });
  await admin.connect();
  await admin.query(`create database "${databaseName}"`);
  const url = new URL(server);
  url.pathname = `/${databaseName}`;
  const database = connectPostgres(url.toString(), options.poolSize ?? 10);
  await load(database);
  return {
    database,
    drop: async () => {
      await admin.query(`drop database if exists "${databaseName}" with (force)`);
      await admin.end();
    },
  };
}

/**
 * The service on a prepared database, with the bearer header of a demo user, for `work`; the app, the
 * database and (on the server) the database itself are gone afterwards.
 */
export async function withSignedInApp<T>(
  prepared: { database: Database; drop: () => Promise<void> },
  username: string,
  work: (app: FastifyInstance, headers: { authorization: string }) => Promise<T>,
): Promise<T> {
  const config = loadConfig({ APP_ENV: 'test', DATA_DIR: '.tmp/bench', LOG_LEVEL: 'silent' });
  const app = await buildApp({ config, database: prepared.database });
  await app.ready();
  try {
    const token = (
      await app.inject({ method: 'POST', url: '/api/auth/dev-token', payload: { username } })
    ).json().token;
    return await work(app, { authorization: `Bearer ${token}` });
  } finally {
    await app.close();
    await prepared.database.close();
    await prepared.drop();
  }
}
