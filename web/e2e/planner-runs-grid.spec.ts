import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test } from '@playwright/test';
import { addDays } from '../src/lib/dates.ts';

/**
 * The live roster's grid at 2,000 employees × 31 days, from a database seeded with
 * `npm run seed:demo -- --employees 2000`: its own service on its own data folder and a free port (the
 * suite's shared service keeps the small demo). English only: seeding is the slow part, and the grid's
 * Arabic mirror is walked by planner-runs.spec.ts.
 */
const repo = fileURLToPath(new URL('../..', import.meta.url));
let service: ChildProcess | undefined;
let dataDir = '';
let base = '';

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

test.beforeAll(async ({ browserName }, info) => {
  test.skip(
    browserName !== 'chromium' || info.project.name !== 'en',
    'one language is enough for the size; both walk the grid elsewhere',
  );
  test.setTimeout(300_000);
  dataDir = mkdtempSync(join(tmpdir(), 'rostering-e2e-grid-'));
  const env = { ...process.env, APP_ENV: 'development', DATA_DIR: dataDir, LOG_LEVEL: 'warn' };
  const seeded = spawnSync(
    process.execPath,
    ['--import', 'tsx', 'scripts/seed-demo.ts', '--employees', '2000'],
    {
      cwd: repo,
      env,
      encoding: 'utf8',
    },
  );
  expect(seeded.status, seeded.stderr).toBe(0);
  const port = await freePort();
  service = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
    cwd: repo,
    env: { ...env, PORT: String(port), HOST: '127.0.0.1' },
    stdio: 'ignore',
  });
  base = `http://127.0.0.1:${port}`;
  await expect
    .poll(async () => (await fetch(`${base}/api/health`).catch(() => null))?.ok ?? false, {
      timeout: 120_000,
    })
    .toBe(true);
});

test.afterAll(async () => {
  if (service) {
    service.kill('SIGTERM');
    await new Promise((resolve) => service!.once('exit', resolve));
  }
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

test('the live roster shows 2,000 employees × 31 days and walks to the last cell', async ({ page }) => {
  test.setTimeout(120_000);
  const answer = await fetch(`${base}/api/auth/dev-token`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'planner' }),
  });
  const { token } = (await answer.json()) as { token: string };
  await page.addInitScript((value) => {
    sessionStorage.setItem(
      'rostering.session',
      JSON.stringify({
        token: value,
        expiresAt: new Date(Date.now() + 8 * 3600_000).toISOString(),
        username: 'x',
      }),
    );
  }, token);
  const today = new Date().toISOString().slice(0, 10);
  await page.goto(`${base}/roster/live?from=${addDays(today, -21)}&to=${addDays(today, 9)}`);
  const grid = page.getByTestId('roster-grid');
  await expect(grid).toBeVisible({ timeout: 60_000 });
  await expect(grid).toHaveAttribute('aria-colcount', '32');
  const rows = Number(await grid.getAttribute('aria-rowcount')) - 1;
  expect(rows).toBeGreaterThanOrEqual(1990);
  // Virtualised: a few hundred cells in the document, not 62,000.
  expect(await grid.locator('[role="gridcell"]').count()).toBeLessThan(1500);
  await expect(grid.locator('[role="gridcell"]:not(:empty)').first()).toBeVisible();
  const render = await page.evaluate(
    () => performance.getEntriesByName('roster-grid', 'measure').at(-1)?.duration ?? null,
  );
  test.info().annotations.push({ type: 'render-ms', description: String(render) });
  await grid.locator('[role="gridcell"][tabindex="0"]').focus();
  await page.keyboard.press('Control+End');
  await expect(grid.locator(`[data-cell="${rows - 1}:30"]`)).toBeFocused();
  const scroller = await grid.evaluate((element) => ({
    overflow: getComputedStyle(element).overflowX,
    page: document.documentElement.scrollWidth <= document.documentElement.clientWidth + 1,
  }));
  expect(scroller).toEqual({ overflow: 'auto', page: true });
});
