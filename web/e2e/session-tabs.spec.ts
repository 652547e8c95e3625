import { expect, test } from '@playwright/test';
import { base, langOf, signInWithToken, signOut, text } from './support.ts';

/**
 * Issue 51: a link opened in a new tab of the same browser takes the session of a signed-in tab (asked over
 * a BroadcastChannel) instead of asking to sign in again; the token stays out of localStorage.
 */
test('a link opened in a new tab keeps the session of the signed-in tab', async ({ page, context }, info) => {
  const lang = langOf(info);
  await signInWithToken(page, lang, 'employee', '/my/roster');
  const tab = await context.newPage();
  await tab.goto(`${base()}/my/swaps`);
  await expect(tab.getByTestId('user-menu')).toBeVisible();
  await expect(tab).toHaveURL(/\/my\/swaps$/);
  const stored = await tab.evaluate(() => ({
    tab: sessionStorage.getItem('rostering.session'),
    shared: Object.values(localStorage).join(' '),
  }));
  const token = await page.evaluate(() => JSON.parse(sessionStorage.getItem('rostering.session')!).token);
  expect(stored.tab).toContain(token);
  expect(stored.shared).not.toContain(token);
});

test('a new tab asks to sign in when no tab holds a session', async ({ page, context }, info) => {
  const lang = langOf(info);
  await signInWithToken(page, lang, 'employee', '/my/roster');
  await signOut(page);
  const tab = await context.newPage();
  await tab.goto(`${base()}/my/swaps`);
  await expect(tab).toHaveURL(/\/login/);
  await expect(tab.getByRole('button', { name: text(lang, 'login.submit'), exact: true })).toBeVisible();
});
