import { type Browser, expect, type Page, type TestInfo, test } from '@playwright/test';
import {
  apiAs,
  base,
  checkScreen,
  type Lang,
  langOf,
  type MessageId,
  signIn,
  text,
  watchPage,
} from './support.ts';

/**
 * The administrator's screens, in English and in Arabic (the two projects run side by side on one
 * service: every name made here carries the project's language and a stamp, so the runs never meet).
 */
// Long flows (two people, several screens each checked at two widths) on a machine shared by many runs.
test.describe.configure({ mode: 'serial', timeout: 240_000 });

const FIRST_PASSWORD = 'Start#Admin2026';
const OWN_PASSWORD = 'Own#Scoped2026!';
/** A field's label, exactly, with or without the asterisk of a required field. */
const label = (lang: Lang, id: MessageId) =>
  new RegExp(`^${text(lang, id).replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}( \\*)?$`);
const stamp = () => Date.now().toString(36);

interface Exception {
  departmentId: string;
  employee: { employeeNumber: string; Name_1_English: string; Name_2_Arabic: string | null };
}

const nameIn = (lang: Lang, record: { Name_1_English: string; Name_2_Arabic: string | null }) =>
  lang === 'ar' && record.Name_2_Arabic ? record.Name_2_Arabic : record.Name_1_English;

/**
 * Each language's run signs in as its own administrator: the language switch is the profile's
 * preference, so one account shared by both runs (or other specs) would flip the other's screens.
 */
let adminName = '';
const ADMIN_PASSWORD = 'Admin#Screens2026';

async function signInAsAdministrator(page: Page, lang: Lang): Promise<void> {
  if (!adminName) await createAdministrator(lang);
  await signIn(page, lang, adminName, ADMIN_PASSWORD);
}

