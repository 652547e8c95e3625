/**
 * The demand matrix under a large edit (issue 31): a 92-day plan over 13 terminals × 3 shifts with two
 * skill lines under each date (276 rows × 39 columns), a block of more than 10,000 cells pasted into it,
 * then typing in it, then the save.
 * - Input to paint: from a key's event time to the first task after the next animation frame (the frame
 *   that shows the change), for each key of "digit, Enter" typed into 30 cells while the 10,000 pasted
 *   edits are pending (the totals follow them).
 * - The paste: from the paste event to the frame that shows it.
 * - The save: the PATCH requests sent (one), their cells and bytes, and click to the confirmation.
 * A real service on PGlite with the demo data, Debian's Chromium through Playwright; run by hand:
 *
 *   npm run build:web && npx tsx bench/web/demand-matrix.ts
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

const repo = fileURLToPath(new URL('../..', import.meta.url));
const EXTRA_TERMINALS = 10;
const DAYS = 92;

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

const addDays = (day: string, days: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

async function main(): Promise<void> {
  const dataDir = mkdtempSync(join(tmpdir(), 'rostering-bench-demand-'));
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
    cwd: repo,
    env: { ...process.env, APP_ENV: 'development', DATA_DIR: dataDir, PORT: String(port), LOG_LEVEL: 'warn' },
    stdio: 'ignore',
  });
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-sync',
    ],
  });
  try {
    for (;;) {
      try {
        if ((await fetch(`${base}/api/health`)).ok) break;
      } catch {}
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    const token = async (username: string) =>
      (
        (await (
          await fetch(`${base}/api/auth/dev-token`, {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({ username }),
          })
        ).json()) as { token: string }
      ).token;
    const as =
      (bearer: string) =>
      async (method: string, path: string, body?: unknown, headers = {}) => {
        const answer = await fetch(`${base}/api${path}`, {
          method,
          headers: { authorization: `Bearer ${bearer}`, 'content-type': 'application/json', ...headers },
          body: body === undefined ? undefined : JSON.stringify(body),
        });
        if (!answer.ok) throw new Error(`${method} ${path}: ${answer.status} ${await answer.text()}`);
        return answer.json() as Promise<Record<string, unknown>>;
      };
    const admin = as(await token('sysadmin'));
    for (let i = 1; i <= EXTRA_TERMINALS; i++)
      await admin('POST', '/admin/terminals', {
        code: `X${String(i).padStart(2, '0')}`,
        Name_1_English: `Stand ${i}`,
        Name_2_Arabic: `موقف ${i}`,
      });
    const plannerToken = await token('planner');
    const planner = as(plannerToken);
    const departments = (await planner('GET', '/lookups/departments?pageSize=500')) as {
      items: { id: string; code: string }[];
    };
    const pax = departments.items.find((node) => node.code === 'PAX')!.id;
    const from = '2034-01-01';
    const plan = (await planner('POST', '/demand/plans', {
      name: 'Benchmark quarter',
      departmentId: pax,
      from,
      to: addDays(from, DAYS - 1),
    })) as { id: string; version: number };
    // Two skill lines, so that every date unfolds into three rows.
    await planner(
      'PATCH',
      `/demand/plans/${plan.id}`,
      {
        cells: ['CHECK_IN', 'BOARDING'].map((skillCode) => ({
          date: from,
          terminalCode: 'T1',
          shiftTemplateCode: 'MORNING',
          skillCode,
          required: 1,
        })),
      },
      { 'if-match': `"${plan.version}"` },
    );

    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    // The browser's side is written as text: this file is type-checked without the DOM's types.
    await context.addInitScript({
      content: `sessionStorage.setItem('rostering.session', JSON.stringify({ token: ${JSON.stringify(plannerToken)}, expiresAt: new Date(Date.now() + 8 * 3600000).toISOString(), username: 'x' }));`,
    });
    const page = await context.newPage();
    await page.goto(`${base}/demand/plans/${plan.id}`);
    await page.getByTestId('unfold-all').check({ force: true });
    const matrix = page.getByTestId('demand-matrix');
    await matrix.locator('td[data-key]').first().waitFor();
    const columns = await matrix.locator('thead th').count();
    const cols = columns - 2;
    const rows = DAYS * 3;
    console.log(
      `load average at start: ${loadavg()
        .map((value) => value.toFixed(1))
        .join(', ')}`,
    );
    console.log(`matrix: ${rows} rows × ${cols} columns = ${rows * cols} cells`);

    await page.evaluate(`
      window.__lat = [];
      window.addEventListener('keydown', (event) => {
        const start = event.timeStamp;
        const key = event.key === 'Enter' ? 'Enter' : 'digit';
        requestAnimationFrame(() => setTimeout(() => window.__lat.push([key, performance.now() - start]), 0));
      }, true);
    `);

    // The paste: a block of rows × columns numbers, from the first cell.
    await matrix.locator('td[data-key]').first().click();
    const blockRows = Math.ceil(10_000 / cols);
    const block = Array.from({ length: blockRows }, (_, r) =>
      Array.from({ length: cols }, (_, c) => String(((r + c) % 9) + 1)).join('\t'),
    ).join('\n');
    await page.evaluate(`window.__block = ${JSON.stringify(block)}`);
    const pasteMs = (await page.evaluate(`new Promise((resolve) => {
      const transfer = new DataTransfer();
      transfer.setData('text/plain', window.__block);
      const event = new ClipboardEvent('paste', { clipboardData: transfer, bubbles: true, cancelable: true });
      const start = performance.now();
      document.querySelector('[data-testid="demand-matrix"]').dispatchEvent(event);
      requestAnimationFrame(() => setTimeout(() => resolve(performance.now() - start), 0));
    })`)) as number;
    const pending = await page.getByTestId('save-plan').textContent();
    console.log(
      `paste of ${blockRows * cols} cells: ${pasteMs.toFixed(1)} ms to the frame that shows it (${pending})`,
    );

    // Typing: a digit and Enter in 30 cells, a key every 120 ms.
    await page.evaluate('window.__lat = []');
    for (let i = 0; i < 30; i++) {
      await page.keyboard.press(String((i % 9) + 1), { delay: 0 });
      await page.waitForTimeout(120);
      await page.keyboard.press('Enter');
      await page.waitForTimeout(120);
    }
    const measured = (await page.evaluate('window.__lat')) as [string, number][];
    const summary = (name: string, values: number[]) => {
      const sorted = [...values].sort((a, b) => a - b);
      const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
      return `${name} (${sorted.length}): median ${at(0.5).toFixed(1)} ms, p95 ${at(0.95).toFixed(1)} ms, max ${sorted.at(-1)!.toFixed(1)} ms`;
    };
    console.log(
      `input to paint, ${summary(
        'every key',
        measured.map(([, ms]) => ms),
      )}`,
    );
    for (const key of ['digit', 'Enter'])
      console.log(
        `  ${summary(
          key,
          measured.filter(([name]) => name === key).map(([, ms]) => ms),
        )}`,
      );

    // The save: one PATCH.
    const patches: { bytes: number; cells: number }[] = [];
    page.on('request', (request) => {
      if (request.method() === 'PATCH') {
        const body = request.postData() ?? '';
        patches.push({ bytes: body.length, cells: (JSON.parse(body) as { cells: unknown[] }).cells.length });
        void request.headerValue('if-match').then((value) => console.log(`  If-Match: ${value}`));
      }
    });
    const started = Date.now();
    await page.getByTestId('save-plan').click();
    await page.getByTestId('plan-notice').filter({ hasText: /saved/ }).waitFor({ timeout: 120_000 });
    const saveMs = Date.now() - started;
    console.log(
      `save: ${patches.length} PATCH, ${patches.map((p) => `${p.cells} cells, ${(p.bytes / 1024).toFixed(0)} KB`).join('; ')}; click to confirmation ${saveMs} ms`,
    );
  } finally {
    await browser.close();
    child.kill('SIGTERM');
    await new Promise((resolve) => setTimeout(resolve, 1000));
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
