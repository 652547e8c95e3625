import { type APIRequestContext, expect, type Locator, type Page } from '@playwright/test';
import { apiAs, type Lang, type MessageId, text } from './support.ts';

/** Each language works on its own far-away week of the cargo department, so the two runs never meet. */
export function weekOf(lang: Lang) {
  return lang === 'en' ? { from: '2032-05-02', to: '2032-05-08' } : { from: '2032-05-16', to: '2032-05-22' };
}

interface Page0<T> {
  items: T[];
}

async function json<T>(answer: Awaited<ReturnType<APIRequestContext['get']>>): Promise<T> {
  expect(answer.ok(), await answer.text()).toBe(true);
  return (await answer.json()) as T;
}

export async function departmentId(client: APIRequestContext, code: string): Promise<string> {
  const page = await json<Page0<{ id: string; code: string }>>(
    await client.get('/api/lookups/departments?pageSize=500'),
  );
  return page.items.find((node) => node.code === code)!.id;
}

/**
 * A template usable by every department (so the test owns it), and no plan of the cargo department left
 * over the language's week from an earlier run against the same service.
 */
export async function prepareDemand(lang: Lang): Promise<{ templateName: string }> {
  const planner = await apiAs('planner');
  const cargo = await departmentId(planner, 'CARGO');
  const { from, to } = weekOf(lang);
  const plans = await json<Page0<{ id: string }>>(
    await planner.get(`/api/demand/plans?departmentId=${cargo}&pageSize=500`),
  );
  for (const plan of plans.items) {
    const detail = await json<{ from: string; to: string }>(
      await planner.get(`/api/demand/plans/${plan.id}`),
    );
    if (detail.from <= to && from <= detail.to) await planner.delete(`/api/demand/plans/${plan.id}`);
  }
  const templateName = `planner-demand week ${lang} ${Date.now()}`;
  const cells = [];
  for (let weekday = 0; weekday < 7; weekday++)
    cells.push(
      { weekday, terminalCode: 'T1', shiftTemplateCode: 'MORNING', required: 2 },
      { weekday, terminalCode: 'T2', shiftTemplateCode: 'EVENING', required: 1 },
      { weekday, terminalCode: 'T1', shiftTemplateCode: 'MORNING', skillCode: 'MARSHALLING', required: 1 },
    );
  const created = await planner.post('/api/demand/templates', {
    data: { name: templateName, departmentId: null, cells },
  });
  expect(created.status(), await created.text()).toBe(201);
  await planner.dispose();
  return { templateName };
}

/** Picks an option of a Mantine select by its label. */
export async function choose(page: Page, field: Locator, option: string): Promise<void> {
  await field.click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

export const label = (lang: Lang, id: MessageId) => text(lang, id);

/** Pastes text into an element as a spreadsheet's clipboard would. */
export async function paste(target: Locator, value: string): Promise<void> {
  await target.evaluate((element, data) => {
    const transfer = new DataTransfer();
    transfer.setData('text/plain', data);
    element.dispatchEvent(
      new ClipboardEvent('paste', { clipboardData: transfer, bubbles: true, cancelable: true }),
    );
  }, value);
}

export interface PlanLine {
  date: string;
  terminalCode: string;
  shiftTemplateCode: string;
  skillCode: string | null;
  required: number;
}

export async function planLines(planId: string): Promise<{ version: number; lines: PlanLine[] }> {
  const planner = await apiAs('planner');
  const plan = await json<{ version: number; lines: PlanLine[] }>(
    await planner.get(`/api/demand/plans/${planId}`),
  );
  await planner.dispose();
  return plan;
}

export const required = (
  lines: PlanLine[],
  date: string,
  terminal: string,
  shift: string,
  skill: string | null = null,
) =>
  lines.find(
    (line) =>
      line.date === date &&
      line.terminalCode === terminal &&
      line.shiftTemplateCode === shift &&
      line.skillCode === skill,
  )?.required ?? 0;
