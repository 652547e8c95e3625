import { expect, test } from '@playwright/test';
import { addDays } from '../src/lib/dates.ts';
import { demoEmployee, ownDay, pickDay } from './availability-support.ts';
import { base, checkScreen, langOf, signIn, signOut, switchTo, text, watchPage } from './support.ts';

test('an employee states a day they cannot work, and the planner sees it on the roster grid', async ({
  page,
}, info) => {
  const lang = langOf(info);
  const day = ownDay(lang);
  const reason = lang === 'ar' ? 'امتحان جامعي' : 'University exam';
  const { employeeNumber, departmentId } = await demoEmployee();

  const employee = page;
  await watchPage(employee);
  await signIn(employee, lang, 'employee');
  await employee.getByRole('link', { name: text(lang, 'availability.nav') }).click();
  await expect(employee.getByRole('heading', { name: text(lang, 'availability.title') })).toBeVisible();
  await pickDay(employee, day);
  await employee.getByTestId('unavailable-reason').fill(reason);
  await employee.getByRole('button', { name: text(lang, 'availability.unavailable.submit') }).click();
  await expect(employee.getByTestId('unavailable-saved')).toBeVisible();
  // The page moved to the day's month, where the statement is listed with its reason.
  const listed = employee.getByTestId('unavailability').filter({ hasText: reason });
  await expect(listed).toHaveCount(1);
  await checkScreen(employee, info, 'availability-mine');
  await signOut(employee);

  const planner = page;
  await signIn(planner, lang, 'planner');
  await planner.goto(
    `${base()}/roster/live?from=${addDays(day, -3)}&to=${addDays(day, 3)}&department=${departmentId}`,
  );
  // The other language's run signs the same planner in and saves its language: take ours back.
  await switchTo(planner, lang);
  const cell = planner.locator(`[role="gridcell"][data-employee="${employeeNumber}"][data-date="${day}"]`);
  await expect(cell).toHaveAttribute('data-wish', 'unavailable');
  await expect(cell).toHaveAttribute('aria-label', new RegExp(reason));
  await expect(cell).toHaveAttribute('title', new RegExp(reason));
  await expect(planner.getByTestId('wish-legend')).toHaveText(text(lang, 'rosters.wish.legend'));
  await cell.scrollIntoViewIfNeeded();
  await checkScreen(planner, info, 'availability-grid');
});
