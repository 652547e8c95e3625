/**
 * API throughput: the service against a bare Fastify answering one query on the same database, in the
 * same run, so the figures compare the service's own cost (auth, validation, serialisation) with the
 * floor. The load comes from autocannon in a process of its own, so it does not share the server's event
 * loop. `npm run bench:api` (PGlite); with DATABASE_URL set, on the PostgreSQL server too.
 */
import { execFile } from 'node:child_process';
import { createRequire } from 'node:module';
import { promisify } from 'node:util';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import Fastify from 'fastify';
import pg from 'pg';
import { buildApp } from '../../src/app.ts';
import { loadConfig } from '../../src/config.ts';
import { addDays, businessDate, DEFAULT_TIMEZONE } from '../../src/core/time/dates.ts';
import { preparedDatabase } from '../database.ts';

const DURATION_S = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 64);
const AUTOCANNON = createRequire(import.meta.url).resolve('autocannon/autocannon.js');
const run = promisify(execFile);

/**
 * Every statement either driver sends, counted and timed where the driver sends it, so one request's
 * queries and time in the database can be read off (the bench's own process only).
 */
const statements = { count: 0, ms: 0 };
function countStatements<T extends object>(prototype: T, method: keyof T): void {
  const original = prototype[method] as unknown as (...args: unknown[]) => unknown;
  (prototype as Record<keyof T, unknown>)[method] = function (this: unknown, ...args: unknown[]) {
    const started = performance.now();
    statements.count += 1;
    const result = original.apply(this, args);
    if (result instanceof Promise)
      return result.finally(() => {
        statements.ms += performance.now() - started;
      });
    return result;
  };
}
countStatements(PGlite.prototype, 'query');
countStatements(pg.Client.prototype, 'query');

interface Profile {
  target: string;
  queries: number;
  databaseMs: number;
  totalMs: number;
}

interface Row {
  database: string;
  target: string;
  requestsPerSecond: number;
  ofBaseline: number;
  p50Ms: number;
  p99Ms: number;
  p99OfBaseline: number;
  errors: number;
  maxMs: number;
  /** Requests the service took over 2 s to answer (measured in the service, onResponse). */
  over2s: number;
}

interface LoadResult {
  requests: { average: number };
  latency: { p50: number; p99: number; max: number };
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

async function benchmark(
  driver: 'pglite' | 'postgres',
  queue = true,
): Promise<{ rows: Row[]; profiles: Profile[] }> {
  const { database, drop } = await preparedDatabase(driver, 'api', { poolSize: 20 });
  const rows: Row[] = [];
  const profiles: Profile[] = [];
  let floor: LoadResult | undefined;
  let slow = 0;
  const record = (target: string, result: LoadResult) => {
    const over2s = slow;
    slow = 0;
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
      maxMs: result.latency.max,
      over2s,
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
  const app = await buildApp({ config, database, ...(queue ? {} : { readQueue: false as const }) });
  app.addHook('onResponse', async (_request, reply) => {
    if (reply.elapsedTime > 2_000) slow += 1;
  });
  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  const signIn = async (username: string) => {
    const answer = await fetch(`${address}/api/auth/dev-token`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username }),
    });
    const { token } = (await answer.json()) as { token: string };
    return { authorization: `Bearer ${token}` };
  };
  const admin = await signIn('sysadmin');
  // The demo employee works the published ramp roster of the last fortnight: four weeks around today hold
  // their shifts, days off and dates not planned yet.
  const employee = await signIn('employee');
  const today = businessDate(new Date(), DEFAULT_TIMEZONE);
  const aroundToday = `from=${addDays(today, -14)}&to=${addDays(today, 13)}`;
  const reads: [string, string, Record<string, string>][] = [
    ['GET /api/health (open, one query)', '/api/health', admin],
    ['GET /api/me/profile (token, own account)', '/api/me/profile', admin],
    ['GET /api/settings (token + settings)', '/api/settings', admin],
    ['GET /api/me/roster (own roster, default range, no shifts)', '/api/me/roster', admin],
    ['GET /api/me/roster (an employee with shifts, four weeks)', `/api/me/roster?${aroundToday}`, employee],
    ['GET /api/users?pageSize=50 (admin list with grants)', '/api/users?pageSize=50', admin],
    ['GET /api/employees?pageSize=50 (a page of employees)', '/api/employees?pageSize=50', admin],
    ['GET /api/lookups/terminals (token + a page of lookups)', '/api/lookups/terminals', admin],
    [
      'GET /api/admin/roster-approvals/pending/count (the approval bell)',
      '/api/admin/roster-approvals/pending/count',
      admin,
    ],
  ];
  // Each read alone, warm, before any load (so no straggler of a load is counted): the fewest statements
  // and the least time of three tries, since the job runner and the cache's heartbeat share the counter.
  for (const [target, path, auth] of reads) {
    await fetch(`${address}${path}`, { headers: auth });
    let best: Profile | undefined;
    for (let attempt = 0; attempt < 3; attempt += 1) {
      const before = { ...statements };
      const started = performance.now();
      const answer = await fetch(`${address}${path}`, { headers: auth });
      await answer.arrayBuffer();
      if (answer.status !== 200) throw new Error(`${path} answered ${answer.status}`);
      const tried = {
        target,
        queries: statements.count - before.count,
        databaseMs: Math.round((statements.ms - before.ms) * 100) / 100,
        totalMs: Math.round((performance.now() - started) * 100) / 100,
      };
      if (!best || tried.queries < best.queries || tried.totalMs < best.totalMs) best = tried;
    }
    profiles.push(best!);
  }
  for (const [target, path, auth] of reads) {
    slow = 0;
    record(target, await load(`${address}${path}`, auth));
  }
  // The kept pages at their worst: a write to a table they read every 50 ms drops them, so reads after
  // each write build the page again (a rename of one account reaches both lists).
  const rename = setInterval(() => {
    void database.db
      .execute(sql`update users set display_name = display_name where username = 'planner'`)
      .catch(() => undefined);
  }, 50);
  for (const [target, path] of [
    ['GET /api/users?pageSize=50 while an account is saved every 50 ms', '/api/users?pageSize=50'],
    ['GET /api/employees?pageSize=50 while an account is saved every 50 ms', '/api/employees?pageSize=50'],
  ]) {
    slow = 0;
    record(target!, await load(`${address}${path}`, admin));
  }
  clearInterval(rename);
  await app.close();
  await database.close();
  await drop();
  return { rows, profiles };
}

