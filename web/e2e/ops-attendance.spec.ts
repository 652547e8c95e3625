import { expect, type Page, test } from '@playwright/test';
import {
  addMinutes,
  attendanceWorkbook,
  type Planned,
  pastDay,
  publishPastDay,
  type Recorded,
  rampSegments,
} from './ops-attendance-support.ts';
import { apiAs, checkScreen, type Lang, langOf, signInWithToken, text, watchPage } from './support.ts';

/**
 * Attendance and reconciliation, in English and in Arabic side by side on one service: each language
 * publishes its own past day of the passenger department and imports attendance for it, so that the
 * two never meet.
 */
test.describe.configure({ mode: 'serial' });

const today = new Intl.DateTimeFormat('en-CA', {
  timeZone: 'Asia/Riyadh',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
}).format(new Date());

interface Scene {
  day: string;
  late: Planned;
  absent: Planned;
  changed: Recorded;
  unchanged: Recorded;
}
const scenes = new Map<Lang, Scene>();

async function sceneOf(lang: Lang): Promise<Scene> {
  const known = scenes.get(lang);
  if (known) return known;
  const day = pastDay(lang, today);
  const planned = await publishPastDay(day);
  expect(planned.length, 'people planned on the day').toBeGreaterThanOrEqual(2);
  const [changed, unchanged] = await rampSegments(lang, today);
  const scene = { day, late: planned[0]!, absent: planned[1]!, changed: changed!, unchanged: unchanged! };
  scenes.set(lang, scene);
  return scene;
}

const openAs = async (page: Page, lang: Lang, user: string, path: string) => {
  await watchPage(page);
  await signInWithToken(page, lang, user, path);
};

const comment = (lang: Lang) => (lang === 'en' ? 'The airport bus broke down' : 'تعطلت حافلة المطار');

