/**
 * Issue 54: what reaches a person's browser. For each checkout named (this one by default, and any other,
 * e.g. a worktree of an older commit, to compare in the same run), a real service on a fresh embedded
 * database with the demo data and Debian's Chromium: the bytes on the wire (headers and bodies, as the
 * browser received them) of signing in and opening the first screen as a manager, and as the employee
 * opening My roster; then a second visit of each in the same browser, counting what it downloaded again.
 *
 *   npx tsx bench/web/bytes-on-wire.ts [--repo DIR …]
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type BrowserContext, chromium, type Page } from 'playwright-core';

const here = fileURLToPath(new URL('../..', import.meta.url));
const repos = process.argv.flatMap((arg, i, all) => (all[i - 1] === '--repo' ? [resolve(arg)] : []));
if (!repos.length) repos.push(here);

async function freePort(): Promise<number> {
  return new Promise((done) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => done(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

async function startService(repo: string): Promise<{ base: string; stop(): Promise<void> }> {
  const dataDir = mkdtempSync(join(tmpdir(), 'bytes-'));
  const port = await freePort();
  const child: ChildProcess = spawn(process.execPath, ['scripts/start.mjs'], {
    cwd: repo,
    env: { ...process.env, DATA_DIR: dataDir, PORT: String(port), LOG_LEVEL: 'warn', APP_ENV: 'development' },
    stdio: 'ignore',
  });
  const base = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 360; i++) {
    if ((await fetch(`${base}/api/health`).catch(() => null))?.ok) break;
    await new Promise((r) => setTimeout(r, 500));
  }
  return {
    base,
    async stop() {
      child.kill('SIGTERM');
      await new Promise((r) => child.once('exit', r));
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Bytes received and responses that came over the network while `work` ran, by the browser's account. */
async function onTheWire(page: Page, work: () => Promise<void>) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  let bytes = 0;
  let downloads = 0;
  let assetsDownloaded = 0;
  const urls = new Map<string, string>();
  const cached = new Set<string>();
  cdp.on('Network.requestServedFromCache', (event) => cached.add(event.requestId));
  cdp.on('Network.responseReceived', (event) => {
    if (!event.response.fromDiskCache && !event.response.fromServiceWorker)
      urls.set(event.requestId, event.response.url);
  });
  cdp.on('Network.loadingFinished', (event) => {
    const url = urls.get(event.requestId);
    // A response from the browser's cache crossed no wire (its length is what the cache held).
    if (url === undefined || cached.has(event.requestId)) return;
    bytes += event.encodedDataLength;
    downloads += 1;
    if (url.includes('/assets/')) assetsDownloaded += 1;
  });
  await work();
  await page.waitForLoadState('networkidle');
  await cdp.detach();
  return { bytes, downloads, assetsDownloaded };
}

async function signIn(page: Page, base: string, username: string): Promise<void> {
  await page.goto(`${base}/login`);
  await page.locator('input[autocomplete="username"]').fill(username);
  await page.locator('input[type="password"]').fill('Demo#Roster2026');
  await page.locator('button[type="submit"]').click();
  await page.waitForURL((url) => !url.pathname.startsWith('/login'));
}

async function measure(repo: string) {
  const service = await startService(repo);
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
    ],
  });
  const rows: string[] = [];
  try {
    for (const [who, path, ready] of [
      ['manager', '/', 'main h1, main [data-testid]'],
      ['employee', '/my/roster', 'main [data-testid]'],
    ] as const) {
      const context: BrowserContext = await browser.newContext({ locale: 'en-GB' });
      const page = await context.newPage();
      const first = await onTheWire(page, async () => {
        await signIn(page, service.base, who);
        await page.goto(`${service.base}${path}`);
        await page.locator(ready).first().waitFor();
      });
      const second = await onTheWire(page, async () => {
        await page.goto(`${service.base}${path}`);
        await page.locator(ready).first().waitFor();
      });
      rows.push(
        `| ${repo} | ${who} ${path} | ${(first.bytes / 1024).toFixed(1)} KB in ${first.downloads} | ${(second.bytes / 1024).toFixed(1)} KB in ${second.downloads}, ${second.assetsDownloaded} assets |`,
      );
      await context.close();
    }
  } finally {
    await browser.close();
    await service.stop();
  }
  return rows;
}

console.log('| checkout | sign-in and screen | first visit: bytes on the wire, responses | second visit |');
console.log('|---|---|---:|---:|');
for (const repo of repos) for (const row of await measure(repo)) console.log(row);
