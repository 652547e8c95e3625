import { expect, type Page } from '@playwright/test';
import { addDays } from '../src/lib/dates.ts';
import { apiAs, dayInCalendar, type Lang } from './support.ts';

/** The demo employee's number (the grid's rows carry it) and the ramp department they work in. */
export async function demoEmployee(): Promise<{ employeeNumber: string; departmentId: string }> {
  const employee = await apiAs('employee');
  const profile = (await (await employee.get('/api/me/profile')).json()) as { employeeId: string };
  await employee.dispose();
  const planner = await apiAs('planner');
  const answer = await planner.get(`/api/employees/${profile.employeeId}`);
  expect(answer.status(), await answer.text()).toBe(200);
  const found = (await answer.json()) as { employeeNumber: string; departmentId: string };
  await planner.dispose();
  return found;
}

/**
 * A day of each language's own, six weeks ahead and off the demo employee's roster: English and Arabic
 * never state the same day (the unit allows four a month, and both run on the one service).
 */
export function ownDay(lang: Lang): string {
  return addDays(new Date().toISOString().slice(0, 10), lang === 'ar' ? 46 : 44);
}

/** Picks one day in the unavailability form's calendar (a range of one), moving month by month to it. */
export async function pickDay(page: Page, day: string): Promise<void> {
  await page.getByTestId('unavailable-dates').click();
  const cell = await dayInCalendar(page, day);
  await cell.click();
  await cell.click();
  await page.keyboard.press('Escape');
}
