import { expect, type Locator, type Page } from '@playwright/test';
import type { Lang } from './support.ts';

/** Walks the roving focus from the grid's tab stop to a cell with the arrow keys (mirrored in Arabic). */
export async function focusCell(
  page: Page,
  grid: Locator,
  lang: Lang,
  row: number,
  column: number,
): Promise<void> {
  await grid.locator('[role="gridcell"][tabindex="0"]').focus();
  await page.keyboard.press('Control+Home');
  for (let i = 0; i < row; i += 1) await page.keyboard.press('ArrowDown');
  const forward = lang === 'ar' ? 'ArrowLeft' : 'ArrowRight';
  for (let i = 0; i < column; i += 1) await page.keyboard.press(forward);
  await expect(grid.locator(`[data-cell="${row}:${column}"]`)).toBeFocused();
}

/**
 * Walks the roving focus to the cell of one employee and date: rows and columns are virtualised, so the
 * cell exists only once the walk brings it into view.
 */
export async function focusCellOf(
  page: Page,
  grid: Locator,
  lang: Lang,
  employeeNumber: string,
  date: string,
): Promise<Locator> {
  await grid.locator('[role="gridcell"][tabindex="0"]').focus();
  await page.keyboard.press('Control+Home');
  const focused = () =>
    page.evaluate(() => {
      const cell = document.activeElement as HTMLElement | null;
      return { employee: cell?.dataset.employee ?? '', date: cell?.dataset.date ?? '' };
    });
  for (let step = 0; (await focused()).employee !== employeeNumber; step += 1) {
    if (step > 500) throw new Error(`no row of ${employeeNumber} in the grid`);
    await page.keyboard.press('ArrowDown');
  }
  const forward = lang === 'ar' ? 'ArrowLeft' : 'ArrowRight';
  for (let step = 0; (await focused()).date !== date; step += 1) {
    if (step > 62) throw new Error(`no column of ${date} in the grid`);
    await page.keyboard.press(forward);
  }
  const cell = grid.locator(`[data-employee="${employeeNumber}"][data-date="${date}"]`);
  await expect(cell).toBeFocused();
  return cell;
}
