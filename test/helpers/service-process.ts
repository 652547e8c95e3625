import { type ChildProcessWithoutNullStreams, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { createPglite } from '../../src/core/db/pglite.ts';
import { databaseUrl } from './environment.ts';

/**
 * A real service process (`node scripts/serve.mjs`, what `npm start` runs once the web client is current:
 * the built service when it is current, else the sources through tsx; or `npm start` itself, or the built
 * service named), for the tests and the soak that stop it with signals. Its log is kept for the
 * message of a failed check.
 */
export interface ServiceProcess {
  readonly child: ChildProcessWithoutNullStreams;
  /** The process that serves (under `npm start`, the node that npm's shell exec'd). */
  readonly pid: number;
  readonly address: string;
  /** Sends a signal as a supervisor does: to the process group under `npm start`, else to the process. */
  signal(signal: NodeJS.Signals): void;
  output(): string;
  /** Resolves with the exit code (or the signal's name) once the process has gone. */
  readonly exited: Promise<number | string>;
}

export interface StartOptions {
  /** The service's environment on top of this process's (DATA_DIR, DATABASE_URL…). */
  env: Record<string, string>;
  /** How long to wait for the ready line. */
  readyWithinMs?: number;
  /**
   * `npm start` in a process group of its own (what a supervisor starts and signals as a group), the
   * service as it runs it (`scripts/serve.mjs`, default), or the built service in `dist/` named: the
   * bundle (`built`) or its compiled modules (`modules`), `npm run build` first.
   */
  launcher?: 'node' | 'npm' | 'built' | 'modules';
}

const LAUNCHERS = {
  node: [process.execPath, ['scripts/serve.mjs']],
  npm: ['npm', ['start', '--silent']],
  built: [process.execPath, ['dist/service.js']],
  modules: [process.execPath, ['dist/server.js']],
} as const;

export async function startService(options: StartOptions): Promise<ServiceProcess> {
  const npm = options.launcher === 'npm';
  const [command, args] = LAUNCHERS[options.launcher ?? 'node'];
  const child = spawn(command, args, {
    detached: npm,
    env: {
      ...process.env,
      APP_ENV: 'development',
      PORT: '0',
      LOG_LEVEL: 'info',
      DATABASE_URL: '',
      ...options.env,
    },
  });
  let output = '';
  for (const stream of [child.stdout, child.stderr]) stream.on('data', (chunk: Buffer) => (output += chunk));
  const exited = new Promise<number | string>((resolve) =>
    child.on('exit', (code, signal) => resolve(code ?? signal ?? -1)),
  );
  const ready = await new Promise<{ address: string; pid: number }>((resolve, reject) => {
    const limit = options.readyWithinMs ?? 120_000;
    const giveUp = setTimeout(() => reject(new Error(`no ready line within ${limit} ms:\n${output}`)), limit);
    const look = () => {
      // Only whole lines: a chunk may end in the middle of the ready line.
      const ready = output
        .split('\n')
        .slice(0, -1)
        .find((line) => line.includes('service ready'));
      if (!ready) return;
      clearTimeout(giveUp);
      child.stdout.off('data', look);
      resolve(JSON.parse(ready));
    };
    child.stdout.on('data', look);
    void exited.then((code) => {
      clearTimeout(giveUp);
      reject(new Error(`the service exited with ${code} before it was ready:\n${output}`));
    });
  });
  return {
    child,
    pid: ready.pid,
    address: ready.address,
    signal: (signal) => (npm ? process.kill(-child.pid!, signal) : child.kill(signal)),
    output: () => output,
    exited,
  };
}

/** Whether a process of this id still runs (a zombie, gone but not yet reaped, does not). */
export function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
  try {
    return !/^\d+ \(.*\) Z/.test(readFileSync(`/proc/${pid}/stat`, 'utf8'));
  } catch {
    return existsSync(`/proc/${pid}`);
  }
}

