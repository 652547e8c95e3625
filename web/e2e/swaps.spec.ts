import { expect, test } from '@playwright/test';
import { base, checkScreen, dayText, langOf, signIn, signOut, text, watchPage } from './support.ts';
import { proposedSwapId, type SwapScene, swapScene } from './swaps-support.ts';

let scene: SwapScene;

test.beforeAll(async ({ browserName }, info) => {
  void browserName;
  test.setTimeout(180_000);
  scene = await swapScene(langOf(info));
});

test('an employee proposes a swap, the colleague accepts, the manager approves, the planner sees it', async ({
  page,
}, info) => {
  test.setTimeout(180_000);
  const lang = langOf(info);
  await watchPage(page);

  // The employee offers their evening for the supervisor's morning of the same day.
  await signIn(page, lang, 'employee');
  await page.goto(`${base()}/my/swaps`);
  await page.getByTestId('swap-my-shift').selectOption(scene.offered);
  // Only the shifts both could work are listed, searched by the colleague's number and chosen by keyboard.
  await page.getByTestId('swap-their-shift').fill('E00004');
  const option = page
    .getByRole('listbox')
    .getByRole('option')
    .filter({ hasText: dayText(lang, scene.date) });
  await expect(option).toHaveCount(1);
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('swap-their-shift')).toHaveValue(new RegExp(dayText(lang, scene.date)));
  await page.getByLabel(text(lang, 'swaps.form.note')).fill(`Swap ${lang}`);
  await checkScreen(page, info, 'swaps-propose');
  await page.getByTestId('swap-propose').click();
  await expect(page.getByText(text(lang, 'swaps.form.sent'))).toBeVisible();
  const id = await proposedSwapId(scene);
  const mine = page.locator(`[data-testid="swaps-proposed"] [data-swap="${id}"]`);
  await expect(mine.getByTestId('swap-status')).toHaveAttribute('data-status', 'Proposed');
  await checkScreen(page, info, 'swaps-mine');
  await signOut(page);

  // The colleague accepts it from their incoming proposals.
  await signIn(page, lang, 'supervisor');
  await page.getByRole('link', { name: text(lang, 'swaps.nav.mine'), exact: true }).click();
  const incoming = page.locator(`[data-testid="swaps-incoming"] [data-swap="${id}"]`);
  await incoming.getByTestId('swap-accept').click();
  await expect(incoming.getByTestId('swap-status')).toHaveAttribute('data-status', 'Accepted');
  await signOut(page);

  // The ramp's manager approves: both shifts change hands.
  await signIn(page, lang, 'manager');
  await page.getByRole('link', { name: text(lang, 'swaps.nav.queue'), exact: true }).click();
  const waiting = page.locator(`[data-testid="swaps-waiting"] [data-swap="${id}"]`);
  await expect(waiting).toBeVisible();
  await checkScreen(page, info, 'swaps-queue');
  await waiting.getByTestId('swap-approve').click();
  await expect(waiting).toHaveCount(0);
  await signOut(page);

  // The planner finds it approved, is told that the published version needs a republish, and sees the
  // change in the live roster's change list.
  await signIn(page, lang, 'planner');
  await page.getByRole('link', { name: text(lang, 'swaps.nav.queue'), exact: true }).click();
  await page.getByTestId('swaps-approved-tab').click();
  const approved = page.locator(`[data-testid="swaps-approved"] [data-swap="${id}"]`);
  await expect(approved.getByTestId('swap-republish-due')).toBeVisible();
  await checkScreen(page, info, 'swaps-approved');
  await approved.getByTestId('swap-live-roster').click();
  await page.getByRole('tab', { name: text(lang, 'rosters.tab.publish') }).click();
  const card = page.getByTestId('publish-run').filter({ hasText: scene.planName });
  await card.getByTestId('publish-button').click();
  const list = page.getByTestId('change-list');
  await expect(list.locator('[data-kind="moved"]')).toHaveCount(2);
  await expect(list).toContainText('E00007');
  await expect(list).toContainText('E00004');
  await checkScreen(page, info, 'swaps-republish');
});
