import { expect, type Page, test } from '@playwright/test';
import { formatDay } from '../src/lib/i18n/format.ts';
import { createGapDay, type OneDayPlan, publishDay } from './open-shifts-support.ts';
import { base, checkScreen, langOf, signIn, signOut, switchTo, text, watchPage } from './support.ts';

/**
 * Open shifts, in each language on a day of its own: the planner offers a gap of the live roster, the
 * employee finds it among the shifts they may work and claims it, the planner approves the claim, and
 * the employee reads the outcome and, once the day is published, the shift on their own roster.
 */
test.describe.configure({ mode: 'serial' });

let plan: OneDayPlan;

async function openMyOpenShifts(page: Page, lang: 'en' | 'ar') {
  await page.getByRole('link', { name: text(lang, 'openShifts.nav.mine') }).click();
  await expect(page).toHaveURL(/\/my\/open-shifts$/);
  await switchTo(page, lang);
}

test('the planner offers a gap from the live roster and the employee claims it', async ({ page }, info) => {
  test.setTimeout(120_000);
  const lang = langOf(info);
  plan = await createGapDay(lang);
  await watchPage(page);
  await signIn(page, lang, 'planner');
  await page.goto(`${base()}/roster/live?from=${plan.date}&to=${plan.date}&department=${plan.departmentId}`);
  // Both languages sign in as the same demo users, whose saved language the other one may have switched.
  await switchTo(page, lang);
  await page.getByTestId('gaps-tab').click();
  const gap = page.locator(`[data-testid="gap"][data-date="${plan.date}"]`);
  await expect(gap).toHaveCount(1);
  await gap.getByRole('button').click();
  await page.getByRole('button', { name: text(lang, 'rosters.offer.instead') }).click();
  await expect(page.getByTestId('gap-offered')).toBeVisible();
  await checkScreen(page, info, 'open-shifts-offer-from-gap');
  await page.keyboard.press('Escape');
  await signOut(page);

  await signIn(page, lang, 'employee');
  await openMyOpenShifts(page, lang);
  const offer = page.locator(`[data-testid="open-shift"][data-date="${plan.date}"]`);
  await expect(offer).toHaveCount(1);
  await checkScreen(page, info, 'open-shifts-mine');
  await offer.getByRole('button').focus();
  await page.keyboard.press('Enter');
  await expect(offer.locator('[data-status="Pending"]')).toBeVisible();
  const claim = page.locator(`[data-testid="my-claim"][data-date="${plan.date}"]`);
  await expect(claim.locator('[data-status="Pending"]')).toBeVisible();
  await checkScreen(page, info, 'open-shifts-claimed');
});

test('the planner approves the claim, and the employee sees it on their roster', async ({ page }, info) => {
  test.setTimeout(180_000);
  const lang = langOf(info);
  await watchPage(page);
  await signIn(page, lang, 'planner');
  await page.getByRole('link', { name: text(lang, 'openShifts.nav.planning') }).click();
  await expect(page).toHaveURL(/\/roster\/open-shifts$/);
  await switchTo(page, lang);
  const pending = page.locator(`[data-testid="pending-claim"][data-date="${plan.date}"]`);
  await expect(pending).toHaveCount(1);
  await checkScreen(page, info, 'open-shifts-planning');
  await pending.getByRole('button').click();
  await expect(pending).toHaveCount(0);
  await expect(page.getByTestId('decision-refused')).toHaveCount(0);
  await signOut(page);

  await publishDay(plan);

  await signIn(page, lang, 'employee');
  await openMyOpenShifts(page, lang);
  const claim = page.locator(`[data-testid="my-claim"][data-date="${plan.date}"]`);
  await expect(claim.locator('[data-status="Approved"]')).toBeVisible();
  await expect(claim).toContainText(text(lang, 'openShifts.outcome.approved'));
  await page.goto(`${base()}/my/roster?view=list&month=${plan.date.slice(0, 7)}`);
  await switchTo(page, lang);
  const day = page
    .getByTestId('roster-list')
    .getByRole('listitem')
    .filter({ hasText: formatDay(lang, plan.date, { weekday: 'long', day: 'numeric', month: 'long' }) });
  await expect(day).toHaveCount(1);
  await checkScreen(page, info, 'open-shifts-on-my-roster');
});