/** Waits until `pid` has gone or `withinMs` passed; answers how long it took, or null if it still runs. */
export async function goneWithin(pid: number, withinMs: number): Promise<number | null> {
  const started = performance.now();
  while (alive(pid)) {
    if (performance.now() - started > withinMs) return null;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return Math.round(performance.now() - started);
}

/** A small client of one service, as a user of the API calls it. */
export function apiClient(address: string) {
  const tokens = new Map<string, string>();
  const token = async (username: string) => {
    let value = tokens.get(username);
    if (!value) {
      const response = await fetch(`${address}/api/auth/dev-token`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ username }),
      });
      if (response.status !== 200) throw new Error(`dev-token ${username}: ${response.status}`);
      value = ((await response.json()) as { token: string }).token;
      tokens.set(username, value);
    }
    return value;
  };
  const call = async (
    username: string,
    method: string,
    path: string,
    options: { body?: unknown; headers?: Record<string, string> } = {},
  ) => {
    const body =
      options.body === undefined || options.body instanceof FormData
        ? (options.body as FormData | undefined)
        : JSON.stringify(options.body);
    return fetch(`${address}${path}`, {
      method,
      headers: {
        authorization: `Bearer ${await token(username)}`,
        ...(typeof body === 'string' ? { 'content-type': 'application/json' } : {}),
        ...options.headers,
      },
      ...(body === undefined ? {} : { body }),
    });
  };
  const json = async <T = Record<string, unknown>>(
    username: string,
    method: string,
    path: string,
    options: { body?: unknown; headers?: Record<string, string>; expect?: number } = {},
  ): Promise<T> => {
    const response = await call(username, method, path, options);
    const text = await response.text();
    if (response.status !== (options.expect ?? response.status) || response.status >= 400) {
      throw new Error(`${method} ${path}: ${response.status} ${text.slice(0, 500)}`);
    }
    return (text ? JSON.parse(text) : {}) as T;
  };
  return { token, call, json };
}

export type ApiClient = ReturnType<typeof apiClient>;

const DAY_MS = 86_400_000;
const addDays = (date: string, days: number) =>
  new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);

/** The employee workbook of today's data: uploading it again changes nothing, but runs a whole import job. */
export async function currentWorkbook(api: ApiClient): Promise<Blob> {
  const response = await api.call('sysadmin', 'GET', '/api/imports/export-current');
  if (response.status !== 200) throw new Error(`export-current: ${response.status}`);
  return new Blob([await response.arrayBuffer()]);
}

export function uploadWorkbook(api: ApiClient, workbook: Blob): Promise<Response> {
  const form = new FormData();
  form.append('file', workbook, 'employees.xlsx');
  return api.call('sysadmin', 'POST', '/api/imports/employees', { body: form });
}

/**
 * What a working day looks like on the demo data, kept small: an allocation run over a few days executed
 * (the engine in its worker thread), reviewed, locked and published, an import of the
 * current employees, and the monthly roster downloaded as a PDF and a workbook. Answers what it left
 * running: the import job and a second run executing in the background.
 */
export async function busySession(api: ApiClient): Promise<{ importJobId: string; runId: string }> {
  const plans = await api.json<{ items: { id: string; name: string; from: string }[] }>(
    'planner',
    'GET',
    '/api/demand/plans',
  );
  const plan = plans.items.find((p) => p.name.startsWith('Ramp'))!;
  const run = await api.json<{ id: string }>('planner', 'POST', '/api/allocation-runs', {
    body: { planId: plan.id, from: plan.from, to: addDays(plan.from, 2), options: { timeLimitSeconds: 2 } },
  });
  for (const action of ['execute', 'review', 'lock']) {
    await api.json('planner', 'POST', `/api/allocation-runs/${run.id}/${action}`, {
      headers: { prefer: 'wait=60' },
      expect: 200,
    });
  }
  await api.json('planner', 'POST', '/api/admin/roster/publish', { body: { runId: run.id }, expect: 201 });
  const workbook = await currentWorkbook(api);
  const upload = await uploadWorkbook(api, workbook);
  if (upload.status !== 201) throw new Error(`import: ${upload.status} ${await upload.text()}`);
  const { job } = (await upload.json()) as { job: { id: string } };
  const month = plan.from.slice(0, 7);
  for (const suffix of ['.pdf', '.xlsx']) {
    const report = await api.call('planner', 'GET', `/api/reports/monthly-roster${suffix}?month=${month}`);
    if (report.status !== 200) throw new Error(`report${suffix}: ${report.status} ${await report.text()}`);
    await report.arrayBuffer();
  }
  // A second run left executing: the stop finds the engine at work (or its worker waiting for the next run).
  const second = await api.json<{ id: string }>('planner', 'POST', '/api/allocation-runs', {
    body: {
      planId: plan.id,
      from: addDays(plan.from, 3),
      to: addDays(plan.from, 9),
      options: { timeLimitSeconds: 5 },
    },
  });
  await api.json('planner', 'POST', `/api/allocation-runs/${second.id}/execute`, { expect: 202 });
  return { importJobId: job.id, runId: second.id };
}

