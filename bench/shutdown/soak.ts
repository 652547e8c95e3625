/**
 * Shutdown soak (issue 40): twenty services in a row per database, each started as `npm start` on a fresh
 * database (a copy of one migrated, seeded by a first start), taken through a busy session (an allocation
 * run executed, reviewed, locked and published, an employee import, the monthly roster as PDF and xlsx, a
 * second run left executing) and sent SIGTERM as a process group. Each must have gone within its grace
 * period, having stopped gracefully (exit 0, data folder released, no job left Running).
 *
 * `npm run soak:shutdown` (PGlite); with DATABASE_URL set, on that PostgreSQL server too.
 * SOAK_CYCLES (default 20), SOAK_GRACE_MS (default 10000).
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { databaseUrl } from '../../test/helpers/environment.ts';
import {
  busyStopCycle,
  type FreshDatabase,
  goneWithin,
  pgliteCopy,
  postgresCopy,
  type StopCycle,
  startService,
} from '../../test/helpers/service-process.ts';

const CYCLES = Number(process.env.SOAK_CYCLES ?? 20);
const GRACE_MS = Number(process.env.SOAK_GRACE_MS ?? 10_000);

/** A database migrated and seeded by a service's own first start, stopped again. */
async function firstStart(env: Record<string, string>): Promise<void> {
  const service = await startService({ env, launcher: 'node', readyWithinMs: 300_000 });
  service.signal('SIGTERM');
  if ((await goneWithin(service.pid, 30_000)) === null) throw new Error('the first start did not stop');
}

async function admin<T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

interface Summary {
  database: string;
  cycles: StopCycle[];
}

async function soak(driver: 'pglite' | 'postgres'): Promise<Summary> {
  let fresh: () => Promise<FreshDatabase>;
  let dropTemplate: () => Promise<void>;
  if (driver === 'pglite') {
    const template = mkdtempSync(join(tmpdir(), 'soak-template-'));
    await firstStart({ DATA_DIR: template, DATABASE_URL: '' });
    fresh = async () => pgliteCopy(template);
    dropTemplate = async () => rmSync(template, { recursive: true, force: true });
  } else {
    const server = process.env.DATABASE_URL!;
    const template = `rostering_soak_${randomBytes(5).toString('hex')}`;
    await admin(server, (client) => client.query(`create database "${template}"`));
    await firstStart({ DATABASE_URL: databaseUrl(server, template) });
    fresh = () => postgresCopy(server, template);
    dropTemplate = () =>
      admin(server, (client) => client.query(`drop database if exists "${template}" with (force)`)).then(
        () => undefined,
      );
  }
  const cycles: StopCycle[] = [];
  try {
    for (let i = 0; i < CYCLES; i++) {
      const database = await fresh();
      try {
        const cycle = await busyStopCycle(database, { graceMs: GRACE_MS, launcher: 'npm' });
        cycles.push(cycle);
        const { output, ...figures } = cycle;
        console.error(`${driver} cycle ${i + 1}: ${JSON.stringify(figures)}`);
        if (!ok(cycle)) console.error(output.slice(-4000));
      } finally {
        await database.drop();
      }
    }
  } finally {
    await dropTemplate();
  }
  return { database: driver, cycles };
}

const ok = (cycle: StopCycle) =>
  cycle.stopMs !== null &&
  cycle.stopMs <= GRACE_MS &&
  cycle.output.includes('"msg":"stopped"') &&
  !cycle.lockLeft &&
  cycle.runningJobs === 0;

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
};

const drivers: ('pglite' | 'postgres')[] = process.env.DATABASE_URL ? ['pglite', 'postgres'] : ['pglite'];
const results: Summary[] = [];
for (const driver of drivers) results.push(await soak(driver));

console.log(
  `\nShutdown soak: ${CYCLES} cycles per database, grace ${GRACE_MS} ms, \`npm start\` signalled as a process group, node ${process.version}\n`,
);
console.log(
  '| database | cycles | gone within the grace | stopped gracefully | stop ms median / max | exits | jobs left Running | locks left | start s median | busy session s median |',
);
console.log('|---|---:|---:|---:|---:|---|---:|---:|---:|---:|');
let failed = 0;
for (const { database, cycles } of results) {
  const stops = cycles.map((c) => c.stopMs ?? Number.POSITIVE_INFINITY);
  const exits = new Map<string, number>();
  for (const c of cycles) exits.set(String(c.exit), (exits.get(String(c.exit)) ?? 0) + 1);
  const graceful = cycles.filter(ok).length;
  failed += cycles.length - graceful;
  console.log(
    `| ${database} | ${cycles.length} | ${cycles.filter((c) => c.stopMs !== null && c.stopMs <= GRACE_MS).length} | ${graceful} | ` +
      `${median(stops)} / ${Math.max(...stops)} | ${[...exits].map(([code, n]) => `${code} ×${n}`).join(', ')} | ` +
      `${cycles.reduce((sum, c) => sum + c.runningJobs, 0)} | ${cycles.filter((c) => c.lockLeft).length} | ` +
      `${(median(cycles.map((c) => c.startMs)) / 1000).toFixed(1)} | ${(median(cycles.map((c) => c.busyMs)) / 1000).toFixed(1)} |`,
  );
}
process.exit(failed ? 1 : 0);
