import { expect, type Page, test } from '@playwright/test';
import { addDays, dayAsTyped } from '../src/lib/dates.ts';
import { approvedLeave, createOwnPlan, type OwnPlan } from './planner-runs-support.ts';
import { apiAs, base, checkScreen, confirmPublication, langOf, signIn, text, watchPage } from './support.ts';

/**
 * The planner's workspace, from a demand plan to a published roster, in each language: a run is
 * created, started and watched, its unfilled lines read and a line's candidates opened, the proposal
 * walked with the keyboard, reviewed and locked; on the live roster a gap is covered from who can cover
 * it and the roster is published with its change list shown; then an approved leave opens a gap that is
 * covered and republished. Each language works on its own plan (its own week of CARGO).
 */
test.describe.configure({ mode: 'serial' });

let plan: OwnPlan;

async function openLive(page: Page) {
  await page.goto(`${base()}/roster/live?from=${plan.from}&to=${plan.to}&department=${plan.departmentId}`);
  await expect(page.getByTestId('roster-grid')).toBeVisible();
}

/** The demo's terminal T1 as screens name it. */
const terminalOne = (lang: 'en' | 'ar') => (lang === 'ar' ? 'المبنى 1' : 'Terminal 1');
test('the planner creates a run, starts it, reads why lines stay unfilled and locks it', async ({
  page,
}, info) => {
  test.setTimeout(180_000);
  const lang = langOf(info);
  plan = await createOwnPlan(lang);
  await watchPage(page);
  await signIn(page, lang, 'planner');
  await page.getByRole('link', { name: text(lang, 'allocation.nav'), exact: true }).click();
  await expect(page).toHaveURL(/\/runs$/);
  await checkScreen(page, info, 'runs-list');

  await page.getByRole('combobox', { name: text(lang, 'allocation.new.plan') }).fill(plan.name);
  await page.getByRole('option', { name: new RegExp(plan.name) }).click();
  await expect(page.getByLabel(text(lang, 'allocation.new.from'))).toHaveValue(dayAsTyped(plan.from));
  // The harder search: a week around each line still short solved exactly, reported with the result.
  await page.getByLabel(text(lang, 'allocation.new.exact')).check();
  await page.getByRole('button', { name: text(lang, 'allocation.new.submit') }).click();
  await expect(page).toHaveURL(/\/runs\/[0-9a-f-]{36}$/);
  // The list's badges stay until the run's page replaces them: its action first, then its one badge.
  await expect(page.getByRole('button', { name: text(lang, 'allocation.action.execute') })).toBeVisible();
  await expect(page.getByTestId('run-status')).toHaveAttribute('data-status', 'Draft');
  await checkScreen(page, info, 'run-draft');

  // Started: the run executes in the background and the screen follows its progress.
  await page.getByRole('button', { name: text(lang, 'allocation.action.execute') }).click();
  await expect(page.getByTestId('run-progress')).toBeVisible();
  await expect(page.getByTestId('run-phase')).toHaveAttribute(
    'data-phase',
    /queued|snapshot|solving|storing/,
  );
  await expect(page.getByTestId('run-status')).toHaveAttribute('data-status', 'Executed', {
    timeout: 90_000,
  });
  await expect(page.getByTestId('run-coverage')).toBeVisible();
  await expect(page.getByTestId('fairness')).toBeVisible();
  await expect(page.getByTestId('run-exact-report')).toBeVisible();
  await checkScreen(page, info, 'run-result');

  // An unfilled line's reasons, then its candidates ranked with their score parts.
  await page.getByRole('tab', { name: /.+/ }).nth(1).click();
  const line = page.getByTestId('unfilled-line').first();
  await expect(line).toBeVisible();
  await expect(line.getByTestId('reasons')).toBeVisible();
  await checkScreen(page, info, 'run-unfilled');
  await line.getByRole('button').click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toBeVisible();
  await expect(
    dialog.getByTestId('candidates').or(dialog.getByText(text(lang, 'allocation.candidates.none'))),
  ).toBeVisible();
  await checkScreen(page, info, 'run-candidates');
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();

  // The proposal as a grid: one tab stop, arrow keys move, Enter opens the cell.
  await page.getByRole('tab', { name: text(lang, 'allocation.tab.proposal') }).click();
  const grid = page.getByTestId('roster-grid');
  await expect(grid).toBeVisible();
  await expect(grid.locator('[role="gridcell"][tabindex="0"]')).toHaveCount(1);
  await expect(grid.locator('[data-night], [role="gridcell"]:not(:empty)').first()).toBeVisible();
  await grid.locator('[role="gridcell"][tabindex="0"]').focus();
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press(lang === 'ar' ? 'ArrowLeft' : 'ArrowRight');
  await expect(grid.locator('[data-cell="1:1"]')).toBeFocused();
  await checkScreen(page, info, 'run-proposal');
  await grid.locator('[data-cell="1:1"]').focus();
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('cell-details')).toBeVisible();
  await page.keyboard.press('Escape');

  // Reviewed with a comment, then locked into the live roster.
  await page.getByRole('button', { name: text(lang, 'allocation.action.review') }).click();
  await page.getByLabel(text(lang, 'allocation.review.label')).fill(`Checked by the ${lang} planner`);
  await page.getByRole('button', { name: text(lang, 'allocation.review.submit') }).click();
  await expect(page.getByTestId('run-status')).toHaveAttribute('data-status', 'Reviewed');
  await expect(page.getByTestId('review-comment')).toContainText(`Checked by the ${lang} planner`);
  await page.getByRole('button', { name: text(lang, 'allocation.action.lock') }).click();
  await page.getByTestId('confirm-action').click();
  await expect(page.getByTestId('run-status')).toHaveAttribute('data-status', 'Locked');
});

