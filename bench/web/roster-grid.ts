/**
 * The roster grid at 2,000 employees × 31 days (issue 31, DESIGN §15), measured in Debian's Chromium
 * against a real service on a database seeded with `npm run seed:demo -- --employees 2000`:
 * - render: from the moment the grid's data has arrived (the `roster-grid:data` mark the live roster's
 *   query sets) to the first paint of the grid (the `roster-grid` measure), five page loads;
 * - scrolling: requestAnimationFrame deltas while the grid scrolls down 40 px a frame for 300 frames,
 *   then across and back; a frame longer than 1.5 × 16.7 ms counts as dropped.
 *
 *   npm run bench:web:grid                 (seeds a fresh data folder first)
 *   npm run bench:web:grid -- --data DIR   (a data folder seeded already)
 */
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { cpus, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { chromium } from 'playwright-core';

const repo = fileURLToPath(new URL('../..', import.meta.url));
const { values } = parseArgs({ options: { data: { type: 'string' } } });

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
const stats = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
  return { median: at(0.5), p95: at(0.95), max: sorted[sorted.length - 1]!, n: sorted.length };
};

const dataDir = values.data ?? mkdtempSync(join(tmpdir(), 'rostering-bench-grid-'));
if (!values.data) {
  const started = Date.now();
  const seeded = spawnSync(
    process.execPath,
    ['--import', 'tsx', 'scripts/seed-demo.ts', '--employees', '2000'],
    {
      cwd: repo,
      env: { ...process.env, APP_ENV: 'development', DATA_DIR: dataDir },
      stdio: 'inherit',
    },
  );
  if (seeded.status !== 0) throw new Error('seeding failed');
  console.log(`seeded 2,000 employees in ${((Date.now() - started) / 1000).toFixed(0)} s`);
}
const port = await freePort();
const base = `http://127.0.0.1:${port}`;
const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
  cwd: repo,
  env: { ...process.env, APP_ENV: 'development', DATA_DIR: dataDir, PORT: String(port), LOG_LEVEL: 'warn' },
  stdio: 'ignore',
});
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-sync'],
});
try {
  for (;;) {
    try {
      if ((await fetch(`${base}/api/health`)).ok) break;
    } catch {}
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  const { token } = (await (
    await fetch(`${base}/api/auth/dev-token`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'planner' }),
    })
  ).json()) as { token: string };
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  // In-page code is passed as text: the server's TypeScript settings know no DOM, and tsx would name functions.
  await context.addInitScript(
    `sessionStorage.setItem('rostering.session', JSON.stringify({ token: ${JSON.stringify(token)}, expiresAt: new Date(Date.now() + 8 * 3600000).toISOString(), username: 'x' }))`,
  );
  const page = await context.newPage();
  // The past fortnight is the demo's published roster: 31 days around it, every active employee a row.
  const from = day(-21);
  const to = day(9);
  const url = `${base}/roster/live?from=${from}&to=${to}`;
  const renders: number[] = [];
  const loads: number[] = [];
  let rows = 0;
  for (let i = 0; i < 5; i += 1) {
    const started = Date.now();
    await page.goto(url);
    await page.waitForSelector('[data-testid="roster-grid"] [role="gridcell"]');
    await page.waitForFunction(`performance.getEntriesByName('roster-grid', 'measure').length > 0`);
    loads.push(Date.now() - started);
    renders.push(
      (await page.evaluate(
        `performance.getEntriesByName('roster-grid', 'measure').at(-1).duration`,
      )) as number,
    );
    rows = Number(await page.getAttribute('[data-testid="roster-grid"]', 'aria-rowcount')) - 1;
  }
  const columns = Number(await page.getAttribute('[data-testid="roster-grid"]', 'aria-colcount')) - 1;
  const cells = await page.locator('[data-testid="roster-grid"] [role="gridcell"]:not(:empty)').count();
  const frames = (await page.evaluate(`new Promise((resolve) => {
    const grid = document.querySelector('[data-testid="roster-grid"]');
    const deltas = [];
    let last = performance.now();
    let frame = 0;
    const step = (now) => {
      deltas.push(now - last);
      last = now;
      frame += 1;
      if (frame <= 300) grid.scrollTop += 40;
      else if (frame <= 360) grid.scrollLeft += 20;
      else if (frame <= 420) grid.scrollLeft -= 20;
      else return resolve(deltas.slice(1));
      requestAnimationFrame(step);
    };
    requestAnimationFrame(step);
  })`)) as number[];
  const render = stats(renders);
  const load = stats(loads);
  const frame = stats(frames);
  const dropped = frames.filter((delta) => delta > 25).length;
  console.log(`\nmachine: ${cpus().length} × ${cpus()[0]?.model ?? 'cpu'}; ${new Date().toISOString()}`);
  console.log(`grid: ${rows} employees × ${columns} days (${cells} shift cells in view after the scroll)\n`);
  console.log('| measure | median | p95 | max | samples |');
  console.log('|---|---:|---:|---:|---:|');
  const ms = (value: number) => `${value.toFixed(1)} ms`;
  console.log(
    `| render after data arrives | ${ms(render.median)} | ${ms(render.p95)} | ${ms(render.max)} | ${render.n} |`,
  );
  console.log(
    `| page load to grid (requests included) | ${ms(load.median)} | ${ms(load.p95)} | ${ms(load.max)} | ${load.n} |`,
  );
  console.log(
    `| frame while scrolling (rAF delta) | ${ms(frame.median)} | ${ms(frame.p95)} | ${ms(frame.max)} | ${frame.n} |`,
  );
  console.log(`\ndropped frames (delta > 25 ms): ${dropped} of ${frames.length}`);
} finally {
  await browser.close();
  child.kill('SIGTERM');
  await new Promise((resolve) => child.once('exit', resolve));
  if (!values.data) rmSync(dataDir, { recursive: true, force: true });
}
