/**
 * Import and export of N employees end to end (upload → job Completed; export-current), on PGlite and,
 * with DATABASE_URL set, on the PostgreSQL server: `npm run bench:people` (N = 50,000, or ROWS=…).
 * Peak memory is the process's resident set size sampled every 50 ms (server and worker are one process).
 */
import { buildApp } from '../../src/app.ts';
import { loadConfig } from '../../src/config.ts';
import { importWorkbook, multipartBody } from '../../test/helpers/workbooks.ts';
import { preparedDatabase } from '../database.ts';

const ROWS = Number(process.env.ROWS ?? 50_000);

function peakMemory() {
  let peak = process.memoryUsage().rss;
  const timer = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage().rss);
  }, 50);
  return {
    stop: () => {
      clearInterval(timer);
      return peak;
    },
  };
}

const mb = (bytes: number) => Math.round(bytes / 1024 / 1024);

async function benchmark(driver: 'pglite' | 'postgres') {
  const { database, drop } = await preparedDatabase(driver, 'people');
  const config = loadConfig({ APP_ENV: 'test', DATA_DIR: '.tmp/bench', LOG_LEVEL: 'silent' });
  const app = await buildApp({ config, database });
  await app.ready();
  try {
    const token = (
      await app.inject({ method: 'POST', url: '/api/auth/dev-token', payload: { username: 'planner' } })
    ).json().token;
    const headers = { authorization: `Bearer ${token}` };
    const rows = Array.from({ length: ROWS }, (_, i) => [
      `P${String(i).padStart(7, '0')}`,
      `Bench Person ${i}`,
      `موظف ${i}`,
      ['RAMP', 'PAX', 'CARGO'][i % 3],
      `G${2 + (i % 4)}`,
      'ACTIVE',
      '2023-03-01',
      null,
    ]);
    const skills = rows.map((r, i) => [r[0], ['MARSHALLING', 'CHECK_IN', 'FORKLIFT'][i % 3], 'INTERMEDIATE']);
    const bytes = await importWorkbook(rows, skills);
    global.gc?.();
    const baseline = process.memoryUsage().rss;
    const memory = peakMemory();
    const started = performance.now();
    const body = multipartBody(bytes, 'bench.xlsx');
    const created = await app.inject({
      method: 'POST',
      url: '/api/imports/employees',
      headers: { ...headers, ...body.headers },
      payload: body.payload,
    });
    if (created.statusCode !== 201) throw new Error(created.body);
    const accepted = performance.now();
    const id = created.json().job.id;
    let job: { status: string; rowsDone: number; rowsFailed: number; rowsChanged: number };
    for (;;) {
      job = (await app.inject({ method: 'GET', url: `/api/imports/jobs/${id}`, headers })).json();
      if (job.status !== 'Queued' && job.status !== 'Running') break;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    const imported = performance.now();
    const importPeak = memory.stop();
    const exportMemory = peakMemory();
    const exportStart = performance.now();
    const exported = await app.inject({ method: 'GET', url: '/api/imports/export-current', headers });
    const exportMs = performance.now() - exportStart;
    const exportPeak = exportMemory.stop();
    console.log(
      JSON.stringify({
        database: driver,
        rows: ROWS,
        fileMB: +(bytes.length / 1024 / 1024).toFixed(2),
        uploadAnswerMs: Math.round(accepted - started),
        importMs: Math.round(imported - started),
        rowsPerSecond: Math.round(ROWS / ((imported - started) / 1000)),
        status: job.status,
        rowsDone: job.rowsDone,
        rowsFailed: job.rowsFailed,
        rowsChanged: job.rowsChanged,
        importPeakRssMB: mb(importPeak),
        importPeakOverBaselineMB: mb(importPeak - baseline),
        exportMs: Math.round(exportMs),
        exportMB: +(exported.rawPayload.length / 1024 / 1024).toFixed(2),
        exportPeakRssMB: mb(exportPeak),
      }),
    );
  } finally {
    await app.close();
    await database.close();
    await drop();
  }
}

const drivers: ('pglite' | 'postgres')[] = (process.env.BENCH_DATABASES?.split(',') as (
  | 'pglite'
  | 'postgres'
)[]) ?? ['pglite', ...(process.env.DATABASE_URL ? (['postgres'] as const) : [])];
for (const driver of drivers) await benchmark(driver);
