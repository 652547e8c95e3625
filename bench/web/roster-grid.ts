/**
 * The roster grid at 2,000 employees × 31 days (issue 31, DESIGN §15), measured in Debian's Chromium
 * against a real service on a database seeded with `npm run seed:demo -- --employees 2000`:
 * - render: from the moment the grid's data has arrived (the `roster-grid:data` mark the live roster's
 *   query sets) to the first paint of the grid (the `roster-grid` measure), five page loads;
 * - scrolling: requestAnimationFrame deltas while the grid scrolls down 40 px a frame for 300 frames,
 *   then across and back; a frame longer than 1.5 × 16.7 ms counts as dropped;
 * - editing (issue 53), on the busiest department's rows: from a key (Delete, then Ctrl+Z) or a drop
 *   to the next frame painted with the cell changed, 40 of each; the service's check of each change
 *   runs behind it and is not waited for.
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

/**
 * Keys and drops on the live roster's grid while editing, timed in the page from the event to the first
 * frame painted after the cell changed. The department with the most shifts in the period is edited (edits name one department).
 */
async function measureEditing(
  page: import('playwright-core').Page,
  base: string,
  token: string,
  from: string,
  to: string,
): Promise<{ rows: number; times: Record<string, number[]> }> {
  const headers = { authorization: `Bearer ${token}` };
  const departments = (await (
    await fetch(`${base}/api/lookups/departments?pageSize=100`, { headers })
  ).json()) as {
    items: { id: string }[];
  };
  let largest = { id: '', n: -1 };
  for (const { id } of departments.items) {
    const page = (await (
      await fetch(`${base}/api/shift-assignments?departmentId=${id}&from=${from}&to=${to}&pageSize=1`, {
        headers,
      })
    ).json()) as { total: number };
    if (page.total > largest.n) largest = { id, n: page.total };
  }
  await page.goto(`${base}/roster/live?from=${from}&to=${to}&department=${largest.id}`);
  await page.waitForSelector('[data-testid="roster-grid"] [role="gridcell"]');
  await page.getByTestId('edit-toggle').check({ force: true });
  await page.waitForFunction(
    `[...document.querySelectorAll('[data-testid="roster-grid"] [role="gridcell"]')].some((c) => c.textContent.trim() !== '')`,
  );
  const rows = Number(await page.getAttribute('[data-testid="roster-grid"]', 'aria-rowcount')) - 1;
  // Each sample: the roving focus walked (untimed) to a shift, the event sent, the wait for the painted change.
  const timed = (kind: 'delete' | 'undo' | 'drop') =>
    page.evaluate(`new Promise((resolve) => {
      const grid = document.querySelector('[data-testid="roster-grid"]');
      // The roving tab stop is the focused cell (React may have replaced the element that had the focus).
      const source = grid.querySelector('[role="gridcell"][tabindex="0"]');
      const kind = ${JSON.stringify(kind)};
      const target = kind === 'drop'
        ? [...source.parentElement.querySelectorAll('[role="gridcell"]')].find((c) => c.textContent.trim() === '')
        : source;
      const done = kind === 'delete' ? () => target.textContent.trim() === '' : () => target.textContent.trim() !== '';
      const started = performance.now();
      setTimeout(() => resolve(Number.NaN), 5000);
      const observer = new MutationObserver(() => {
        if (!done()) return;
        observer.disconnect();
        requestAnimationFrame(() => setTimeout(() => resolve(performance.now() - started)));
      });
      observer.observe(grid, { childList: true, subtree: true, characterData: true });
      if (kind === 'drop') {
        const data = new DataTransfer();
        source.dispatchEvent(new DragEvent('dragstart', { bubbles: true, dataTransfer: data }));
        target.dispatchEvent(new DragEvent('dragover', { bubbles: true, cancelable: true, dataTransfer: data }));
        target.dispatchEvent(new DragEvent('drop', { bubbles: true, cancelable: true, dataTransfer: data }));
      } else {
        source.dispatchEvent(new KeyboardEvent('keydown', { bubbles: true, key: kind === 'delete' ? 'Delete' : 'z', ctrlKey: kind === 'undo' }));
      }
    })`) as Promise<number>;
  const times: Record<string, number[]> = { Delete: [], 'Ctrl+Z': [], drop: [] };
  for (let sample = 0; sample < 40; sample += 1) {
    // A shift in view, a different one each time, made the focused cell by a click (its details closed).
    const at = (await page.evaluate(`(() => {
      const full = [...document.querySelectorAll('[data-testid="roster-grid"] [role="gridcell"][data-cell]')]
        .filter((c) => c.textContent.trim() !== '' && [...c.parentElement.children].some((o) => o.textContent.trim() === ''));
      return full[(${sample} * 7) % full.length]?.getAttribute('data-cell') ?? null;
    })()`)) as string | null;
    if (at === null) break;
    await page.locator(`[data-testid="roster-grid"] [data-cell="${at}"]`).click();
    await page.keyboard.press('Escape');
    await page.getByRole('dialog').waitFor({ state: 'hidden' });
    // At a person's pace: a quarter of a second between changes, as between two keys one means.
    const pause = () => page.waitForTimeout(250);
    await pause();
    times.Delete!.push(await timed('delete'));
    await pause();
    times['Ctrl+Z']!.push(await timed('undo'));
    await pause();
    times.drop!.push(await timed('drop'));
    await pause();
    await page.keyboard.press('Control+z');
  }
  return { rows, times };
}

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
  const context = await browser.newContext({
    viewport: { width: 1280, height: 900 },
    reducedMotion: 'reduce',
  });
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
  const edits = await measureEditing(page, base, token, from, to);
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
  console.log(`\nediting ${edits.rows} employees × ${columns} days of one department:\n`);
  console.log('| change | median | p95 | max | samples |');
  console.log('|---|---:|---:|---:|---:|');
  for (const [name, values] of Object.entries(edits.times)) {
    const answered = values.filter(Number.isFinite);
    const s = stats(answered);
    console.log(
      `| ${name}, key or drop to painted | ${ms(s.median)} | ${ms(s.p95)} | ${ms(s.max)} | ${s.n} |`,
    );
  }
} finally {
  await browser.close();
  child.kill('SIGTERM');
  await new Promise((resolve) => child.once('exit', resolve));
  if (!values.data) rmSync(dataDir, { recursive: true, force: true });
}
