/**
 * API throughput: the service against a bare Fastify answering one query on the same database, in the
 * same run, so the figures compare the service's own cost (auth, validation, serialisation) with the
 * floor. `npm run bench:api` (PGlite); with DATABASE_URL set, on the PostgreSQL server too.
 */
import { PGlite } from '@electric-sql/pglite';
import autocannon from 'autocannon';
import { sql } from 'drizzle-orm';
import Fastify from 'fastify';
import pg from 'pg';
import { buildApp } from '../../src/app.ts';
import { loadConfig } from '../../src/config.ts';
import { connectPostgres, type Database, fromPglite } from '../../src/core/db/database.ts';
import { applyMigrations } from '../../src/core/db/migrate.ts';
import { loadDemoData } from '../../src/seed/demo/index.ts';
import { seedReferenceData } from '../../src/seed/reference.ts';

const DURATION_S = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = 20;

interface Row {
  database: string;
  target: string;
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  errors: number;
}

async function load(url: string, headers: Record<string, string> = {}): Promise<autocannon.Result> {
  return autocannon({ url, connections: CONNECTIONS, duration: DURATION_S, headers });
}

async function preparedDatabase(
  driver: 'pglite' | 'postgres',
): Promise<{ database: Database; drop: () => Promise<void> }> {
  if (driver === 'pglite') {
    const database = fromPglite(await PGlite.create());
    await applyMigrations(database);
    await seedReferenceData(database.db);
    await loadDemoData(database.db);
    return { database, drop: async () => undefined };
  }
  const server = process.env.DATABASE_URL!;
  const name = `rostering_bench_${Date.now()}`;
  const admin = new pg.Client({ connectionString: server });
  await admin.connect();
  await admin.query(`create database "${name}"`);
  const url = new URL(server);
  url.pathname = `/${name}`;
  const database = connectPostgres(url.toString(), 20);
  await applyMigrations(database);
  await seedReferenceData(database.db);
  await loadDemoData(database.db);
  return {
    database,
    drop: async () => {
      await admin.query(`drop database if exists "${name}" with (force)`);
      await admin.end();
    },
  };
}

async function benchmark(driver: 'pglite' | 'postgres'): Promise<Row[]> {
  const { database, drop } = await preparedDatabase(driver);
  const rows: Row[] = [];
  const record = (target: string, result: autocannon.Result) =>
    rows.push({
      database: driver,
      target,
      requestsPerSecond: Math.round(result.requests.average),
      p50Ms: result.latency.p50,
      p99Ms: result.latency.p99,
      errors: result.errors + result.non2xx,
    });

  const baseline = Fastify();
  baseline.get('/one-query', async () => {
    await database.db.execute(sql`select 1`);
    return { ok: true };
  });
  const baseAddress = await baseline.listen({ port: 0, host: '127.0.0.1' });
  record('bare Fastify + one query', await load(`${baseAddress}/one-query`));
  await baseline.close();

  const config = loadConfig({ APP_ENV: 'test', LOG_LEVEL: 'silent', DATA_DIR: '.tmp/bench' });
  const app = await buildApp({ config, database });
  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  const login = await fetch(`${address}/api/auth/dev-token`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'sysadmin' }),
  });
  const { token } = (await login.json()) as { token: string };
  const auth = { authorization: `Bearer ${token}` };
  record('GET /api/health (open, one query)', await load(`${address}/api/health`));
  record('GET /api/settings (token + permissions + settings)', await load(`${address}/api/settings`, auth));
  record(
    'GET /api/users?pageSize=50 (admin list with grants)',
    await load(`${address}/api/users?pageSize=50`, auth),
  );
  await app.close();
  await database.close();
  await drop();
  return rows;
}

const drivers: ('pglite' | 'postgres')[] = process.env.DATABASE_URL ? ['pglite', 'postgres'] : ['pglite'];
const results: Row[] = [];
for (const driver of drivers) results.push(...(await benchmark(driver)));
console.log(`\nAPI throughput, ${CONNECTIONS} connections, ${DURATION_S} s each, node ${process.version}\n`);
console.log('| database | target | req/s | p50 ms | p99 ms | errors |');
console.log('|---|---|---:|---:|---:|---:|');
for (const row of results) {
  console.log(
    `| ${row.database} | ${row.target} | ${row.requestsPerSecond} | ${row.p50Ms} | ${row.p99Ms} | ${row.errors} |`,
  );
}
