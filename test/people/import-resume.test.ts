import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { buildApp } from '../../src/app.ts';
import { connectPostgres, type Database, fromPglite, queryRows } from '../../src/core/db/database.ts';
import { createPglite } from '../../src/core/db/pglite.ts';
import { testConfig } from '../helpers/app.ts';
import { databaseUrl, testDrivers } from '../helpers/environment.ts';
import { importWorkbook, multipartBody } from '../helpers/workbooks.ts';

const ROWS = 3_000;
const BAD_EVERY = 100;

/** Where each driver's database lives, so two processes can open it one after the other. */
async function prepare(driver: 'pglite' | 'postgres') {
  if (driver === 'pglite') {
    const dir = mkdtempSync(join(tmpdir(), 'resume-'));
    const client = await createPglite(undefined, {
      dataDir: join(dir, 'pgdata'),
      loadDataDir: new Blob([readFileSync(inject('pgliteTemplate'))]),
    });
    await client.close();
    return {
      env: { DATA_DIR: dir } as Record<string, string>,
      open: async (): Promise<Database> => fromPglite(await createPglite(join(dir, 'pgdata'))),
      cleanup: async () => rmSync(dir, { recursive: true, force: true }),
    };
  }
  const name = `rostering_resume_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
  await admin.connect();
  await admin.query(`create database "${name}" template "${inject('postgresTemplate')}"`);
  const url = databaseUrl(process.env.TEST_DATABASE_URL!, name);
  return {
    env: { DATABASE_URL: url } as Record<string, string>,
    open: async (): Promise<Database> => connectPostgres(url, 4),
    cleanup: async () => {
      await admin.query(`drop database if exists "${name}" with (force)`);
      await admin.end();
    },
  };
}

async function queueImport(database: Database): Promise<string> {
  const app = await buildApp({ config: testConfig({ JOBS_WORKER: 'off' }), database });
  await app.ready();
  try {
    const token = (
      await app.inject({ method: 'POST', url: '/api/auth/dev-token', payload: { username: 'planner' } })
    ).json().token;
    const rows = Array.from({ length: ROWS }, (_, i) => [
      `R${String(i).padStart(5, '0')}`,
      `Resume ${i}`,
      `استئناف ${i}`,
      i % BAD_EVERY === 0 ? 'NO_SUCH_DEPT' : 'RAMP',
    ]);
    const body = multipartBody(
      await importWorkbook(
        rows,
        rows.map((r) => [r[0], 'MARSHALLING', 'BASIC']),
      ),
    );
    const created = await app.inject({
      method: 'POST',
      url: '/api/imports/employees',
      headers: { authorization: `Bearer ${token}`, ...body.headers },
      payload: body.payload,
    });
    expect(created.statusCode).toBe(201);
    return created.json().job.id;
  } finally {
    await app.close();
  }
}

/**
 * Starts the worker process and resolves once it reports `atLeast` rows done. It applies rows in small
 * batches, so it is killed mid-job (the process that resumes uses the default batch size).
 */
function startWorker(
  env: Record<string, string>,
  atLeast: number,
): Promise<{ child: ChildProcess; seen: number }> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'test/people/fixtures/import-worker.ts'], {
    env: { ...process.env, APP_ENV: 'test', LOG_LEVEL: 'silent', IMPORT_BATCH_ROWS: '10', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let errors = '';
  child.stderr!.on('data', (chunk) => {
    errors += chunk;
  });
  return new Promise((resolve, reject) => {
    let buffer = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      buffer += chunk.toString();
      const lines = buffer.split('\n');
      buffer = lines.pop()!;
      for (const line of lines) {
        const done = Number(line.split(' ')[1]);
        if (done >= atLeast) resolve({ child, seen: done });
        if (line.includes('Completed')) reject(new Error('the job finished before the kill'));
      }
    });
    child.on('exit', (code) => reject(new Error(`worker exited early (${code}): ${errors}`)));
  });
}

for (const driver of testDrivers()) {
  describe(`an import whose worker process is killed [${driver}]`, () => {
    const cleanups: (() => Promise<void>)[] = [];
    afterAll(async () => {
      for (const cleanup of cleanups) await cleanup();
    });

    it('is resumed by another process from its last committed batch, with no row lost or doubled', async () => {
      const place = await prepare(driver);
      cleanups.push(place.cleanup);
      let database = await place.open();
      const jobId = await queueImport(database);
      if (driver === 'pglite') await database.close(); // one process at a time on a PGlite data dir

      const { child, seen } = await startWorker(place.env, 100);
      child.kill('SIGKILL');
      await new Promise((resolve) => child.once('exit', resolve));
      expect(seen).toBeLessThan(ROWS);

      if (driver === 'pglite') database = await place.open();
      const [killed] = await queryRows<{ status: string; rows_done: number; cursor: number }>(
        database.db,
        sql`select status, rows_done, cursor from jobs where id = ${jobId}`,
      );
      expect(killed!.status).toBe('Running');
      expect(killed!.rows_done).toBeGreaterThanOrEqual(seen);
      expect(killed!.rows_done).toBeLessThan(ROWS);
      // Whole batches of 10 only, each committed with its cursor move.
      expect(killed!.cursor).toBe(killed!.rows_done);
      expect(killed!.rows_done % 10).toBe(0);

      // A live service process takes the job over once the dead worker's heartbeat is stale.
      const app = await buildApp({ config: testConfig({ JOB_STALE_AFTER_MS: '500' }), database });
      await app.ready();
      try {
        let job: Record<string, unknown> = {};
        for (let i = 0; i < 6000; i++) {
          [job = {}] = await queryRows<Record<string, unknown>>(
            database.db,
            sql`select status, rows_total, rows_done, rows_failed, rows_changed, attempts from jobs where id = ${jobId}`,
          );
          if (job.status !== 'Running' && job.status !== 'Queued') break;
          await new Promise((resolve) => setTimeout(resolve, 100));
        }
        const bad = ROWS / BAD_EVERY;
        expect(job).toMatchObject({
          status: 'CompletedWithErrors',
          rows_total: ROWS,
          rows_done: ROWS,
          rows_failed: bad,
          rows_changed: ROWS - bad,
        });
        expect(job.attempts).toBeGreaterThanOrEqual(2);
        const [counts] = await queryRows<{
          employees: number;
          skills: number;
          errors: number;
          distinct_rows: number;
        }>(
          database.db,
          sql`select (select count(*)::int from employees where employee_number like 'R%') as employees,
                     (select count(*)::int from employee_skills es join employees e on e.id = es.employee_id
                       where e.employee_number like 'R%') as skills,
                     (select count(*)::int from job_row_errors where job_id = ${jobId}) as errors,
                     (select count(distinct row_number)::int from job_row_errors where job_id = ${jobId}) as distinct_rows`,
        );
        expect(counts).toEqual({
          employees: ROWS - bad,
          skills: ROWS - bad,
          errors: bad,
          distinct_rows: bad,
        });
      } finally {
        await app.close();
        await database.close();
      }
    }, 600_000);
  });
}