test('an attendance file with a no-show and a late arrival is previewed, committed and reconciled', async ({
  page,
}, info) => {
  test.setTimeout(240_000);
  const lang = langOf(info);
  const scene = await sceneOf(lang);
  const { day, late, absent, changed, unchanged } = scene;
  const file = await attendanceWorkbook([
    [late.employeeNumber, day, addMinutes(late.start, 40), late.end, 'LATE'],
    [absent.employeeNumber, day, null, null, 'ABSENT'],
    [
      changed.employee.employeeNumber,
      changed.date,
      changed.Time_In,
      addMinutes(changed.Time_In!, 120),
      'EARLY_LEAVE',
    ],
    [unchanged.employee.employeeNumber, unchanged.date, unchanged.Time_In, unchanged.Time_Out, 'PRESENT'],
    ['E99999', day, '06:00', '14:00', 'PRESENT'],
    [late.employeeNumber, day, '23:00', '22:00', 'PRESENT'],
  ]);

  await openAs(page, lang, 'hrdirector', '/attendance/import');
  await page.getByRole('heading', { name: text(lang, 'attendanceAdmin.import.title') }).waitFor();
  await checkScreen(page, info, 'attendance-import');
  await page.locator('input[type="file"]').setInputFiles({
    name: `attendance-${lang}.xlsx`,
    mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    buffer: file,
  });
  await page.getByRole('button', { name: text(lang, 'attendanceAdmin.import.check') }).click();
  const preview = page.getByTestId('import-preview');
  await expect(preview).toBeVisible();
  await expect(page.getByTestId('summary-new')).toContainText('2');
  await expect(page.getByTestId('summary-changed')).toContainText('1');
  await expect(page.getByTestId('summary-unchanged')).toContainText('1');
  await expect(page.getByTestId('summary-rejected')).toContainText('2');
  // The changed row reads as before and after.
  const changedRow = page.locator('[data-testid="preview-row"][data-verdict="changed"]');
  await expect(changedRow).toContainText(`${changed.Time_In}–${changed.Time_Out}`);
  await expect(changedRow).toContainText(text(lang, 'common.attendanceStatus.EARLY_LEAVE'));
  await expect(changedRow).not.toContainText('EARLY_LEAVE');
  // Refused rows say why, in the reader's language.
  const refused = page.locator('[data-testid="preview-row"][data-verdict="rejected"]');
  await expect(refused).toHaveCount(2);
  await expect(refused.first()).toContainText(text(lang, 'attendanceAdmin.rowError.EMPLOYEE_UNKNOWN'));
  await expect(refused.nth(1)).toContainText(
    text(lang, 'attendanceAdmin.rowError.TIME_OUT_CROSSES_MIDNIGHT'),
  );
  await checkScreen(page, info, 'attendance-import-preview');

  await page.getByRole('button', { name: /^(Commit|اعتماد)/ }).click();
  await expect(page.getByTestId('import-committed')).toBeVisible();
  await checkScreen(page, info, 'attendance-import-committed');

  // Reconciled: the late arrival and the no-show are among the open exceptions of the day.
  await page.getByRole('link', { name: text(lang, 'attendanceAdmin.import.toExceptions') }).click();
  await page.getByRole('heading', { name: text(lang, 'reconciliation.exceptions.title') }).waitFor();
  await page.getByLabel(text(lang, 'common.filter.from'), { exact: true }).fill(day);
  await page.getByLabel(text(lang, 'common.filter.to'), { exact: true }).fill(day);
  // Leaves the field, and with it the calendar that typing opened.
  await page.keyboard.press('Tab');
  const lateRow = page.locator(
    `[data-testid="exception-row"][data-employee="${late.employeeNumber}"][data-kind="LATE_ARRIVAL"]`,
  );
  const noShow = page.locator(
    `[data-testid="exception-row"][data-employee="${absent.employeeNumber}"][data-kind="NO_SHOW"]`,
  );
  // Until the list has followed both dates, the other language's day shows too: one row each, then.
  await expect(lateRow).toHaveCount(1);
  await expect(noShow).toHaveCount(1);
  await expect(lateRow).toBeVisible();
  await expect(lateRow).toContainText('40');
  await expect(noShow).toBeVisible();
  await checkScreen(page, info, 'attendance-exceptions-open');

  // One exception validated as justified, with a comment.
  await lateRow.getByRole('checkbox').check();
  await expect(page.getByTestId('validate-panel')).toContainText(
    lang === 'en' ? 'One exception chosen' : 'استثناء واحد مختار',
  );
  await page.getByLabel(text(lang, 'reconciliation.exceptions.comment'), { exact: true }).fill(comment(lang));
  await page.getByRole('button', { name: text(lang, 'reconciliation.exceptions.justified') }).click();
  await expect(page.getByRole('status')).toContainText(
    lang === 'en' ? 'One exception validated' : 'اعتُمد استثناء واحد',
  );
  await expect(lateRow).toHaveCount(0);
  await page
    .getByRole('combobox', { name: text(lang, 'reconciliation.exceptions.status'), exact: true })
    .click();
  await page.getByRole('option', { name: text(lang, 'reconciliation.exceptions.status.VALIDATED') }).click();
  await expect(lateRow).toContainText(comment(lang));
  await expect(lateRow).toContainText(text(lang, 'reconciliation.exceptions.resolution.JUSTIFIED'));
  await checkScreen(page, info, 'attendance-exceptions-validated');
});

