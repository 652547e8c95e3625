/**
 * API throughput: the service against a bare Fastify answering one query on the same database, in the
 * same run, so the figures compare the service's own cost (auth, validation, serialisation) with the
 * floor. The load comes from autocannon in a process of its own, so it does not share the server's event
 * loop. `npm run bench:api` (PGlite); with DATABASE_URL set, on the PostgreSQL server too.
 */
import { execFile } from 'node:child_process';
import { createRequire } from 'node:module';
import { promisify } from 'node:util';
import { sql } from 'drizzle-orm';
import Fastify from 'fastify';
import { buildApp } from '../../src/app.ts';
import { loadConfig } from '../../src/config.ts';
import { preparedDatabase } from '../database.ts';

const DURATION_S = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 64);
const AUTOCANNON = createRequire(import.meta.url).resolve('autocannon/autocannon.js');
const run = promisify(execFile);

interface Row {
  database: string;
  target: string;
  requestsPerSecond: number;
  ofBaseline: number;
  p50Ms: number;
  p99Ms: number;
  p99OfBaseline: number;
  errors: number;
}

interface LoadResult {
  requests: { average: number };
  latency: { p50: number; p99: number };
  errors: number;
  non2xx: number;
  timeouts: number;
}

async function load(url: string, headers: Record<string, string> = {}): Promise<LoadResult> {
  const headerArgs = Object.entries(headers).flatMap(([name, value]) => ['-H', `${name}=${value}`]);
  const { stdout } = await run(
    process.execPath,
    [AUTOCANNON, '-j', '-c', String(CONNECTIONS), '-d', String(DURATION_S), ...headerArgs, url],
    { maxBuffer: 64 * 1024 * 1024 },
  );
  return JSON.parse(stdout) as LoadResult;
}

async function benchmark(driver: 'pglite' | 'postgres'): Promise<Row[]> {
  const { database, drop } = await preparedDatabase(driver, 'api', { poolSize: 20 });
  const rows: Row[] = [];
  let floor: LoadResult | undefined;
  const record = (target: string, result: LoadResult) => {
    floor ??= result;
    rows.push({
      database: driver,
      target,
      requestsPerSecond: Math.round(result.requests.average),
      ofBaseline: Math.round((result.requests.average / floor.requests.average) * 100) / 100,
      p50Ms: result.latency.p50,
      p99Ms: result.latency.p99,
      p99OfBaseline: Math.round((result.latency.p99 / Math.max(floor.latency.p99, 1)) * 10) / 10,
      errors: result.errors + result.non2xx + result.timeouts,
    });
  };

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
  record('GET /api/me/profile (token, own account)', await load(`${address}/api/me/profile`, auth));
  record('GET /api/settings (token + settings)', await load(`${address}/api/settings`, auth));
  record(
    'GET /api/lookups/terminals (token + a page of lookups)',
    await load(`${address}/api/lookups/terminals`, auth),
  );
  record(
    'GET /api/users?pageSize=50 (admin list with grants)',
    await load(`${address}/api/users?pageSize=50`, auth),
  );
  record(
    'GET /api/admin/roster-approvals/pending/count (the approval bell)',
    await load(`${address}/api/admin/roster-approvals/pending/count`, auth),
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
console.log('| database | target | req/s | × baseline | p50 ms | p99 ms | p99 × baseline | errors |');
console.log('|---|---|---:|---:|---:|---:|---:|---:|');
for (const row of results) {
  console.log(
    `| ${row.database} | ${row.target} | ${row.requestsPerSecond} | ${row.ofBaseline} | ${row.p50Ms} | ` +
      `${row.p99Ms} | ${row.p99OfBaseline} | ${row.errors} |`,
  );
}
