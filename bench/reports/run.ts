/**
 * The monthly roster of 1,000 employees × 31 days as PDF and as xlsx, through the API: the demo grown to
 * 3,000 employees (1,000 in the ramp) with a published ramp roster for a whole past month (shaped as the
 * demo's past two weeks). Each file is asked for ROUNDS times in English and in Arabic; the table gives the
 * median and worst time, the size, and the process's peak resident set over its level before the request.
 * On PGlite and, with DATABASE_URL set, on the PostgreSQL server: `npm run bench:reports`
 * (EMPLOYEES=…, ROUNDS=…, BENCH_DATABASES=…).
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { sql } from 'drizzle-orm';
import { preparedDatabase, withSignedInApp } from '../database.ts';
import { median } from '../figures.ts';
import { publishPastMonth } from './past-month.ts';

const EMPLOYEES = Number(process.env.EMPLOYEES ?? 3_000);
const ROUNDS = Number(process.env.ROUNDS ?? 5);
const MB = 1024 * 1024;

/** A figure of this process's memory in MB from Linux's `/proc/self/status` (VmRSS now, VmHWM peak). */
const statusMb = (key: 'VmRSS' | 'VmHWM') =>
  Number(readFileSync('/proc/self/status', 'utf8').match(new RegExp(`${key}:\\s+(\\d+)`))![1]) / 1024;

/**
 * Runs `work` and answers the process's peak resident set during it, and its rise over the level before.
 * The peak is the kernel's high-water mark, reset first (`clear_refs` 5): rendering a PDF is synchronous,
 * so a timer sampling the resident set would not run while it grows.
 */
async function withPeakMemory<T>(
  work: () => Promise<T>,
): Promise<{ result: T; peakMb: number; rssMb: number }> {
  writeFileSync('/proc/self/clear_refs', '5');
  const before = statusMb('VmRSS');
  const result = await work();
  const peak = statusMb('VmHWM');
  return { result, peakMb: peak - before, rssMb: peak };
}

async function benchmark(driver: 'pglite' | 'postgres') {
  const prepared = await preparedDatabase(driver, 'reports', { employees: EMPLOYEES });
  const { database } = prepared;
  const { month } = await publishPastMonth(database);
  await database.db.execute(sql`analyze`);
  await withSignedInApp(prepared, 'planner', async (app, headers) => {
    const json = await app.inject({
      method: 'GET',
      url: `/api/reports/monthly-roster?month=${month}`,
      headers,
    });
    const staff = json.json().employees.length as number;
    console.log(
      `\n${driver}: monthly roster ${month}, ${staff} employees, ${ROUNDS} rounds each, load ${loadavg()[0]!.toFixed(1)}`,
    );
    console.log('| database | file | median | worst | size | pages or rows | peak RSS (rise over before) |');
    console.log('|---|---|---:|---:|---:|---:|---:|');
    for (const [format, lang] of [
      ['pdf', 'en'],
      ['pdf', 'ar'],
      ['xlsx', 'en'],
      ['xlsx', 'ar'],
    ] as const) {
      const times: number[] = [];
      const peaks: number[] = [];
      let rss = 0;
      let bytes = 0;
      let body: Buffer = Buffer.alloc(0);
      for (let round = 0; round < ROUNDS; round++) {
        const started = performance.now();
        const {
          result: response,
          peakMb,
          rssMb,
        } = await withPeakMemory(() =>
          app.inject({
            method: 'GET',
            url: `/api/reports/monthly-roster.${format}?month=${month}&lang=${lang}`,
            headers,
          }),
        );
        times.push(performance.now() - started);
        peaks.push(peakMb);
        rss = Math.max(rss, rssMb);
        if (response.statusCode !== 200)
          throw new Error(`${format} ${lang}: ${response.statusCode} ${response.body}`);
        body = response.rawPayload;
        bytes = body.length;
      }
      const extent =
        format === 'pdf'
          ? `${(body.toString('latin1').match(/\/Type \/Page\b/g) ?? []).length} pages`
          : `${staff + 2} rows`;
      console.log(
        `| ${driver} | ${format} ${lang} | ${(median(times) / 1000).toFixed(2)} s | ${(Math.max(...times) / 1000).toFixed(2)} s | ${(bytes / MB).toFixed(2)} MB | ${extent} | ${Math.round(rss)} MB (+${Math.round(Math.max(...peaks))} MB) |`,
      );
    }
  });
}

const drivers = (process.env.BENCH_DATABASES ?? (process.env.DATABASE_URL ? 'postgres' : 'pglite')).split(
  ',',
);
for (const driver of drivers) await benchmark(driver as 'pglite' | 'postgres');
