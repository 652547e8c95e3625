/**
 * The administration lists (issue 32: every list of the demo data answers and renders under 500 ms),
 * measured by hand against a running service with the demo data: in Debian's Chromium, signed in as
 * `sysadmin`, from the click on a navigation link (or the list's own control) to the list's rows on
 * screen, five times each after one warm-up, each from a freshly loaded page (so that the list's data
 * comes from the service, not from the client's cache); and the list's API answer alone (request sent
 * to response read, the browser's timing of the same visits).
 *
 *   BASE_URL=http://127.0.0.1:4711 npx tsx bench/web/admin-lists.ts
 */
import { chromium, type Page } from 'playwright-core';

const base = process.env.BASE_URL ?? 'http://127.0.0.1:4711';

interface List {
  name: string;
  /** What opens it from another screen. */
  open: (page: Page) => Promise<void>;
  /** Shown when its rows are on screen. */
  rows: string;
  /** The API path the list calls. */
  api: string;
}

/** The navigation link to a screen, whatever the language the profile opens in. */
const nav = (path: string) => async (page: Page) => {
  await page.locator(`nav a[href="${path}"]`).click();
};

const LISTS: List[] = [
  { name: 'users', open: nav('/admin/users'), rows: '[data-testid="users"] tbody tr', api: '/api/users?' },
  { name: 'roles', open: nav('/admin/roles'), rows: '[data-testid="roles"] button', api: '/api/roles?' },
  {
    name: 'reference lists (grades)',
    open: nav('/admin/lookups'),
    rows: '[data-testid="lookup-rows"] tbody tr',
    api: '/api/admin/grades?',
  },
  {
    name: 'audit log',
    open: nav('/admin/audit'),
    rows: '[data-testid="audit-events"] tbody tr',
    api: '/api/audit/events?',
  },
];

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

async function main(): Promise<void> {
  const token = (
    (await (
      await fetch(`${base}/api/auth/dev-token`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ username: 'sysadmin' }),
      })
    ).json()) as { token: string }
  ).token;
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
  });
  const page = await browser.newPage({ viewport: { width: 1280, height: 800 }, locale: 'en-GB' });
  // A script as text: this file is type-checked with the server's settings, which know no DOM.
  const session = JSON.stringify({
    token,
    expiresAt: new Date(Date.now() + 3600_000).toISOString(),
    username: 'x',
  });
  await page.addInitScript(`sessionStorage.setItem('rostering.session', ${JSON.stringify(session)})`);
  await page.goto(`${base}/my/roster`);
  await page.getByTestId('user-menu').waitFor();
  console.log('| list | rows | click to rows: median / max | API answer: median / max |');
  console.log('|---|---:|---:|---:|');
  for (const list of LISTS) {
    const screen: number[] = [];
    const answers: number[] = [];
    for (let i = 0; i < 6; i += 1) {
      // A fresh page each time: the list's data is fetched, not taken from the query cache.
      await page.goto(`${base}/my/roster`);
      await page.getByTestId('user-menu').waitFor();
      const answer = page.waitForResponse((response) => response.url().includes(list.api));
      const start = Date.now();
      await list.open(page);
      await page.locator(list.rows).first().waitFor();
      const took = Date.now() - start;
      const timing = (await answer).request().timing();
      // The first visit loads the screen's code and is the warm-up.
      if (i === 0) continue;
      screen.push(took);
      answers.push(timing.responseEnd - timing.requestStart);
    }
    const count = await page.locator(list.rows).count();
    console.log(
      `| ${list.name} | ${count} | ${median(screen)} / ${Math.max(...screen)} ms | ${Math.round(
        median(answers),
      )} / ${Math.round(Math.max(...answers))} ms |`,
    );
  }
  await browser.close();
}

await main();