test('the planner covers a gap from the candidates and publishes with the change list shown', async ({
  page,
}, info) => {
  test.setTimeout(120_000);
  const lang = langOf(info);
  await watchPage(page);
  await signIn(page, lang, 'planner');
  await openLive(page);
  await checkScreen(page, info, 'live-roster');

  // Remove one assignment from the grid: its line opens a gap that its former holder can cover.
  const grid = page.getByTestId('roster-grid');
  const worked = grid
    .locator('[role="gridcell"]')
    .filter({ hasText: terminalOne(lang) })
    .first();
  // Rows are virtualised: scroll down until a T1 shift is in the document.
  for (let step = 0; step < 20 && (await worked.count()) === 0; step += 1) {
    await grid.evaluate((element) => element.scrollBy(0, 300));
    await page.waitForTimeout(100);
  }
  await worked.click();
  await expect(page.getByTestId('cell-details')).toBeVisible();
  await page.getByRole('button', { name: text(lang, 'rosters.remove') }).click();
  await expect(page.getByTestId('cell-details')).toBeHidden();

  await page.getByTestId('gaps-tab').click();
  const gaps = page.getByTestId('gap');
  await expect(gaps.first()).toBeVisible();
  const before = await gaps.count();
  await checkScreen(page, info, 'live-gaps');
  // The gap with people who can cover it (the T1 morning just emptied).
  const open = gaps.filter({ hasText: terminalOne(lang) }).first();
  await open.getByRole('button', { name: /.+/ }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByTestId('cover-candidate').first()).toBeVisible();
  await checkScreen(page, info, 'live-cover');
  await dialog.getByTestId('cover-candidate').first().getByRole('button').click();
  await expect(dialog).toBeHidden();
  await expect(gaps).toHaveCount(before - 1);

  // Publish: the change list first, then version 1 awaits approval.
  await page.getByRole('tab', { name: text(lang, 'rosters.tab.publish') }).click();
  const card = page.getByTestId('publish-run').filter({ hasText: plan.name });
  await card.getByTestId('publish-button').click();
  await expect(page.getByTestId('change-summary')).toBeVisible();
  await expect(page.getByTestId('change-list')).toBeVisible();
  await checkScreen(page, info, 'live-publish');
  await confirmPublication(page);
  await expect(card.getByTestId('version')).toHaveCount(1);
  await expect(card.getByTestId('version').first()).toContainText(text(lang, 'rosters.approval.Pending'));
  await checkScreen(page, info, 'live-versions');
});

test('an approved leave opens a gap that the planner covers and republishes', async ({ page }, info) => {
  test.setTimeout(120_000);
  const lang = langOf(info);
  const planner = await apiAs('planner');
  const assignments = (await (
    await planner.get(
      `/api/shift-assignments?departmentId=${plan.departmentId}&from=${plan.from}&to=${plan.to}&pageSize=500`,
    )
  ).json()) as { items: { employee: { id: string }; date: string; terminal: { code: string } }[] };
  const target = assignments.items.find((a) => a.terminal.code === 'T1' && a.date === addDays(plan.from, 2))!;
  expect(target, 'someone works T1 on the third day').toBeTruthy();
  await approvedLeave(target.employee.id, target.date);

  await watchPage(page);
  await signIn(page, lang, 'planner');
  await openLive(page);
  await page.getByTestId('gaps-tab').click();
  const gap = page
    .locator(`[data-testid="gap"][data-date="${target.date}"]`)
    .filter({ hasText: terminalOne(lang) });
  await expect(gap).toHaveCount(1);
  await gap.getByRole('button').click();
  const dialog = page.getByRole('dialog');
  await dialog.getByTestId('cover-candidate').first().getByRole('button').click();
  await expect(dialog).toBeHidden();
  await expect(gap).toHaveCount(0);

  await page.getByRole('tab', { name: text(lang, 'rosters.tab.publish') }).click();
  const card = page.getByTestId('publish-run').filter({ hasText: plan.name });
  await card.getByTestId('publish-button').click();
  const list = page.getByTestId('change-list');
  await expect(list.locator('[data-kind]').first()).toBeVisible();
  await page.getByLabel(text(lang, 'rosters.publish.reason')).fill(`Leave on ${target.date}`);
  await checkScreen(page, info, 'live-republish');
  await confirmPublication(page);
  await expect(card.getByTestId('version')).toHaveCount(2);
  await expect(card.locator('[data-version="2"]')).toContainText(text(lang, 'rosters.approval.Pending'));
});