/** A database of its own for one service process: its environment, and a look at it once the service stopped. */
export interface FreshDatabase {
  readonly driver: 'pglite' | 'postgres';
  readonly env: Record<string, string>;
  /** The embedded database's folder (its `service.lock` tells whether the service released it). */
  readonly dataDir?: string;
  query<T>(text: string, params?: unknown[]): Promise<T[]>;
  drop(): Promise<void>;
}

/** A PGlite data folder copied from a migrated one (`template`: a folder holding `pgdata`). */
export function pgliteCopy(template: string): FreshDatabase {
  const dir = mkdtempSync(join(tmpdir(), 'rostering-stop-'));
  cpSync(join(template, 'pgdata'), join(dir, 'pgdata'), { recursive: true });
  return {
    driver: 'pglite',
    env: { DATA_DIR: dir, DATABASE_URL: '' },
    dataDir: dir,
    async query<T>(text: string, params: unknown[] = []) {
      const client = await createPglite(join(dir, 'pgdata'));
      try {
        return (await client.query<T>(text, params)).rows;
      } finally {
        await client.close();
      }
    },
    async drop() {
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** A PGlite template folder from the test run's migrated, seeded dump (a tar of `dumpDataDir`). */
export async function pgliteTemplateFromDump(dumpFile: string): Promise<string> {
  const dir = mkdtempSync(join(tmpdir(), 'rostering-template-'));
  const client = await createPglite(undefined, {
    dataDir: join(dir, 'pgdata'),
    loadDataDir: new Blob([readFileSync(dumpFile)]),
  });
  await client.close();
  return dir;
}

async function onServer<T>(serverUrl: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/** A database on the PostgreSQL server, copied from a migrated template database. */
export async function postgresCopy(serverUrl: string, template: string): Promise<FreshDatabase> {
  const name = `rostering_stop_${randomBytes(5).toString('hex')}`;
  await onServer(serverUrl, (client) => client.query(`create database "${name}" template "${template}"`));
  const url = databaseUrl(serverUrl, name);
  return {
    driver: 'postgres',
    env: { DATABASE_URL: url },
    query: <T>(text: string, params: unknown[] = []) =>
      onServer(url, async (client) => (await client.query(text, params)).rows as T[]),
    drop: () =>
      onServer(serverUrl, (client) => client.query(`drop database if exists "${name}" with (force)`)).then(
        () => undefined,
      ),
  };
}

/** What one start, busy session and SIGTERM of a service did. */
export interface StopCycle {
  startMs: number;
  busyMs: number;
  /** From the signal until the serving process had gone; null: still running at the grace (+1 s). */
  stopMs: number | null;
  /** The serving process's exit (under `npm start`, npm's). */
  exit: number | string | null;
  /** Whether the embedded database's lock file was left behind. */
  lockLeft: boolean;
  /** Jobs left `Running` (claimed and neither finished nor given back). */
  runningJobs: number;
  output: string;
}

/**
 * Starts a service on `database`, takes it through a busy session, sends SIGTERM (to its process group
 * under `npm start`) and measures how long the serving process takes to go.
 */
export async function busyStopCycle(
  database: FreshDatabase,
  options: { graceMs: number; launcher: 'node' | 'npm' },
): Promise<StopCycle> {
  const started = performance.now();
  const service = await startService({
    env: { ...database.env, SHUTDOWN_GRACE_MS: String(options.graceMs) },
    launcher: options.launcher,
  });
  try {
    const ready = performance.now();
    await busySession(apiClient(service.address));
    const busy = performance.now();
    service.signal('SIGTERM');
    const stopMs = await goneWithin(service.pid, options.graceMs + 1_000);
    const exit = await Promise.race([
      service.exited,
      new Promise<null>((r) => setTimeout(() => r(null), 2_000)),
    ]);
    const lockLeft = database.dataDir ? existsSync(join(database.dataDir, 'service.lock')) : false;
    const [running] = await database.query<{ count: number }>(
      `select count(*)::int as count from jobs where status = 'Running'`,
    );
    return {
      startMs: Math.round(ready - started),
      busyMs: Math.round(busy - ready),
      stopMs,
      exit,
      lockLeft,
      runningJobs: running!.count,
      output: service.output(),
    };
  } finally {
    if (alive(service.pid)) process.kill(service.pid, 'SIGKILL');
    if (service.child.exitCode === null) service.child.kill('SIGKILL');
  }
}
