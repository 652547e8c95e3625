/**
 * Import and export of N employees end to end (upload → job Completed; export-current), on PGlite and,
 * with DATABASE_URL set, on the PostgreSQL server: `npm run bench:people` (N = 50,000, or ROWS=…).
 * Peak memory is the process's resident set size sampled every 50 ms (server and worker are one process);
 * "over idle" is over the resident set of the service ready and idle, the workbook's bytes read: the
 * workbook is built by a process of its own (`workbook.ts`), so building it is not counted.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync } from 'node:fs';
import { buildApp } from '../../src/app.ts';
import { loadConfig } from '../../src/config.ts';
import { multipartBody } from '../../test/helpers/workbooks.ts';
import { preparedDatabase } from '../database.ts';
import { mb, sampledPeakRss } from '../figures.ts';

const ROWS = Number(process.env.ROWS ?? 50_000);

function workbookBytes(): Buffer {
  const file = `.tmp/bench/people-${ROWS}.xlsx`;
  mkdirSync('.tmp/bench', { recursive: true });
  execFileSync(process.execPath, ['--import', 'tsx', 'bench/people/workbook.ts', String(ROWS), file]);
  return readFileSync(file);
}

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
    const bytes = workbookBytes();
    global.gc?.();
    const baseline = process.memoryUsage().rss;
    const stopImport = sampledPeakRss();
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
    const importPeak = stopImport();
    const stopExport = sampledPeakRss();
    const exportStart = performance.now();
    const exported = await app.inject({ method: 'GET', url: '/api/imports/export-current', headers });
    const exportMs = performance.now() - exportStart;
    const exportPeak = stopExport();
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
        idleRssMB: mb(baseline),
        importPeakRssMB: mb(importPeak),
        importPeakOverIdleMB: mb(importPeak - baseline),
        exportMs: Math.round(exportMs),
        exportMB: +(exported.rawPayload.length / 1024 / 1024).toFixed(2),
        exportPeakRssMB: mb(exportPeak),
        exportPeakOverIdleMB: mb(exportPeak - baseline),
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
