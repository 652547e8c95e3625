import { expect, type Locator, type Page, test } from '@playwright/test';
import { addDays, dayAsTyped } from '../src/lib/dates.ts';
import { focusCell } from './roster-grid-support.ts';
import {
  apiAs,
  base,
  checkScreen,
  type Lang,
  langOf,
  rampAfterPublished,
  signIn,
  text,
  watchPage,
} from './support.ts';

/**
 * A planner repeats a week that worked and edits the roster on its grid (issue 53): copies the coming
 * week onto a week far ahead (each language its own, so that the two runs side by side never meet),
 * moves a shift with the keyboard and another by dragging, adds one, sees one refused with the rule and
 * the person named, removes one, undoes, and saves all of it as one write.
 */
const AHEAD: Record<Lang, number> = { en: 140, ar: 175 };

interface Shift {
  id: string;
  employee: { id: string; employeeNumber: string };
  date: string;
}

async function liveShifts(rampId: string, from: string, to: string): Promise<Shift[]> {
  const planner = await apiAs('planner');
  const page = (await (
    await planner.get(`/api/shift-assignments?departmentId=${rampId}&from=${from}&to=${to}&pageSize=500`)
  ).json()) as { items: Shift[] };
  await planner.dispose();
  return page.items;
}

async function clearWeek(rampId: string, from: string, to: string): Promise<void> {
  const planner = await apiAs('planner');
  for (const shift of await liveShifts(rampId, from, to))
    await planner.delete(`/api/shift-assignments/${shift.id}`);
  await planner.dispose();
}

/** Row and column of every cell of the grid in view, with whether it holds a shift. */
async function cellsOf(grid: Locator): Promise<{ row: number; column: number; full: boolean }[]> {
  return grid.locator('[role="gridcell"]').evaluateAll((cells) =>
    cells.map((cell) => {
      const [row, column] = (cell.getAttribute('data-cell') ?? '0:0').split(':').map(Number);
      return { row: row!, column: column!, full: (cell.textContent ?? '').trim() !== '' };
    }),
  );
}

const cell = (grid: Locator, row: number, column: number) => grid.locator(`[data-cell="${row}:${column}"]`);

async function choose(page: Page, field: Locator, option: RegExp): Promise<void> {
  await field.click();
  await page.getByRole('listbox').getByRole('option', { name: option }).first().click();
}

