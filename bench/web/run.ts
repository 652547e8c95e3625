/**
 * The web client's budgets (DESIGN §15, issue 30), measured:
 * - JavaScript per route, gzipped: what the first page load fetches (the entry and its static imports,
 *   with the login screen and the shell), then what each lazily loaded screen adds, from Vite's manifest.
 * - The first screen after login: a real service on PGlite with the demo data (a child process on a
 *   fresh data folder), Debian's Chromium through Playwright; from the click on "Sign in" to the first
 *   screen's content on screen (the employee's roster calendar, the manager's dashboard tiles), five
 *   times each in a fresh browser context (cold cache) and five with the assets cached.
 *
 *   npm run bench:web
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';

const repo = fileURLToPath(new URL('../..', import.meta.url));
const dist = join(repo, 'web', 'dist');

interface Chunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  css?: string[];
}

function bundleReport(): void {
  const manifest = JSON.parse(readFileSync(join(dist, '.vite', 'manifest.json'), 'utf8')) as Record<
    string,
    Chunk
  >;
  const gz = (file: string) => gzipSync(readFileSync(join(dist, file))).length;
  const closure = (key: string, seen = new Set<string>()): Set<string> => {
    if (seen.has(key)) return seen;
    seen.add(key);
    for (const next of manifest[key]?.imports ?? []) closure(next, seen);
    return seen;
  };
  const files = (keys: Iterable<string>) => {
    const js = new Set<string>();
    const css = new Set<string>();
    for (const key of keys) {
      js.add(manifest[key]!.file);
      for (const sheet of manifest[key]!.css ?? []) css.add(sheet);
    }
    return { js, css };
  };
  const entry = Object.keys(manifest).find((key) => manifest[key]!.isEntry)!;
  const initial = files(closure(entry));
  const sum = (set: Set<string>, skip = new Set<string>()) =>
    [...set].filter((file) => !skip.has(file)).reduce((total, file) => total + gz(file), 0);
  const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
  console.log('| what | JavaScript (gzip) | CSS (gzip) |');
  console.log('|---|---:|---:|');
  console.log(
    `| initial load (shell, login, providers) | ${kb(sum(initial.js))} | ${kb(sum(initial.css))} |`,
  );
  const routes = Object.keys(manifest)
    .filter((key) => manifest[key]!.isDynamicEntry)
    .sort();
  for (const key of routes) {
    const own = files(closure(key));
    const name = key
      .split('/')
      .pop()!
      .replace(/\.tsx?$/, '');
    console.log(`| + ${name} | ${kb(sum(own.js, initial.js))} | ${kb(sum(own.css, initial.css))} |`);
  }
}

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

async function firstScreen(): Promise<void> {
  const dataDir = mkdtempSync(join(tmpdir(), 'rostering-bench-web-'));
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
      '--disable-component-update',
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
    const screens = [
      { user: 'employee', ready: '[data-testid="roster-calendar"]' },
      { user: 'manager', ready: '[data-testid="tile"]' },
    ];
    console.log(
      '\n| who | first screen | cold cache: median (min–max) of 5 | warm cache: median (min–max) of 5 |',
    );
    console.log('|---|---|---:|---:|');
    for (const { user, ready } of screens) {
      const times: Record<'cold' | 'warm', number[]> = { cold: [], warm: [] };
      const warmContext = await browser.newContext();
      for (const mode of ['cold', 'warm'] as const) {
        for (let i = 0; i < 5; i += 1) {
          const context = mode === 'cold' ? await browser.newContext() : warmContext;
          const page = await context.newPage();
          await page.goto(`${base}/login`);
          await page.fill('input[name="username"]', user);
          await page.fill('input[name="password"]', 'Demo#Roster2026');
          const started = Date.now();
          await page.click('button[type="submit"]');
          await page.waitForSelector(ready, { state: 'visible' });
          times[mode].push(Date.now() - started);
          await page.evaluate('sessionStorage.clear()');
          await page.close();
          if (mode === 'cold') await context.close();
        }
      }
      await warmContext.close();
      const show = (values: number[]) => {
        const sorted = [...values].sort((a, b) => a - b);
        return `${sorted[2]} ms (${sorted[0]}–${sorted[4]})`;
      };
      console.log(`| ${user} | ${ready} | ${show(times.cold)} | ${show(times.warm)} |`);
    }
  } finally {
    await browser.close();
    child.kill('SIGTERM');
    await new Promise((resolve) => child.once('exit', resolve));
    rmSync(dataDir, { recursive: true, force: true });
  }
}

bundleReport();
await firstScreen();
