import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '../../src/seed/demo/index.ts';
import { testDrivers } from '../helpers/environment.ts';
import { alive, type ServiceProcess, startService } from '../helpers/service-process.ts';

/**
 * The compiled service is a first-class way to run (issue 37): `npm run build`, then `node dist/service.js`
 * (the bundle `npm start` runs; `node dist/server.js`, the compiled modules it is made from, runs too)
 * started as a real process on an empty data folder serves the API and the web client, runs an allocation
 * in its engine thread (the compiled worker.js, no TypeScript loader anywhere), and stops on SIGTERM.
 *
 * On PGlite only: what the build changes is how the service finds its modules and files (the engine's
 * worker, the migrations, the web client), not the database driver, which the rest of the suite covers on
 * both databases; one run of it is enough for CI's two-core machine.
 */
const run = promisify(execFile);
const DAY_MS = 86_400_000;
const nextDay = (date: string) =>
  new Date(Date.parse(`${date}T00:00:00Z`) + DAY_MS).toISOString().slice(0, 10);

describe.skipIf(!testDrivers().includes('pglite'))('the built service [pglite]', () => {
  let dataDir = '';
  let service: ServiceProcess;

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'built-service-'));
    // Incremental (tsconfig.build.json): a rerun on unchanged sources costs seconds, a fresh clone the full
    // build, a minute and more on a loaded machine.
    await run('npm', ['run', '--silent', 'build'], { maxBuffer: 16 * 1024 * 1024 }).catch(
      // tsc names its errors on stdout, which the error's message leaves out.
      (error: { stdout?: string; stderr?: string }) => {
        throw new Error(`npm run build failed:\n${error.stdout ?? ''}${error.stderr ?? ''}`);
      },
    );
    service = await startService({ env: { DATA_DIR: dataDir }, launcher: 'built' });
  }, 300_000);

  afterAll(() => {
    if (service && alive(service.pid)) process.kill(service.pid, 'SIGKILL');
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  it('serves the web client and the API, executes an allocation run, and stops on SIGTERM', async () => {
    const { address } = service;
    const context = () => service.output().slice(-3000);

    const page = await fetch(`${address}/`, { headers: { accept: 'text/html' } });
    const html = await page.text();
    expect(page.status, context()).toBe(200);
    expect(html).toContain('<div id="root">');
    const script = /src="(\/assets\/[^"]+\.js)"/.exec(html)?.[1];
    expect(script, html).toBeDefined();
    expect((await fetch(`${address}${script}`)).status).toBe(200);

    const login = await fetch(`${address}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'planner', password: DEMO_PASSWORD }),
    });
    expect(login.status, context()).toBe(200);
    const { token } = (await login.json()) as { token: string };
    const call = async <T>(method: string, path: string, body?: unknown, prefer?: string): Promise<T> => {
      const response = await fetch(`${address}${path}`, {
        method,
        headers: {
          authorization: `Bearer ${token}`,
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
          ...(prefer ? { prefer } : {}),
        },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
      const text = await response.text();
      expect(response.status, `${method} ${path}: ${text.slice(0, 500)}\n${context()}`).toBeLessThan(300);
      return JSON.parse(text) as T;
    };

    // The demo's ramp is published for four weeks from today: the planner plans the two days after.
    const departments = await call<{ items: { id: string; code: string }[] }>(
      'GET',
      '/api/lookups/departments',
    );
    const ramp = departments.items.find((department) => department.code === 'RAMP')!;
    const published = await call<{ items: { to: string }[] }>(
      'GET',
      `/api/admin/published-rosters?departmentId=${ramp.id}`,
    );
    const from = nextDay(
      published.items
        .map((version) => version.to)
        .sort()
        .at(-1)!,
    );
    const plan = await call<{ id: string; from: string; version: number }>('POST', '/api/demand/plans', {
      name: 'Built service',
      departmentId: ramp.id,
      from,
      to: nextDay(from),
    });
    const cells = [from, nextDay(from)].flatMap((date) => [
      { date, terminalCode: 'T1', shiftTemplateCode: 'MORNING', required: 3 },
      { date, terminalCode: 'T2', shiftTemplateCode: 'EVENING', required: 2 },
    ]);
    const patched = await fetch(`${address}/api/demand/plans/${plan.id}`, {
      method: 'PATCH',
      headers: {
        authorization: `Bearer ${token}`,
        'content-type': 'application/json',
        'if-match': `"${plan.version}"`,
      },
      body: JSON.stringify({ cells }),
    });
    expect(patched.status, await patched.text()).toBe(200);
    const created = await call<{ id: string }>('POST', '/api/allocation-runs', {
      planId: plan.id,
      from: plan.from,
      to: nextDay(plan.from),
    });
    const executed = await call<{
      Status: string;
      lastFailure: unknown;
      result: { proposed: number } | null;
    }>('POST', `/api/allocation-runs/${created.id}/execute`, undefined, 'wait=120');
    expect(executed.lastFailure, context()).toBeNull();
    expect(executed.Status).toBe('Executed');
    expect(executed.result?.proposed).toBeGreaterThan(0);
    // The harder search loads HiGHS in the built worker, from outside the bundle.
    const harder = await call<{ id: string }>('POST', '/api/allocation-runs', {
      planId: plan.id,
      from: plan.from,
      to: nextDay(plan.from),
      options: { exactWindows: true },
    });
    const searched = await call<{
      lastFailure: unknown;
      result: { search: { exactWindows?: { refused: number } } } | null;
    }>('POST', `/api/allocation-runs/${harder.id}/execute`, undefined, 'wait=120');
    expect(searched.lastFailure, context()).toBeNull();
    expect(searched.result?.search.exactWindows).toMatchObject({ refused: 0 });

    service.signal('SIGTERM');
    expect(await service.exited, context()).toBe(0);
    expect(existsSync(join(dataDir, 'service.lock'))).toBe(false);
  }, 180_000);

  /** A service started by `launcher` on an empty folder of its own, checked, then stopped by SIGTERM. */
  async function onFreshFolder(
    launcher: 'modules' | 'npm',
    check: (started: ServiceProcess) => Promise<void>,
  ): Promise<void> {
    const folder = mkdtempSync(join(tmpdir(), `built-${launcher}-`));
    const started = await startService({ env: { DATA_DIR: folder }, launcher });
    try {
      await check(started);
      started.signal('SIGTERM');
      expect(await started.exited, started.output()).toBe(0);
    } finally {
      if (alive(started.pid)) process.kill(started.pid, 'SIGKILL');
      rmSync(folder, { recursive: true, force: true });
    }
  }

  it(
    'also runs as the compiled modules the bundle is made from (node dist/server.js)',
    () =>
      onFreshFolder('modules', async (started) => {
        expect((await fetch(`${started.address}/api/health`)).status, started.output()).toBe(200);
        const plans = await fetch(`${started.address}/api/demand/plans`);
        expect(plans.status, started.output()).toBe(401);
      }),
    120_000,
  );

  it(
    "is what npm start runs once built, on a fresh folder started from the build's template",
    () =>
      onFreshFolder('npm', async (started) => {
        const ready = started
          .output()
          .split('\n')
          .find((line) => line.includes('service ready'));
        expect(JSON.parse(ready!).compiled, started.output()).toBe(true);
        expect((await fetch(`${started.address}/api/health`)).status).toBe(200);
      }),
    120_000,
  );
});
