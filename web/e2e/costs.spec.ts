import { expect, test } from '@playwright/test';
import { executedRun } from './costs-support.ts';
import { base, checkScreen, langOf, signIn, switchTo, text, watchPage } from './support.ts';

/**
 * Labour cost (issue 36), in each language: the planner reads what a run's proposal costs before locking
 * it; the manager reads the month of the departments against their budgets, as a chart and as figures.
 */

test('the planner sees what a run costs before locking it', async ({ page }, info) => {
  test.setTimeout(180_000);
  const lang = langOf(info);
  const runId = await executedRun(lang);
  await watchPage(page);
  await signIn(page, lang, 'planner');
  await page.goto(`${base()}/runs/${runId}`);
  // The other language's test signs the planner in too: the profile's language may have changed since.
  await switchTo(page, lang);
  await expect(page.getByTestId('run-status')).toHaveAttribute('data-status', 'Executed');
  const cost = page.getByTestId('run-cost');
  await expect(cost).toBeVisible();
  await expect(cost.getByRole('heading', { name: text(lang, 'costs.run.title') })).toBeVisible();
  // Three shifts of 8 paid hours, priced at the demo grades' rates: not nothing.
  await expect(page.getByTestId('run-cost-breakdown')).toContainText('24.00');
  await expect(page.getByTestId('run-cost-total')).toHaveText(/[1-9]/);
  await expect(page.getByTestId('run-cost-total')).toContainText(lang === 'ar' ? /ر\.س|SAR/ : /SAR/);
  await checkScreen(page, info, 'costs-run');
});

test('the manager sees the month of the departments against their budgets', async ({ page }, info) => {
  const lang = langOf(info);
  await watchPage(page);
  await signIn(page, lang, 'manager');
  await page.getByRole('link', { name: text(lang, 'costs.nav.month'), exact: true }).click();
  await expect(page).toHaveURL(/\/costs$/);
  const chart = page.getByTestId('cost-chart');
  await expect(chart).toBeVisible();
  await expect(chart.getByRole('img').first()).toHaveAttribute(
    'aria-label',
    new RegExp(text(lang, 'costs.month.budget')),
  );
  const ramp = page.getByTestId('cost-department-RAMP');
  await expect(ramp.getByTestId('cost-budget')).toHaveText(/150[,٬]?000/);
  await expect(ramp.getByTestId('cost-planned')).toHaveText(/\d/);
  await checkScreen(page, info, 'costs-month');
  // The same figures as a table, one switch away.
  await chart.getByText(text(lang, 'common.chart.asTable')).click();
  await expect(chart.getByRole('table')).toBeVisible();
  // The same month as a workbook, in the screen's language.
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: text(lang, 'costs.month.xlsx') }).click();
  expect((await download).suggestedFilename()).toMatch(
    new RegExp(`^labour-cost-\\d{4}-\\d{2}-${langOf(info)}\\.xlsx$`),
  );
});

test('HR sets a grade’s hourly rate from a date and reads the premiums', async ({ page }, info) => {
  const lang = langOf(info);
  // Each language its own date, so that the two never meet on the same rate.
  const from = lang === 'ar' ? '2031-02-01' : '2031-01-01';
  await watchPage(page);
  await signIn(page, lang, 'hradmin');
  await page.getByRole('link', { name: text(lang, 'costs.nav.settings'), exact: true }).click();
  await expect(page).toHaveURL(/\/admin\/costs$/);
  await page.getByRole('combobox', { name: text(lang, 'costs.rates.grade') }).click();
  await page.getByRole('option', { name: /^G1 · / }).click();
  await page.getByRole('textbox', { name: text(lang, 'costs.rates.from'), exact: true }).fill(from);
  await page.getByRole('textbox', { name: new RegExp(`^${text(lang, 'costs.rates.hourly')}`) }).fill('38.75');
  await page.getByRole('button', { name: text(lang, 'costs.save') }).click();
  const row = page.getByRole('row').filter({ hasText: from });
  await expect(row).toContainText('38.75');
  await checkScreen(page, info, 'costs-rates');
  await page.getByRole('tab', { name: text(lang, 'costs.premiums.title') }).click();
  await expect(page.getByTestId('premium-NIGHT')).toBeVisible();
  await checkScreen(page, info, 'costs-premiums');
});
