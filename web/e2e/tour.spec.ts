import { test } from '@playwright/test';
import { checkScreen, langOf, signInWithToken, text, watchPage } from './support.ts';

/**
 * Every screen of this part, as the person who uses it sees it, in the project's language: checked
 * (direction, overflow at 1280 and 375 px, axe, CSP) and photographed.
 */
const SCREENS: { name: string; user: string; path: string; ready: (lang: 'en' | 'ar') => string }[] = [
  { name: 'my-roster-calendar', user: 'employee', path: '/my/roster', ready: (l) => text(l, 'roster.title') },
  {
    name: 'my-roster-list',
    user: 'employee',
    path: '/my/roster?view=list',
    ready: (l) => text(l, 'roster.title'),
  },
  { name: 'my-leave', user: 'employee', path: '/my/leave', ready: (l) => text(l, 'leave.form.title') },
  {
    name: 'my-attendance',
    user: 'employee',
    path: '/my/attendance',
    ready: (l) => text(l, 'attendance.mine.title'),
  },
  {
    name: 'my-certifications',
    user: 'employee',
    path: '/my/certifications',
    ready: (l) => text(l, 'certs.title'),
  },
  { name: 'profile', user: 'employee', path: '/profile', ready: (l) => text(l, 'profile.history') },
  {
    name: 'change-password',
    user: 'employee',
    path: '/change-password',
    ready: (l) => text(l, 'password.title'),
  },
  {
    name: 'dashboard-manager',
    user: 'manager',
    path: '/dashboard',
    ready: (l) => text(l, 'dashboard.title'),
  },
  { name: 'dashboard-hr', user: 'hradmin', path: '/dashboard', ready: (l) => text(l, 'dashboard.title') },
  {
    name: 'roster-approvals',
    user: 'manager',
    path: '/approvals/rosters',
    ready: (l) => text(l, 'approvals.title'),
  },
  {
    name: 'leave-approvals',
    user: 'supervisor',
    path: '/approvals/leave',
    ready: (l) => text(l, 'leave.queue.title'),
  },
  {
    name: 'attendance-reviews',
    user: 'hrdirector',
    path: '/attendance/reviews',
    ready: (l) => text(l, 'reviews.title'),
  },
  {
    name: 'attendance-exceptions',
    user: 'hrdirector',
    path: '/reconciliation/exceptions',
    ready: (l) => text(l, 'reconciliation.exceptions.title'),
  },
  {
    name: 'forbidden',
    user: 'employee',
    path: '/approvals/rosters',
    ready: (l) => text(l, 'error.forbidden.title'),
  },
  {
    name: 'not-found',
    user: 'employee',
    path: '/no/such/screen',
    ready: (l) => text(l, 'error.notFound.title'),
  },
];

test.describe('every screen', () => {
  test('the login screen', async ({ page }, info) => {
    await watchPage(page);
    await page.goto(`${process.env.E2E_BASE_URL}/login`);
    await page.getByRole('button', { name: text(langOf(info), 'login.submit'), exact: true }).waitFor();
    await checkScreen(page, info, 'login');
  });

  for (const screen of SCREENS) {
    test(`${screen.name} (${screen.user})`, async ({ page }, info) => {
      const lang = langOf(info);
      await watchPage(page);
      await signInWithToken(page, lang, screen.user, screen.path);
      await page.getByText(screen.ready(lang), { exact: true }).first().waitFor();
      await checkScreen(page, info, screen.name);
    });
  }
});
