import { expect, type Page, type Route, test } from '@playwright/test';
import { base, langOf, seriousAxeFindings, signInWithToken, switchTo } from './support.ts';

/**
 * Issue 51: axe finds nothing serious or critical while a screen loads either, in both languages and at
 * both widths. The service's answers are held back until axe has read the screen with its spinner showing.
 */
// The offline worker answers My roster from its copy, out of the page's routes' reach.
test.use({ serviceWorkers: 'block' });

const SCREENS: { user: string; path: string }[] = [
  { user: 'manager', path: '/dashboard' },
  { user: 'employee', path: '/my/roster' },
  { user: 'employee', path: '/my/attendance' },
  { user: 'planner', path: '/roster/live' },
  { user: 'planner', path: '/demand/plans' },
  { user: 'planner', path: '/runs' },
  { user: 'hradmin', path: '/people/employees' },
  { user: 'sysadmin', path: '/admin/users' },
];

/** Holds every API read but the session's own (profile, settings) until `release` is called. */
async function holdReads(page: Page): Promise<() => Promise<void>> {
  const held: Route[] = [];
  let holding = true;
  await page.route('**/api/**', async (route) => {
    const url = new URL(route.request().url());
    const session = /^\/api\/(me\/profile|me\/permissions|settings|auth|changes|lookups)/.test(url.pathname);
    if (!holding || session || route.request().method() !== 'GET') return route.continue();
    held.push(route);
  });
  return async () => {
    holding = false;
    for (const route of held.splice(0)) await route.continue().catch(() => undefined);
  };
}

for (const screen of SCREENS) {
  test(`${screen.path} has no serious axe finding while it loads`, async ({ page }, info) => {
    const lang = langOf(info);
    await signInWithToken(page, lang, screen.user, '/profile');
    for (const width of [1280, 375]) {
      await page.setViewportSize({ width, height: width === 375 ? 812 : 800 });
      const release = await holdReads(page);
      await page.goto(`${base()}${screen.path}`);
      await switchTo(page, lang);
      await expect(page.getByRole('status').first()).toBeVisible();
      const serious = await seriousAxeFindings(page);
      expect(serious, `${screen.path} at ${width} px while loading`).toEqual([]);
      await release();
      await page.unroute('**/api/**');
    }
  });
}
