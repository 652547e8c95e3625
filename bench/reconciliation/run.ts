/**
 * Reconciliation over a month of the 2,000-employee set through the API: the demo grown to 6,000 employees
 * (2,000 in the ramp), a published ramp roster of 31 days (shaped as the demo's past two weeks) and
 * attendance following it. Phases: the first exception read (every date computed), the same read again
 * (nothing changed), a read after one record changed (one date recomputed), the pending count, a page of
 * exceptions, the month's variance and the dashboard summary; then the same recompute and variance after ANALYZE (the first phases
 * run right after the bulk load, before autovacuum gathered statistics: the planner's worst case). On PGlite and, with DATABASE_URL set, on the PostgreSQL server:
 * `npm run bench:reconciliation` (EMPLOYEES=…, BENCH_DATABASES=…).
 */
import { loadavg } from 'node:os';
import { sql } from 'drizzle-orm';
import { queryRows } from '../../src/core/db/database.ts';
import { addDays, businessDate, DEFAULT_TIMEZONE } from '../../src/core/time/dates.ts';
import { attendanceOfRoster } from '../../src/seed/demo/attendance.ts';
import { publishPastRoster } from '../../src/seed/demo/roster.ts';
import { preparedDatabase, withSignedInApp } from '../database.ts';

const EMPLOYEES = Number(process.env.EMPLOYEES ?? 6_000);
const DAYS = 31;

async function benchmark(driver: 'pglite' | 'postgres') {
  const { database, drop } = await preparedDatabase(driver, 'reconciliation', { employees: EMPLOYEES });
  const today = businessDate(new Date(), DEFAULT_TIMEZONE);
  // Clear of the demo's past two weeks.
  const from = addDays(today, -(DAYS + 20));
  const to = addDays(from, DAYS - 1);
  const [unit] = await queryRows<{ bu: string; ramp: string }>(
    database.db,
    sql`select b.id as bu, o.id as ramp from business_units b join org_nodes o on o.bu_id = b.id and o.code = 'RAMP'
         where b.code = 'MAIN'`,
  );
  await database.db.transaction(async (tx) => {
    await publishPastRoster(tx, { buId: unit!.bu, departmentId: unit!.ramp, from, to });
    await attendanceOfRoster(tx, unit!.bu, from, to);
  });
  const [size] = await queryRows<{ lines: number; records: number; staff: number }>(
    database.db,
    sql`select (select count(*)::int from published_roster_lines where date between ${from} and ${to}) as lines,
               (select count(*)::int from attendance_records where date between ${from} and ${to}) as records,
               (select count(distinct employee_id)::int from published_roster_lines where date between ${from} and ${to}) as staff`,
  );
  await withSignedInApp({ database, drop }, 'planner', async (app, headers) => {
    const range = `from=${from}&to=${to}`;
    const timed = async (phase: string, url: string) => {
      const load = loadavg()[0]!.toFixed(1);
      const started = performance.now();
      const response = await app.inject({ method: 'GET', url, headers });
      const ms = performance.now() - started;
      if (response.statusCode !== 200) throw new Error(`${phase}: ${response.statusCode} ${response.body}`);
      const body = response.json();
      const figure = body.total ?? body.count ?? body.lines?.length ?? body.activeEmployees;
      console.log(`| ${driver} | ${phase} | ${Math.round(ms)} ms | ${figure} | ${load} |`);
    };
    console.log(
      `\n${driver}: ${size!.staff} staff, ${size!.lines} planned shifts, ${size!.records} attendance records, ${from} – ${to}`,
    );
    console.log('| database | phase | time | figure | load (1 min) |\n|---|---|---:|---:|---:|');
    await timed(
      'first read: every date computed',
      `/api/admin/reconciliation/exceptions?${range}&pageSize=50`,
    );
    await timed(
      'same read again (nothing changed)',
      `/api/admin/reconciliation/exceptions?${range}&pageSize=50`,
    );
    await timed('pending count', `/api/admin/reconciliation/pending-count?${range}`);
    await database.db.execute(sql`update attendance_records set time_in = time_in + interval '1 minute'
      where id = (select id from attendance_records where date = ${addDays(from, 10)} and time_in is not null limit 1)`);
    await timed('after one record changed (two dates)', `/api/admin/reconciliation/pending-count?${range}`);
    await timed(
      'last page of exceptions',
      `/api/admin/reconciliation/exceptions?${range}&pageSize=500&page=20`,
    );
    await timed('variance of the month', `/api/admin/reconciliation/variance?${range}`);
    // The dashboard polls: every tile over the same data, twice (the second with nothing changed).
    await timed('dashboard summary', '/api/dashboard/summary');
    await timed('dashboard summary again', '/api/dashboard/summary');
    // As autovacuum leaves the tables a minute later: with statistics, every date stale again.
    await database.db.execute(sql`analyze`);
    await database.db.execute(sql`update reconciliation_days set input_version = input_version + 1`);
    await timed('month recomputed, with statistics', `/api/admin/reconciliation/pending-count?${range}`);
    await timed('variance, with statistics', `/api/admin/reconciliation/variance?${range}`);
  });
}

const drivers = (process.env.BENCH_DATABASES ?? (process.env.DATABASE_URL ? 'postgres' : 'pglite')).split(
  ',',
);
for (const driver of drivers) await benchmark(driver as 'pglite' | 'postgres');
