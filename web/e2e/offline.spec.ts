import { expect, type Page, test } from '@playwright/test';
import { formatInstant } from '../src/lib/i18n/format.ts';
import { base, checkScreen, langOf, screenshotPath, signIn, text, watchPage } from './support.ts';

/**
 * The employee on the apron with no signal (issue 54): the installed client opens without the network
 * and shows their own roster as the device last had it, with when that was; signing out, offline too,
 * leaves nothing of it on the device. English at a desktop's width, Arabic at a phone's.
 */

interface KeptEntry {
  url: string;
  authorization: string | null;
  asOf: string | null;
  body: string;
}

/** What this origin keeps on the device: its caches (the API's entries in full) and IndexedDB's databases. */
async function deviceStorage(page: Page) {
  return page.evaluate(async () => {
    const kept: Record<string, { files: string[]; api: KeptEntry[] }> = {};
    for (const name of await caches.keys()) {
      const cache = await caches.open(name);
      const requests = await cache.keys();
      const api: KeptEntry[] = [];
      for (const request of requests.filter((each) => new URL(each.url).pathname.startsWith('/api/'))) {
        const response = (await cache.match(request))!;
        api.push({
          url: request.url,
          authorization: request.headers.get('authorization'),
          asOf: response.headers.get('x-offline-as-of'),
          body: await response.text(),
        });
      }
      kept[name] = { files: requests.map((each) => new URL(each.url).pathname), api };
    }
    const databases = 'databases' in indexedDB ? (await indexedDB.databases()).map((each) => each.name) : [];
    return { kept, databases };
  });
}

const copies = (storage: Awaited<ReturnType<typeof deviceStorage>>) =>
  Object.entries(storage.kept).filter(([name]) => name.startsWith('own-roster:'));

/** Presses Tab (Shift+Tab backwards) until `target` has the focus: it is reachable by keyboard. */
async function tabTo(page: Page, target: ReturnType<Page['getByRole']>, backwards = false): Promise<void> {
  for (let presses = 0; presses < 25; presses += 1) {
    if (await target.evaluate((element) => element === document.activeElement)) return;
    await page.keyboard.press(backwards ? 'Shift+Tab' : 'Tab');
  }
  throw new Error('not reachable with the keyboard');
}

