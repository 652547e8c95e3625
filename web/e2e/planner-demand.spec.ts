import { readFile } from 'node:fs/promises';
import { expect, type Request, test } from '@playwright/test';
import { addDays } from '../src/lib/dates.ts';
import {
  choose,
  label,
  paste,
  planLines,
  prepareDemand,
  required,
  weekOf,
} from './planner-demand-support.ts';
import { apiAs, checkScreen, langOf, signInWithToken, text, watchPage } from './support.ts';

test.beforeEach(async ({ page }) => {
  await watchPage(page);
});

test('the planner creates a plan from a template, edits it by keyboard and paste, saves once, and meets a stale save', async ({
  page,
}, info) => {
  // A long flow on a machine the other language's run shares.
  test.setTimeout(240_000);
  const lang = langOf(info);
  const { from, to } = weekOf(lang);
  const { templateName } = await prepareDemand(lang);
  await signInWithToken(page, lang, 'planner', '/demand/plans');

  // The list, with the demo plan among the ramp's.
  await expect(page.getByRole('heading', { name: label(lang, 'demand.plans.title') })).toBeVisible();
  await expect(page.getByTestId('plan-row').first()).toBeVisible();
  await checkScreen(page, info, 'demand-plans');

  // A new plan for the week, from the template: its dry run shows as a diff before anything is written.
  await page.getByTestId('new-plan').click();
  await page.getByLabel(label(lang, 'demand.create.name')).fill(`Cargo week ${lang}`);
  await choose(page, page.getByTestId('new-plan-department'), lang === 'ar' ? 'الشحن' : 'Cargo');
  await page.getByTestId('new-plan-from').fill(from);
  await page.getByTestId('new-plan-to').fill(to);
  // Out of the field: its calendar closes and no longer covers the template's field below it.
  await page.getByTestId('new-plan-to').press('Tab');
  await choose(page, page.getByTestId('new-plan-template'), templateName);
  await page.getByTestId('create-plan').click();
  await expect(page).toHaveURL(/\/demand\/plans\/[0-9a-f-]{36}/);
  const planId = /plans\/([0-9a-f-]{36})/.exec(page.url())![1]!;
  await expect(page.getByTestId('template-change')).toHaveCount(21);
  expect((await planLines(planId)).lines).toHaveLength(0);
  await checkScreen(page, info, 'demand-template-diff');
  await page.getByTestId('template-commit').click();
  await expect(page.getByTestId('plan-notice')).toHaveText(label(lang, 'demand.template.applied'));
  await expect(page.getByTestId('template-panel')).toHaveCount(0);
  await expect(page.getByTestId('matrix-total')).toHaveText('28');

  // Keyboard: type a number and Enter, the forward arrow, a number and Tab, Delete.
  const matrix = page.getByTestId('demand-matrix');
  const cell = (date: string, terminal: string, shift: string) =>
    matrix.locator(`td[data-key="${date}|${terminal}|${shift}|"]`);
  const d0 = from;
  const d1 = addDays(from, 1);
  await cell(d0, 'T1', 'MORNING').click();
  await page.keyboard.type('7');
  await expect(page.getByTestId('matrix-editor')).toHaveValue('7');
  await page.keyboard.press('Enter');
  await page.keyboard.press('ArrowUp');
  await page.keyboard.press(lang === 'ar' ? 'ArrowLeft' : 'ArrowRight');
  await page.keyboard.type('5');
  await page.keyboard.press('Tab');
  await page.keyboard.press('Home');
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Delete');
  await expect(cell(d0, 'T1', 'MORNING')).toHaveText('7');
  await expect(cell(d0, 'T1', 'EVENING')).toHaveText('5');
  await expect(cell(d1, 'T1', 'MORNING')).toHaveText('');

  // A block pasted from a spreadsheet fills cells from the active one.
  const d2 = addDays(from, 2);
  const d3 = addDays(from, 3);
  await cell(d2, 'T1', 'MORNING').click();
  await paste(matrix, '1\t2\t3\r\n4\t5\t6\r\n');
  await expect(cell(d3, 'T1', 'NIGHT')).toHaveText('6');
  await expect(page.getByTestId('matrix-total')).toHaveText('53');
  await checkScreen(page, info, 'demand-matrix');

  // One PATCH carries every edit, with the version it began from as If-Match.
  const patches: Request[] = [];
  page.on('request', (request) => {
    if (request.method() === 'PATCH' && request.url().includes(`/api/demand/plans/${planId}`))
      patches.push(request);
  });
  const before = await planLines(planId);
  await page.getByTestId('save-plan').click();
  await expect(page.getByTestId('plan-notice')).toContainText(String(before.version + 1));
  expect(patches).toHaveLength(1);
  expect(patches[0]!.headers()['if-match']).toBe(`"${before.version}"`);
  expect((patches[0]!.postDataJSON() as { cells: unknown[] }).cells).toHaveLength(9);
  const saved = await planLines(planId);
  expect(required(saved.lines, d0, 'T1', 'MORNING')).toBe(7);
  expect(required(saved.lines, d0, 'T1', 'EVENING')).toBe(5);
  expect(required(saved.lines, d1, 'T1', 'MORNING')).toBe(0);
  expect(required(saved.lines, d3, 'T1', 'NIGHT')).toBe(6);
  expect(required(saved.lines, d0, 'T1', 'MORNING', 'MARSHALLING')).toBe(1);

  // Someone else saves meanwhile: the save answers 412 and shows their change beside ours.
  await cell(d0, 'T1', 'MORNING').click();
  await page.keyboard.type('9');
  await page.keyboard.press('Enter');
  const other = await apiAs('planner');
  const changed = await other.patch(`/api/demand/plans/${planId}`, {
    headers: { 'if-match': `"${saved.version}"` },
    data: {
      cells: [
        { date: d0, terminalCode: 'T1', shiftTemplateCode: 'MORNING', required: 4 },
        { date: addDays(from, 5), terminalCode: 'T3', shiftTemplateCode: 'NIGHT', required: 2 },
      ],
    },
  });
  expect(changed.status(), await changed.text()).toBe(200);
  await other.dispose();
  await page.getByTestId('save-plan').click();
  const notice = page.getByTestId('stale-notice');
  await expect(notice).toBeVisible();
  await expect(notice.getByTestId('stale-change')).toHaveCount(2);
  await expect(notice.getByTestId('stale-server').first()).toHaveText('4');
  await expect(notice.getByTestId('stale-mine').first()).toHaveText('9');
  await checkScreen(page, info, 'demand-stale');
  await page.getByTestId('stale-reapply').click();
  await expect(cell(addDays(from, 5), 'T3', 'NIGHT')).toHaveText('2');
  await page.getByTestId('save-plan').click();
  await expect(page.getByTestId('plan-notice')).toContainText(String(saved.version + 2));
  expect(required((await planLines(planId)).lines, d0, 'T1', 'MORNING')).toBe(9);

  // The plan's state moves on.
  await page.getByTestId('status-Approved').click();
  await expect(page.getByTestId('plan-status')).toHaveText(label(lang, 'demand.status.Approved'));
});