test('an admin edit is sent with If-Match: a stale one is refused readably, then saved and reviewed', async ({
  page,
  browser,
}, info) => {
  test.setTimeout(180_000);
  const lang = langOf(info);
  const { day, late } = await sceneOf(lang);
  await openAs(page, lang, 'hrdirector', '/attendance/records');
  await page.getByRole('heading', { name: text(lang, 'attendanceAdmin.records.title') }).waitFor();
  await page.getByLabel(text(lang, 'common.filter.from'), { exact: true }).fill(day);
  await page.getByLabel(text(lang, 'common.filter.to'), { exact: true }).fill(day);
  // Leaves the field, and with it the calendar that typing opened.
  await page.keyboard.press('Tab');
  const row = page.locator(`[data-testid="record-row"][data-employee="${late.employeeNumber}"]`);
  await expect(row).toHaveCount(1);
  await checkScreen(page, info, 'attendance-records');
  await row.getByRole('link').click();
  await expect(page.getByTestId('trail-table')).toBeVisible();
  await checkScreen(page, info, 'attendance-record');

  // The person begins the edit; someone else edits the record meanwhile (the page hears of it and
  // shows it, but the edit stays on the version it began from, which is stale now).
  await page.getByLabel(text(lang, 'attendanceAdmin.edit.reason'), { exact: true }).fill(comment(lang));
  const recordId = page.url().split('/').at(-1)!;
  const coo = await apiAs('coo');
  const current = (await (await coo.get(`/api/attendance/${recordId}`)).json()) as {
    version: number;
    Time_In: string;
    Time_Out: string;
  };
  const other = await coo.put(`/api/admin/attendance/${recordId}`, {
    headers: { 'if-match': `"${current.version}"` },
    data: { Time_In: current.Time_In, Time_Out: addMinutes(current.Time_Out, -10), statusCode: 'LATE' },
  });
  expect(other.status(), await other.text()).toBe(200);

  await page.getByRole('button', { name: text(lang, 'attendanceAdmin.edit.save') }).click();
  await expect(page.getByTestId('edit-error')).toContainText(text(lang, 'attendanceAdmin.edit.stale'));
  await expect(page.getByTestId('record-version')).toContainText(String(current.version + 1));
  await checkScreen(page, info, 'attendance-record-stale');
  await page.getByRole('button', { name: text(lang, 'attendanceAdmin.edit.save') }).click();
  await expect(page.getByText(text(lang, 'attendanceAdmin.edit.saved'))).toBeVisible();
  await expect(page.getByTestId('record-version')).toContainText(String(current.version + 2));
  await expect(page.locator('[data-testid="trail-row"][data-action="edit"]')).toHaveCount(2);

  // The review: neither editor may acknowledge it; the system administrator does.
  const context = await browser.newContext();
  const reviewer = await context.newPage();
  await openAs(reviewer, lang, 'sysadmin', '/attendance/reviews');
  const item = reviewer.locator(
    `[data-testid="review-item"][data-employee="${late.employeeNumber}"][data-date="${day}"]`,
  );
  await expect(item).toBeVisible();
  await checkScreen(reviewer, info, 'attendance-reviews');
  await item.getByLabel(text(lang, 'attendanceAdmin.reviews.comment'), { exact: true }).fill(comment(lang));
  await item.getByRole('button', { name: text(lang, 'attendanceAdmin.reviews.acknowledge') }).click();
  await expect(item).toHaveCount(0);
  await context.close();
});

test('the variance screen shows required, planned and actual heads as a chart, and as a table', async ({
  page,
}, info) => {
  const lang = langOf(info);
  await openAs(page, lang, 'manager', '/reconciliation/variance');
  await page.getByRole('heading', { name: text(lang, 'reconciliation.variance.title') }).waitFor();
  const chart = page.getByTestId('variance-chart');
  await expect(chart).toBeVisible();
  await expect(chart.getByTestId('bar-row').first()).toHaveAttribute(
    'aria-label',
    new RegExp(text(lang, 'reconciliation.variance.required')),
  );
  await expect(page.getByTestId('utilization-chart')).toBeVisible();
  await checkScreen(page, info, 'attendance-variance');
  await chart.getByText(text(lang, 'common.chart.asTable')).click();
  await expect(chart.getByRole('table')).toBeVisible();
  await checkScreen(page, info, 'attendance-variance-table');
});

test('a supervisor reads the attendance of their departments only', async ({ page }, info) => {
  const lang = langOf(info);
  await openAs(page, lang, 'supervisor', '/attendance/records');
  await page.getByRole('heading', { name: text(lang, 'attendanceAdmin.records.title') }).waitFor();
  await expect(page.getByText(text(lang, 'attendanceAdmin.records.descriptionScoped'))).toBeVisible();
  await expect(page.getByTestId('records-table')).toBeVisible();
  // No record opens for a scoped reader (the record and its trail need attendance.view.all).
  await expect(page.getByTestId('records-table').getByRole('link')).toHaveCount(0);
  await checkScreen(page, info, 'attendance-records-scoped');
});