test('the employee reads their roster offline with its "as of" time; signing out offline leaves nothing', async ({
  page,
  context,
}, info) => {
  const lang = langOf(info);
  if (lang === 'ar') await page.setViewportSize({ width: 375, height: 812 });
  await watchPage(page);
  await signIn(page, lang, 'employee');
  // The worker's first install takes the open page: from then on the roster reads pass through it.
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
  const token = await page.evaluate(
    () => (JSON.parse(sessionStorage.getItem('rostering.session') ?? '{}') as { token: string }).token,
  );
  await page.goto(`${base()}/my/roster`);
  await expect(page.getByTestId('roster-calendar')).toBeVisible();
  const online = {
    version: await page.getByTestId(/^roster-(version|unpublished)$/).textContent(),
    shifts: await page.getByTestId('calendar-shift').allTextContents(),
  };
  await expect(page.getByTestId('offline-as-of')).toHaveCount(0);

  // Kept: this month and the next, the roster alone, in the employee's own cache, with no token anywhere.
  await expect.poll(async () => copies(await deviceStorage(page))[0]?.[1].api.length ?? 0).toBe(2);
  const before = await deviceStorage(page);
  expect(copies(before)).toHaveLength(1);
  for (const { files, api } of Object.values(before.kept)) {
    expect(files.filter((path) => path.startsWith('/api/') && path !== '/api/me/roster')).toEqual([]);
    for (const entry of api) {
      expect(entry.authorization).toBeNull();
      expect(entry.body).not.toContain(token);
    }
  }
  const from = (entry: KeptEntry) => new URL(entry.url).searchParams.get('from') ?? '';
  const thisMonth = [...copies(before)[0]![1].api].sort((a, b) => from(a).localeCompare(from(b)))[0]!;
  const { timezone } = JSON.parse(thisMonth.body) as { timezone: string };

  // No network: the page reloads from the device and reads the same roster, saying as of when.
  await context.setOffline(true);
  await page.reload();
  const notice = page.getByRole('status', { name: text(lang, 'offline.title') });
  await expect(notice).toBeVisible();
  await expect(notice).toContainText(formatInstant(lang, thisMonth.asOf!, timezone));
  await expect(page.getByTestId('offline-frame')).toBeVisible();
  await expect(page.getByTestId(/^roster-(version|unpublished)$/)).toHaveText(online.version ?? '');
  await expect(page.getByTestId('calendar-shift')).toHaveText(online.shifts);
  await checkScreen(page, info, 'offline-roster');

  // By keyboard: trying the network again keeps the copy on screen; signing out works offline.
  await tabTo(page, notice.getByRole('button', { name: text(lang, 'offline.retry') }));
  await page.keyboard.press('Enter');
  await expect(notice).toBeVisible();
  // The coming weeks: next month was kept too; the one after was not, and says so instead of another's.
  const nextMonth = page.getByRole('button', { name: text(lang, 'common.nextMonth') });
  await nextMonth.click();
  await expect(notice).toBeVisible();
  await expect(page.getByTestId('roster-calendar')).toBeVisible();
  await nextMonth.click();
  await expect(page.getByTestId('roster-not-kept')).toHaveText(text(lang, 'offline.notKept'));
  await expect(page.getByTestId('roster-calendar')).toHaveCount(0);
  await page.screenshot({ path: screenshotPath(lang, 'offline-roster-not-kept'), fullPage: true });
  await tabTo(page, page.getByRole('button', { name: text(lang, 'nav.logout') }), true);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/login/);

  const after = await deviceStorage(page);
  expect(copies(after)).toEqual([]);
  expect(Object.values(after.kept).flatMap(({ api }) => api)).toEqual([]);
  expect(after.databases).toEqual([]);
  // Reloaded without a network, the roster's address leads to the login screen and shows none of it.
  await page.goto(`${base()}/my/roster`);
  await expect(page).toHaveURL(/\/login/);
  await expect(page.getByTestId('roster-calendar')).toHaveCount(0);
  await expect(page.getByTestId('calendar-shift')).toHaveCount(0);
  await context.setOffline(false);
});

test('a person signing in where another left without signing out never meets the other copy', async ({
  context,
}, info) => {
  const lang = langOf(info);
  const keptFor = async (page: Page, username: string) => {
    await watchPage(page);
    await signIn(page, lang, username);
    await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
    await page.goto(`${base()}/my/roster`);
    await expect(page.getByTestId('roster-calendar')).toBeVisible();
    await expect.poll(async () => copies(await deviceStorage(page))[0]?.[1].api.length ?? 0).toBe(2);
    return copies(await deviceStorage(page)).map(([name]) => name);
  };
  // The employee closes the tab, signed in: the session goes with it, the copy stays on the device.
  const first = await context.newPage();
  const [employees] = await keptFor(first, 'employee');
  await first.close();

  const second = await context.newPage();
  const [supervisors] = await keptFor(second, 'supervisor');
  expect(supervisors).not.toBe(employees);
  expect(copies(await deviceStorage(second)).map(([name]) => name)).toEqual([supervisors]);
  // Offline, the supervisor reads their own copy, and only that one exists to read.
  await context.setOffline(true);
  await second.reload();
  await expect(second.getByRole('status', { name: text(lang, 'offline.title') })).toBeVisible();
  await second.getByRole('button', { name: text(lang, 'nav.logout') }).click();
  await expect(second).toHaveURL(/\/login/);
  expect(copies(await deviceStorage(second))).toEqual([]);
  await context.setOffline(false);
});