test('the manager reads plans without editing them and sees the pools and reports', async ({
  page,
}, info) => {
  const lang = langOf(info);
  await signInWithToken(page, lang, 'manager', '/demand/plans');
  const nav = page.getByRole('navigation');
  await expect(nav.getByRole('link', { name: label(lang, 'demand.nav.plans') })).toBeVisible();
  await expect(nav.getByRole('link', { name: label(lang, 'pools.nav') })).toBeVisible();
  await expect(nav.getByRole('link', { name: label(lang, 'reports.nav') })).toBeVisible();
  await expect(page.getByTestId('new-plan')).toHaveCount(0);
  await page.getByTestId('plan-row').first().getByRole('link').click();
  await expect(page.getByTestId('read-only')).toBeVisible();
  await expect(page.getByTestId('save-plan')).toHaveCount(0);
  await checkScreen(page, info, 'demand-plan-read-only');
});

test("the manager changes a lending rule's daily cap", async ({ page }, info) => {
  const lang = langOf(info);
  const manager = await apiAs('manager');
  const pools = (
    (await (await manager.get('/api/pools?pageSize=500')).json()) as {
      items: { id: string; code: string; isDefault: boolean; departmentCode: string }[];
    }
  ).items;
  const apron = pools.find((pool) => pool.code === 'RAMP-APRON')!;
  const ramp = pools.find((pool) => pool.isDefault && pool.departmentCode === apron.departmentCode)!;
  const window = lang === 'en' ? ['2033-01-01', '2033-01-31'] : ['2033-03-01', '2033-03-31'];
  const description = `planner-demand ${lang} ${Date.now()}`;
  const created = await manager.post('/api/pool-lending-rules', {
    data: {
      sourcePoolId: apron.id,
      targetPoolId: ramp.id,
      effectiveFrom: window[0],
      effectiveTo: window[1],
      maxPerDay: 1,
      description,
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const rule = (await created.json()) as { id: string };
  await manager.dispose();

  await signInWithToken(page, lang, 'manager', `/pools?pool=${apron.id}`);
  const row = page.getByTestId('rule-row').filter({ hasText: description });
  await expect(row).toBeVisible();
  await checkScreen(page, info, 'pools');
  await row.getByTestId('rule-edit').click();
  await page.getByTestId('rule-cap').fill('3');
  await page.getByTestId('rule-save').click();
  await expect(row.getByTestId('rule-cap-value')).toHaveText('3');
  const check = await apiAs('manager');
  const saved = (await (await check.get(`/api/pool-lending-rules/${rule.id}`)).json()) as {
    maxPerDay: number;
  };
  expect(saved.maxPerDay).toBe(3);
  await check.delete(`/api/pool-lending-rules/${rule.id}`);
  await check.dispose();
});

test('the planner downloads the daily roster as a PDF and the monthly roster as a workbook', async ({
  page,
}, info) => {
  const lang = langOf(info);
  await signInWithToken(page, lang, 'planner', '/reports');
  await expect(page.getByTestId('report-form')).toBeVisible();
  await checkScreen(page, info, 'reports');

  const pdfAnswer = page.waitForResponse((response) =>
    response.url().includes('/api/reports/daily-roster.pdf'),
  );
  const pdfDownload = page.waitForEvent('download');
  await page.getByTestId('report-download').click();
  const pdf = await pdfAnswer;
  expect(pdf.status()).toBe(200);
  expect(pdf.headers()['content-type']).toContain('application/pdf');
  expect(pdf.url()).toContain(`lang=${lang}`);
  const pdfFile = await pdfDownload;
  expect(pdfFile.suggestedFilename()).toMatch(
    new RegExp(`^daily-roster-\\d{4}-\\d{2}-\\d{2}-${lang}\\.pdf$`),
  );
  const pdfBytes = await readFile((await pdfFile.path())!);
  expect(pdfBytes.subarray(0, 5).toString()).toBe('%PDF-');
  expect(pdfBytes.length).toBeGreaterThan(1000);
  await expect(page.getByTestId('report-delivered')).toContainText(pdfFile.suggestedFilename());

  await choose(page, page.getByTestId('report-kind'), text(lang, 'reports.kind.monthly'));
  await page.getByTestId('report-format').getByText(text(lang, 'reports.format.xlsx')).click();
  await page.getByTestId('report-lang').getByText(text('ar', 'reports.language.ar')).click();
  const xlsxAnswer = page.waitForResponse((response) =>
    response.url().includes('/api/reports/monthly-roster.xlsx'),
  );
  const xlsxDownload = page.waitForEvent('download');
  await page.getByTestId('report-download').click();
  const xlsx = await xlsxAnswer;
  expect(xlsx.headers()['content-type']).toContain('spreadsheetml');
  expect(xlsx.url()).toContain('lang=ar');
  const xlsxFile = await xlsxDownload;
  expect(xlsxFile.suggestedFilename()).toMatch(/^monthly-roster-\d{4}-\d{2}-ar\.xlsx$/);
  const xlsxBytes = await readFile((await xlsxFile.path())!);
  expect(xlsxBytes.subarray(0, 2).toString()).toBe('PK');
  expect(xlsxBytes.length).toBeGreaterThan(1000);
});
