/**
 * Attendance import of a 20,000-row workbook (2,000 employees × 10 days) through the API: preview (upload,
 * guarded read, a verdict per row, the preview stored) then commit (one transaction), first as new records,
 * then the same file again (every row unchanged), then a file changing every row (updates with their trail).
 * On PGlite and, with DATABASE_URL set, on the PostgreSQL server: `npm run bench:attendance` (ROWS=…,
 * EMPLOYEES=…, ROUNDS=…). Peak memory is the process's resident set size sampled every 50 ms.
 */
import { loadavg } from 'node:os';
import { addDays, businessDate, DEFAULT_TIMEZONE } from '../../src/core/time/dates.ts';
import { attendanceWorkbook, multipartBody } from '../../test/helpers/workbooks.ts';
import { preparedDatabase, withSignedInApp } from '../database.ts';
import { mb, sampledPeakRss } from '../figures.ts';

const ROWS = Number(process.env.ROWS ?? 20_000);
const EMPLOYEES = Number(process.env.EMPLOYEES ?? 2_000);
const ROUNDS = Number(process.env.ROUNDS ?? 2);

/** Rows of `days` dates (from 40 days ago, clear of the demo's two weeks) × employees; `shift` moves times. */
function rows(shiftMinutes: number) {
  const today = businessDate(new Date(), DEFAULT_TIMEZONE);
  const days = Math.ceil(ROWS / EMPLOYEES);
  const out: (string | null)[][] = [];
  for (let d = 0; d < days && out.length < ROWS; d++) {
    const date = addDays(today, -40 + d);
    for (let e = 1; e <= EMPLOYEES && out.length < ROWS; e++) {
      const minute = String((e + shiftMinutes) % 60).padStart(2, '0');
      const late = e % 10 === 0;
      out.push([
        `E${String(e).padStart(5, '0')}`,
        date,
        `${late ? '07' : '06'}:${minute}`,
        `14:${minute}`,
        late ? 'LATE' : 'PRESENT',
      ]);
    }
  }
  return out;
}

async function benchmark(driver: 'pglite' | 'postgres') {
  const { database, drop } = await preparedDatabase(driver, 'attendance', { employees: EMPLOYEES });
  await withSignedInApp({ database, drop }, 'hrdirector', async (app, headers) => {
    const phases: [string, number][] = [['new records', 0]];
    for (let round = 1; round <= ROUNDS; round++) phases.push([`unchanged (again ${round})`, 0]);
    for (let round = 1; round <= ROUNDS; round++) phases.push([`every row changed (${round})`, round * 7]);
    for (const [phase, shift] of phases) {
      const bytes = await attendanceWorkbook(rows(shift));
      global.gc?.();
      const baseline = process.memoryUsage().rss;
      const stop = sampledPeakRss();
      const load = loadavg()[0]!.toFixed(1);
      const started = performance.now();
      const body = multipartBody(bytes, 'attendance.xlsx');
      const preview = await app.inject({
        method: 'POST',
        url: '/api/admin/attendance/import/preview',
        headers: { ...headers, ...body.headers },
        payload: body.payload,
      });
      if (preview.statusCode !== 200) throw new Error(preview.body);
      const previewed = performance.now();
      const committed = await app.inject({
        method: 'POST',
        url: '/api/admin/attendance/import/commit',
        headers,
        payload: { previewId: preview.json().previewId },
      });
      if (committed.statusCode !== 200) throw new Error(committed.body);
      const done = performance.now();
      const peak = stop();
      console.log(
        JSON.stringify({
          database: driver,
          phase,
          rows: ROWS,
          fileMB: +(bytes.length / 1024 / 1024).toFixed(2),
          previewMs: Math.round(previewed - started),
          previewAnswerMB: +(preview.rawPayload.length / 1024 / 1024).toFixed(2),
          summary: preview.json().summary,
          commitMs: Math.round(done - previewed),
          result: committed.json(),
          peakRssMB: mb(peak),
          peakOverBaselineMB: mb(peak - baseline),
          loadAverage: load,
        }),
      );
    }
  });
}

const drivers: ('pglite' | 'postgres')[] = (process.env.BENCH_DATABASES?.split(',') as (
  | 'pglite'
  | 'postgres'
)[]) ?? ['pglite', ...(process.env.DATABASE_URL ? (['postgres'] as const) : [])];
for (const driver of drivers) await benchmark(driver);
