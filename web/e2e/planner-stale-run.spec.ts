import { expect, test } from '@playwright/test';
import { addDays } from '../src/lib/dates.ts';
import { approvedLeave, createOwnPlan } from './planner-runs-support.ts';
import { apiAs, base, checkScreen, langOf, signIn, text, watchPage } from './support.ts';

/**
 * A run that went stale (issue 53): the planner executes a run of their own plan; leave approved in its
 * period afterwards makes its page say so, with how many, and the runs list mark it, in each language.
 */
const leaveLine = { en: '1 leave request approved', ar: 'اعتُمد طلب إجازة واحد' } as const;

test('the planner reads what changed since a run ran, and the list marks it stale', async ({
  page,
}, info) => {
  test.setTimeout(150_000);
  const lang = langOf(info);
  const plan = await createOwnPlan(lang);
  const planner = await apiAs('planner');
  const created = await planner.post('/api/allocation-runs', {
    data: { planId: plan.id, from: plan.from, to: plan.to },
  });
  expect(created.status(), await created.text()).toBe(201);
  const run = (await created.json()) as { id: string };
  const executed = await planner.post(`/api/allocation-runs/${run.id}/execute`, {
    headers: { prefer: 'wait=120' },
    timeout: 130_000,
  });
  expect(executed.status(), await executed.text()).toBe(200);

  await watchPage(page);
  await signIn(page, lang, 'planner');
  await page.goto(`${base()}/runs/${run.id}`);
  await expect(page.getByTestId('run-status')).toHaveAttribute('data-status', 'Executed');
  await expect(page.getByTestId('run-coverage')).toBeVisible();
  await expect(page.getByTestId('run-stale')).toHaveCount(0);

  // After the run: leave approved for one of the department's people (no demo user's) on a day of it.
  const staff = (await (
    await planner.get(`/api/employees?departmentId=${plan.departmentId}&pageSize=10`)
  ).json()) as { items: { id: string }[] };
  await approvedLeave(staff.items[lang === 'ar' ? 8 : 7]!.id, addDays(plan.from, 2));
  await planner.dispose();

  await page.reload();
  const notice = page.getByTestId('run-stale');
  await expect(notice).toBeVisible();
  await expect(notice).toContainText(text(lang, 'allocation.stale.title'));
  await expect(notice.locator('[data-kind="leaveApproved"]')).toHaveText(leaveLine[lang]);
  await expect(notice).toContainText(text(lang, 'allocation.stale.rerun'));
  await checkScreen(page, info, 'run-stale');

  await page.getByRole('link', { name: text(lang, 'allocation.nav'), exact: true }).click();
  const row = page.getByTestId('runs-table').getByRole('row').filter({ hasText: plan.name }).first();
  await expect(row.getByTestId('run-stale-badge')).toHaveText(text(lang, 'allocation.stale.badge'));
  await checkScreen(page, info, 'runs-stale');
});