const drivers: ('pglite' | 'postgres')[] = process.env.DATABASE_URL ? ['pglite', 'postgres'] : ['pglite'];
const results: Row[] = [];
const profiles: (Profile & { database: string })[] = [];
// BENCH_NO_QUEUE=1 adds a PGlite run without the read queue, to compare within one run.
const runs = drivers.flatMap((driver): ['pglite' | 'postgres', boolean][] =>
  driver === 'pglite' && process.env.BENCH_NO_QUEUE
    ? [
        [driver, false],
        [driver, true],
      ]
    : [[driver, true]],
);
for (const [driver, queue] of runs) {
  const outcome = await benchmark(driver, queue);
  results.push(...outcome.rows);
  const name = queue ? driver : `${driver} (no read queue)`;
  for (const row of outcome.rows) row.database = name;
  profiles.push(...outcome.profiles.map((profile) => ({ database: name, ...profile })));
}
const { loadavg, cpus } = await import('node:os');
console.log(
  `\nAPI throughput, ${CONNECTIONS} connections, ${DURATION_S} s each, node ${process.version}, ` +
    `${cpus().length} cores, load ${loadavg()
      .map((n) => n.toFixed(2))
      .join(' ')} at the end\n`,
);
console.log(
  '| database | target | req/s | × baseline | p50 ms | p99 ms | p99 × baseline | max ms | over 2 s | errors |',
);
console.log('|---|---|---:|---:|---:|---:|---:|---:|---:|---:|');
for (const row of results) {
  console.log(
    `| ${row.database} | ${row.target} | ${row.requestsPerSecond} | ${row.ofBaseline} | ${row.p50Ms} | ` +
      `${row.p99Ms} | ${row.p99OfBaseline} | ${row.maxMs} | ${row.over2s} | ${row.errors} |`,
  );
}
console.log('\nOne request alone, warm: statements sent, time in the driver, time at the client\n');
console.log('| database | read | statements | database ms | total ms |');
console.log('|---|---|---:|---:|---:|');
for (const profile of profiles) {
  console.log(
    `| ${profile.database} | ${profile.target} | ${profile.queries} | ${profile.databaseMs} | ${profile.totalMs} |`,
  );
}