async function createAdministrator(lang: Lang): Promise<void> {
  const username = `admin.${lang}.${stamp()}`;
  const sysadmin = await apiAs('sysadmin');
  const created = await sysadmin.post('/api/users', {
    data: {
      username,
      displayName: lang === 'ar' ? 'مسؤول النظام' : 'Screens Administrator',
      password: ADMIN_PASSWORD,
      preferredLanguage: lang,
      roles: [{ roleCode: 'SYS_ADMIN' }],
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const { user } = (await created.json()) as { user: { id: string; version: number } };
  const ready = await sysadmin.patch(`/api/users/${user.id}`, {
    headers: { 'if-match': `"${user.version}"` },
    data: { mustChangePassword: false },
  });
  expect(ready.status(), await ready.text()).toBe(200);
  adminName = username;
}

/** Picks an option of a Mantine select by typing part of its label, as a person does with the keyboard. */
async function choose(page: Page, testId: string, typed: string, option: RegExp): Promise<void> {
  const input = page.getByTestId(testId);
  await input.click();
  await input.fill(typed);
  await page.getByRole('option', { name: option }).click();
}

/** A second person's browser, with the project's language and time zone. */
async function newPerson(browser: Browser, info: TestInfo): Promise<Page> {
  const context = await browser.newContext({
    locale: info.project.use.locale,
    timezoneId: info.project.use.timezoneId,
    reducedMotion: 'reduce',
  });
  const page = await context.newPage();
  await watchPage(page);
  return page;
}

test('an administrator creates a user and grants a role in one department; the user sees only it', async ({
  page,
  browser,
}, info) => {
  const lang = langOf(info);
  await watchPage(page);
  const sysadmin = await apiAs('sysadmin');
  const departments = (await (await sysadmin.get('/api/lookups/departments')).json()) as {
    items: { id: string; code: string; Name_1_English: string; Name_2_Arabic: string | null }[];
  };
  const cargo = departments.items.find((d) => d.code === 'CARGO')!;
  const open = (await (
    await sysadmin.get('/api/admin/reconciliation/exceptions?status=OPEN&pageSize=500')
  ).json()) as { items: Exception[] };
  const inCargo = open.items.filter((e) => e.departmentId === cargo.id).map((e) => e.employee.employeeNumber);
  const elsewhere = open.items
    .filter((e) => e.departmentId !== cargo.id)
    .map((e) => e.employee.employeeNumber)
    .filter((number) => !inCargo.includes(number));
  expect(inCargo.length, 'the demo has open exceptions in cargo').toBeGreaterThan(0);
  expect(elsewhere.length, 'and in other departments').toBeGreaterThan(0);

  await signInAsAdministrator(page, lang);
  await page.goto(`${base()}/admin/users`);
  await expect(page.getByTestId('users')).toBeVisible();
  await checkScreen(page, info, 'admin-users');

  const username = `cargo.${lang}.${stamp()}`;
  await page.getByTestId('new-user').click();
  const form = page.getByTestId('new-user-form');
  await form.getByLabel(label(lang, 'admin.users.username')).fill(username);
  await form.getByLabel(label(lang, 'admin.users.displayName')).fill(`Cargo manager ${lang}`);
  await form.getByLabel(label(lang, 'admin.users.initialPassword')).fill(FIRST_PASSWORD);
  await form.getByRole('button', { name: text(lang, 'admin.users.create') }).click();
  await expect(page).toHaveURL(/\/admin\/users\/[0-9a-f-]{36}$/);
  await expect(page.getByRole('heading', { name: `Cargo manager ${lang}` })).toBeVisible();

  const managerRole = text(lang, 'common.role.MANAGER');
  await choose(page, 'grant-role', managerRole, new RegExp(`^${managerRole}$`));
  await choose(page, 'grant-department', 'CARGO', /\(CARGO\)/);
  await page.getByRole('button', { name: text(lang, 'admin.grants.grant') }).click();
  const grants = page.getByTestId('grants');
  await expect(grants.getByRole('row').filter({ hasText: nameIn(lang, cargo) })).toHaveCount(1);
  await checkScreen(page, info, 'admin-user');

  // The list finds the new account by part of its name.
  await page.getByRole('link', { name: text(lang, 'admin.users.back') }).click();
  await page.getByTestId('user-search').fill(username);
  await expect(page.getByTestId('users').getByRole('link', { name: username })).toBeVisible();
  await expect(page.getByTestId('users').getByRole('row')).toHaveCount(2);

  // The new person signs in, changes the first password as asked, and opens the exceptions.
  const person = await newPerson(browser, info);
  await person.goto(`${base()}/login`);
  await person.getByLabel(text(lang, 'login.username')).fill(username);
  await person.getByLabel(text(lang, 'login.password'), { exact: true }).fill(FIRST_PASSWORD);
  await person.getByRole('button', { name: text(lang, 'login.submit'), exact: true }).click();
  await expect(person).toHaveURL(/\/change-password/);
  await expect(person.getByText(text(lang, 'password.mustChange'))).toBeVisible();
  await person.getByLabel(text(lang, 'password.current')).fill(FIRST_PASSWORD);
  await person.getByLabel(text(lang, 'password.new'), { exact: true }).fill(OWN_PASSWORD);
  await person.getByLabel(text(lang, 'password.repeat')).fill(OWN_PASSWORD);
  await person.getByRole('button', { name: text(lang, 'password.submit') }).click();
  await expect(person).not.toHaveURL(/\/change-password/);
  await person
    .getByRole('link', { name: text(lang, 'nav.reconciliationExceptions') })
    .first()
    .click();
  await expect(
    person.getByRole('heading', { name: text(lang, 'reconciliation.exceptions.title') }),
  ).toBeVisible();
  // Every row the new manager sees is a cargo employee's, and there are some.
  const rows = person.getByTestId('exception-row');
  await expect(rows.first()).toBeVisible();
  const shown = await rows.evaluateAll((found) =>
    found.map((row) => row.getAttribute('data-employee') ?? ''),
  );
  expect(shown.filter((number) => !inCargo.includes(number))).toEqual([]);
  expect(shown.filter((number) => elsewhere.includes(number))).toEqual([]);
  await person.context().close();

  // The sign-in shows in the user's history on the administrator's screen.
  await page.getByTestId('users').getByRole('link', { name: username }).click();
  await expect(page.getByTestId('user-logins')).toBeVisible();

  // Locked, unlocked, and a generated password shown once.
  await page.getByLabel(label(lang, 'admin.user.lockReason')).fill('e2e');
  await page.getByTestId('lock').click();
  await page.getByTestId('confirm-action').click();
  await expect(page.getByTestId('lock-state')).toHaveText(text(lang, 'admin.user.lockedByAdmin'));
  await page.getByTestId('unlock').click();
  await expect(page.getByTestId('lock')).toBeVisible();
  await page.getByTestId('reset-password').click();
  await expect(page.getByText(text(lang, 'admin.user.passwordReset'))).toBeVisible();
  await expect(page.getByRole('status').locator('code')).toHaveText(/\S{12,}/);
});

test('a reference row in use refuses deletion, saying why', async ({ page }, info) => {
  const lang = langOf(info);
  await watchPage(page);
  await signInAsAdministrator(page, lang);
  await page.goto(`${base()}/admin/lookups?group=terminals`);
  const rows = page.getByTestId('lookup-rows');
  await expect(rows).toBeVisible();
  await checkScreen(page, info, 'admin-lookups');

  // T1 is in the demo's demand plans and templates.
  await rows.getByRole('button', { name: `${text(lang, 'admin.delete')} T1` }).click();
  await page.getByTestId('confirm-delete').click();
  const refusal = page.getByTestId('lookup-refusal');
  await expect(refusal).toContainText('T1');
  await expect(refusal).toContainText(text(lang, 'admin.lookups.table.demand_lines'));
  await expect(rows.locator('tr[data-code="T1"]')).toHaveCount(1);
  await checkScreen(page, info, 'admin-lookups-refused');

  // A row of one's own is created, changed and deleted.
  const code = `E2E_${lang}_${stamp()}`.toUpperCase();
  await page.getByTestId('new-lookup').click();
  const form = page.getByTestId('lookup-form');
  await form.getByLabel(label(lang, 'admin.lookups.code')).fill(code);
  await form.getByLabel(label(lang, 'admin.lookups.nameEn')).fill(`Terminal ${code}`);
  await form.getByLabel(label(lang, 'admin.lookups.nameAr')).fill(`صالة ${code}`);
  await form.getByRole('button', { name: text(lang, 'admin.lookups.create') }).click();
  await expect(form).toHaveCount(0);
  const mine = rows.locator(`tr[data-code="${code}"]`);
  await expect(mine).toHaveCount(1);
  await mine.getByRole('button', { name: `${text(lang, 'admin.edit')} ${code}` }).click();
  await form.getByLabel(label(lang, 'admin.lookups.active')).uncheck();
  await form.getByRole('button', { name: text(lang, 'admin.save') }).click();
  await expect(mine).toContainText(text(lang, 'admin.lookups.inactiveState'));
  await mine.getByRole('button', { name: `${text(lang, 'admin.delete')} ${code}` }).click();
  await page.getByTestId('confirm-delete').click();
  await expect(mine).toHaveCount(0);

  // A system row says it is one.
  await page.goto(`${base()}/admin/lookups?group=node-types`);
  await page.getByRole('button', { name: `${text(lang, 'admin.delete')} COMPANY` }).click();
  await page.getByTestId('confirm-delete').click();
  await expect(page.getByTestId('lookup-refusal')).toContainText(
    text(lang, 'admin.lookups.refused.protected').replace('{code}', 'COMPANY'),
  );
});

test('settings are edited with the password rules in view, and the audit log finds the change', async ({
  page,
}, info) => {
  const lang = langOf(info);
  await watchPage(page);
  // Each language changes its own harmless key (the time an allocation may search; the fairness window,
  // longer than the demo's history), so that neither run reads the other's change as the value to restore.
  const key = lang === 'en' ? 'allocation.timeLimitSeconds' : 'equalization.windowDays';
  const field = label(
    lang,
    lang === 'en' ? 'admin.settings.allocationTimeLimit' : 'admin.settings.equalizationWindowDays',
  );
  const sysadmin = await apiAs('sysadmin');
  const before = (await (await sysadmin.get('/api/settings')).json()) as { settings: Record<string, number> };
  const value = before.settings[key]!;
  await signInAsAdministrator(page, lang);
  await page.goto(`${base()}/admin/settings`);
  await expect(page.getByTestId('password-policy')).toBeVisible();
  await checkScreen(page, info, 'admin-settings');
  try {
    // The other run may save in between: the screen then says so and shows the latest; one tries again.
    for (let attempt = 0; attempt < 3; attempt += 1) {
      await page.getByLabel(field).fill(String(value + 1));
      await page.getByTestId('save-settings').click();
      const outcome = page
        .getByTestId('settings-saved')
        .or(page.getByText(text(lang, 'admin.settings.stale')));
      await expect(outcome).toBeVisible();
      if (await page.getByTestId('settings-saved').isVisible()) break;
    }
    await expect(page.getByTestId('settings-saved')).toBeVisible();
  } finally {
    await sysadmin.patch('/api/settings', { data: { [key]: value } });
  }

  await page.goto(`${base()}/admin/audit`);
  await expect(page.getByTestId('audit-events')).toBeVisible();
  await page.getByTestId('audit-action').fill('settings.update');
  await page.keyboard.press('Escape');
  await page.getByTestId('audit-apply').click();
  const cells = page.getByTestId('audit-action-cell');
  // The page keeps the previous rows on screen until the filtered answer arrives: wait for it.
  await expect.poll(async () => [...new Set(await cells.allTextContents())]).toEqual(['settings.update']);
  await checkScreen(page, info, 'admin-audit');

  // A day with nothing in it answers with nothing.
  await page.getByLabel(label(lang, 'admin.audit.from')).fill('2001-01-01');
  await page.getByLabel(label(lang, 'admin.audit.to')).fill('2001-01-02');
  await page.getByTestId('audit-apply').click();
  await expect(page.getByTestId('audit-empty')).toBeVisible();
});

test('roles show their permissions', async ({ page }, info) => {
  const lang = langOf(info);
  await watchPage(page);
  await signInAsAdministrator(page, lang);
  await page.goto(`${base()}/admin/roles`);
  // A system role reads in the reader's language, its code beside the name.
  const manager = page.getByRole('button', {
    name: lang === 'ar' ? /^المدير.*MANAGER/ : /^Manager.*MANAGER/,
  });
  await manager.click();
  await expect(manager).toHaveAttribute('aria-expanded', 'true');
  // Other roles' panels hold the same permission, closed: the one shown is the manager's.
  await expect(
    page.getByText('leave_request.approve', { exact: true }).filter({ visible: true }),
  ).toHaveCount(1);
  const described =
    lang === 'ar' ? 'اعتماد خطوة من طلب إجازة أو رفضها' : 'Approve or reject a step of a leave request';
  await expect(page.getByText(described, { exact: true }).filter({ visible: true })).toHaveCount(1);
  await checkScreen(page, info, 'admin-roles');
});