test('a planner copies a week, edits it on the grid and saves the edits as one write', async ({
  page,
}, info) => {
  test.setTimeout(240_000);
  const lang = langOf(info);
  const { rampId } = await rampAfterPublished();
  const today = new Date().toISOString().slice(0, 10);
  const source = { from: addDays(today, 1), to: addDays(today, 7) };
  const onto = addDays(today, AHEAD[lang]);
  const end = addDays(onto, 6);
  await clearWeek(rampId, onto, end);
  const worked = await liveShifts(rampId, source.from, source.to);
  expect(worked.length, 'the coming week of the ramp has shifts to copy').toBeGreaterThan(5);

  await watchPage(page);
  await signIn(page, lang, 'planner');
  await page.goto(`${base()}/roster/live?from=${onto}&to=${end}&department=${rampId}`);
  const grid = page.getByTestId('roster-grid');
  await expect(grid).toBeVisible();

  // Copy the coming week onto this one: the preview first, then exactly what it showed.
  await page.getByTestId('copy-open').click();
  const dialog = page.getByRole('dialog', { name: text(lang, 'rosters.copy.title') });
  for (const [id, day] of [
    ['rosters.copy.from', source.from],
    ['rosters.copy.to', source.to],
    ['rosters.copy.onto', onto],
  ] as const) {
    const field = dialog.getByRole('textbox', { name: text(lang, id) });
    await field.fill(dayAsTyped(day));
    await field.press('Tab');
  }
  await dialog.getByTestId('copy-preview').click();
  await expect(dialog.getByTestId('copy-summary')).toBeVisible();
  await checkScreen(page, info, 'roster-copy');
  await dialog.getByTestId('copy-apply').click();
  await expect(dialog.getByTestId('copy-summary')).toContainText(lang === 'ar' ? 'نُسخت' : 'copied');
  await dialog.getByTestId('copy-close').click();
  const copied = await liveShifts(rampId, onto, end);
  expect(copied.length).toBeGreaterThan(5);
  await expect(grid.locator('[role="gridcell"] span').first()).toBeVisible();

  await page.getByTestId('edit-toggle').check({ force: true });
  await expect(page.getByTestId('edit-help')).toBeVisible();
  const cells = await cellsOf(grid);
  const at = (row: number, column: number) => cells.find((c) => c.row === row && c.column === column);
  const rows = [...new Set(cells.map((c) => c.row))].sort((a, b) => a - b);
  const fullIn = (row: number) => cells.filter((c) => c.row === row && c.full).map((c) => c.column);
  const emptyIn = (row: number) => cells.filter((c) => c.row === row && !c.full).map((c) => c.column);
  const busy = rows.filter((row) => fullIn(row).length > 0 && emptyIn(row).length > 0);
  expect(busy.length).toBeGreaterThan(2);

  // Move by keyboard: cut a shift, paste it on the same person's free day.
  const [keyRow, dragRow, removeRow] = busy as [number, number, number];
  const from = fullIn(keyRow)[0]!;
  const to = emptyIn(keyRow)[0]!;
  await focusCell(page, grid, lang, keyRow, from);
  await page.keyboard.press('Control+x');
  await expect(cell(grid, keyRow, from)).toHaveAttribute('data-cut', 'true');
  await focusCell(page, grid, lang, keyRow, to);
  await page.keyboard.press('Control+v');
  await expect(cell(grid, keyRow, to)).toHaveAttribute('data-edited', 'true');
  await expect(cell(grid, keyRow, from)).toBeEmpty();

  // Move by dragging.
  const dragFrom = fullIn(dragRow)[0]!;
  const dragTo = emptyIn(dragRow)[0]!;
  await cell(grid, dragRow, dragFrom).dragTo(cell(grid, dragRow, dragTo));
  await expect(cell(grid, dragRow, dragTo)).toHaveAttribute('data-edited', 'true');

  // Add an evening on a free row's day, then a morning the day after: too little rest, refused by name.
  const free = rows.find((row) => {
    const empty = emptyIn(row);
    return empty.some((c) => c > 0 && c < 6 && empty.includes(c - 1) && empty.includes(c + 1));
  });
  expect(free, 'someone has three free days in a row').toBeDefined();
  const day = emptyIn(free!).find(
    (c) => c > 0 && c < 6 && !at(free!, c - 1)?.full && !at(free!, c + 1)?.full,
  )!;
  const add = async (column: number, shift: RegExp) => {
    await focusCell(page, grid, lang, free!, column);
    await page.keyboard.press('Enter');
    const modal = page.getByRole('dialog', { name: text(lang, 'rosters.edit.addTitle') });
    await expect(modal).toBeVisible();
    await choose(page, modal.getByTestId('add-template'), shift);
    await choose(page, modal.getByTestId('add-terminal'), /./);
    await modal.getByTestId('add-confirm').click();
    await expect(modal).toBeHidden();
  };
  await add(day, /14:00–22:00/);
  await expect(cell(grid, free!, day)).toHaveAttribute('data-edited', 'true');
  await expect(page.getByTestId('edit-save')).toBeEnabled();
  await add(day + 1, /06:00–14:00/);
  const refusal = page.getByTestId('edit-refusal');
  await expect(refusal).toContainText(text(lang, 'common.reason.REST_TOO_SHORT'));
  await expect(cell(grid, free!, day + 1)).toBeEmpty();

  // Remove one, undo it, remove it again.
  const removeAt = fullIn(removeRow).find((c) => c !== dragFrom || removeRow !== dragRow)!;
  await focusCell(page, grid, lang, removeRow, removeAt);
  await page.keyboard.press('Delete');
  await expect(cell(grid, removeRow, removeAt)).toBeEmpty();
  await page.keyboard.press('Control+z');
  await expect(cell(grid, removeRow, removeAt)).not.toBeEmpty();
  await page.keyboard.press('Delete');
  await expect(cell(grid, removeRow, removeAt)).toBeEmpty();
  await checkScreen(page, info, 'roster-edit');

  // Four changes (two moves, an add, a removal) saved as one write.
  await expect(page.getByTestId('edit-save')).toBeEnabled();
  await page.getByTestId('edit-save').click();
  await expect(page.getByTestId('edit-saved')).toBeVisible();
  const after = await liveShifts(rampId, onto, end);
  expect(after.length).toBe(copied.length);
  await expect(cell(grid, keyRow, to)).not.toHaveAttribute('data-edited', 'true');
  await expect(cell(grid, keyRow, to)).not.toBeEmpty();
  await clearWeek(rampId, onto, end);
});
