import { expect, type Page, test } from '@playwright/test';
import { addDays } from '../src/lib/dates.ts';
import {
  apiAs,
  base,
  checkScreen,
  dayText,
  type Lang,
  langOf,
  PASSWORD,
  pickRange,
  rampAfterPublished,
  screenshotPath,
  signIn,
  signOut,
  text,
  watchPage,
} from './support.ts';

/**
 * The flows of this part, each in English and in Arabic (the two projects run side by side on one
 * service, each on its own week after the demo's published weeks so that they never meet).
 */
test.describe.configure({ mode: 'serial' });

interface Week {
  planId: string;
  name: string;
  rampId: string;
  from: string;
  to: string;
}

/**
 * A week of the ramp after the demo's four published weeks (English one, Arabic the next), planned
 * from the demo's template as a planner's first plan is.
 */
async function weekOf(lang: Lang): Promise<Week> {
  const { rampId, free } = await rampAfterPublished();
  const from = addDays(free, lang === 'en' ? 21 : 28);
  const planner = await apiAs('planner');
  const to = addDays(from, 6);
  const name = `Ramp – flows ${lang}`;
  const created = await planner.post('/api/demand/plans', {
    data: { name, departmentId: rampId, from, to },
  });
  expect(created.status(), await created.text()).toBe(201);
  const plan = (await created.json()) as { id: string };
  const templates = (await (await planner.get('/api/demand/templates')).json()) as {
    items: { id: string }[];
  };
  const applied = await planner.post(`/api/demand/templates/${templates.items[0]!.id}/apply`, {
    data: { planId: plan.id, from, to, dryRun: false },
  });
  expect(applied.status(), await applied.text()).toBe(200);
  await planner.dispose();
  return { planId: plan.id, name, rampId, from, to };
}

/** The planner's part, through the API (the planner's screens come with the next part of the client). */
async function publishWeek(week: Week): Promise<string> {
  const planner = await apiAs('planner');
  const created = await planner.post('/api/allocation-runs', {
    data: { planId: week.planId, from: week.from, to: week.to },
  });
  expect(created.status(), await created.text()).toBe(201);
  const run = (await created.json()) as { id: string };
  const status = async () =>
    ((await (await planner.get(`/api/allocation-runs/${run.id}`)).json()) as { Status: string }).Status;
  // The other language's week may lock meanwhile, next to this one: then the planner reruns, as the
  // service asks (409 LOCK_CONFLICTS), and locks again.
  for (let attempt = 0; ; attempt += 1) {
    const action = attempt === 0 ? 'execute' : 'rerun';
    const executed = await planner.post(`/api/allocation-runs/${run.id}/${action}`, {
      headers: { prefer: 'wait=120' },
    });
    expect([200, 202], await executed.text()).toContain(executed.status());
    await expect.poll(status, { timeout: 120_000 }).toBe('Executed');
    const reviewed = await planner.post(`/api/allocation-runs/${run.id}/review`, { data: {} });
    expect(reviewed.status(), await reviewed.text()).toBe(200);
    const locked = await planner.post(`/api/allocation-runs/${run.id}/lock`, { data: {} });
    if (locked.status() === 200) break;
    expect(locked.status(), await locked.text()).toBe(409);
    expect(attempt, 'locks after a rerun').toBeLessThan(3);
  }
  const published = await planner.post('/api/admin/roster/publish', { data: { runId: run.id } });
  expect(published.status(), await published.text()).toBe(201);
  await planner.dispose();
  return run.id;
}

/**
 * A correction before the manager decides: one shift of the week's last day taken off (not the demo
 * employee's, whose roster a later test reads), and the week republished with a reason. Answers the
 * employee number of the shift taken off and the new version's id.
 */
async function correctWeek(week: Week, runId: string): Promise<{ removed: string; rosterId: string }> {
  const planner = await apiAs('planner');
  const own = await apiAs('employee');
  const { employeeId } = (await (await own.get('/api/me/profile')).json()) as { employeeId: string };
  await own.dispose();
  const live = (await (
    await planner.get(`/api/shift-assignments?runId=${runId}&from=${week.to}&to=${week.to}&pageSize=50`)
  ).json()) as { items: { id: string; employee: { id: string; employeeNumber: string } }[] };
  const taken = live.items.find((assignment) => assignment.employee.id !== employeeId)!;
  expect(taken, 'someone works the week’s last day').toBeDefined();
  const removed = taken.employee.employeeNumber;
  expect((await planner.delete(`/api/shift-assignments/${taken.id}`)).status()).toBe(204);
  const republished = await planner.post('/api/admin/roster/republish', {
    data: { runId, reason: 'Sick call on the last day' },
  });
  expect(republished.status(), await republished.text()).toBe(201);
  const { id } = (await republished.json()) as { id: string };
  await planner.dispose();
  return { removed, rosterId: id };
}

async function createUser(username: string): Promise<void> {
  const admin = await apiAs('sysadmin');
  const answer = await admin.post('/api/users', {
    data: {
      username,
      displayName: username,
      password: 'Start#Roster2026',
      roles: [{ roleCode: 'EMPLOYEE' }],
    },
  });
  expect(answer.status(), await answer.text()).toBe(201);
}

test.describe('flows', () => {
  let week: Week;
  let employee: Page;
  let leaveFrom: string;

  test.beforeAll(async ({ browser }, info) => {
    week = await weekOf(langOf(info));
    employee = await browser.newPage({ locale: info.project.use.locale, reducedMotion: 'reduce' });
  });
  test.afterAll(async () => {
    await employee.close();
  });

  test('a wrong password and a locked account read clearly', async ({ page }, info) => {
    const lang = langOf(info);
    const locked = `locked.${lang}`;
    await createUser(locked);
    await page.goto(`${base()}/login`);
    await expect(page.locator('html')).toHaveAttribute('dir', lang === 'ar' ? 'rtl' : 'ltr');
    const attempt = async (username: string, password: string) => {
      await page.getByLabel(text(lang, 'login.username')).fill(username);
      await page.getByLabel(text(lang, 'login.password'), { exact: true }).fill(password);
      await page.getByRole('button', { name: text(lang, 'login.submit'), exact: true }).click();
    };
    await attempt(locked, 'not the password');
    await expect(page.getByTestId('login-error')).toHaveText(text(lang, 'login.error.invalid'));
    for (let i = 0; i < 4; i += 1) await attempt(locked, `wrong ${i}`);
    await attempt(locked, 'Start#Roster2026');
    const message = page.getByTestId('login-error');
    await expect(message).toContainText(text(lang, 'login.error.lockedUntil').split('{time}')[0]!.trim());
    await page.screenshot({ path: screenshotPath(lang, 'login-locked') });
  });

  test('a new account must change its password first', async ({ page }, info) => {
    const lang = langOf(info);
    const fresh = `fresh.${lang}`;
    await createUser(fresh);
    await page.goto(`${base()}/my/leave`);
    await expect(page).toHaveURL(/\/login\?next=%2Fmy%2Fleave/);
    await page.getByLabel(text(lang, 'login.username')).fill(fresh);
    await page.getByLabel(text(lang, 'login.password'), { exact: true }).fill('Start#Roster2026');
    await page.getByRole('button', { name: text(lang, 'login.submit'), exact: true }).click();
    await expect(page).toHaveURL(/\/change-password/);
    // Nothing but the change: no navigation, no bell, whose reads the service would refuse.
    await expect(page.getByTestId('user-menu')).toHaveCount(0);
    await expect(page.getByTestId('bell')).toHaveCount(0);
    if ((await page.locator('html').getAttribute('lang')) !== lang)
      await page.getByTestId('language-switch').click();
    await expect(page.locator('html')).toHaveAttribute('lang', lang);
    await expect(page.getByText(text(lang, 'password.mustChange'))).toBeVisible();
    await page.getByLabel(text(lang, 'password.current')).fill('Start#Roster2026');
    await page.getByLabel(text(lang, 'password.new'), { exact: true }).fill('Fresh#Roster2026!');
    await page.getByLabel(text(lang, 'password.repeat')).fill('Fresh#Roster2026!');
    await page.getByRole('button', { name: text(lang, 'password.submit') }).click();
    await expect(page).toHaveURL(/\/my\/leave/);
  });

  test('a planner publishes and corrects, and the manager reads the card and approves with a comment', async ({
    page,
  }, info) => {
    const lang = langOf(info);
    await watchPage(page);
    const runId = await publishWeek(week);
    const { removed, rosterId } = await correctWeek(week, runId);
    await signIn(page, lang, 'manager');
    const bell = page.getByTestId('bell');
    await expect(bell).toBeVisible();
    await bell.click();
    await page.getByRole('menuitem', { name: text(lang, 'bell.rosterApprovals') }).click();
    await expect(page).toHaveURL(/\/approvals\/rosters/);
    // The week's first day as a whole date: "4 Dec" must not find another spec's "14 Dec".
    const startsOn = new RegExp(`(^|[^0-9])${dayText(lang, week.from)}`);
    const item = page.getByTestId('approval-item').filter({ hasText: startsOn });
    await expect(item).toHaveCount(1);
    // Version 2 against version 1: the shift taken off, and what the week costs now and saves.
    await expect(item.getByTestId('approval-changes')).toContainText(removed);
    const cost = item.getByTestId('approval-cost');
    await expect(cost).toContainText(lang === 'ar' ? /ر\.س/ : /SAR/);
    await expect(item.getByTestId('approval-cost-difference')).toContainText(/[1-9]/);
    // Opened, the card lists what the version breaks or comes near (or says it is clear).
    const open = item.getByTestId('approval-open');
    await expect(open).toHaveAttribute('aria-expanded', 'false');
    await open.click();
    await expect(open).toHaveAttribute('aria-expanded', 'true');
    await expect(item.getByTestId('compliance').or(item.getByTestId('compliance-clear'))).toBeVisible();
    await checkScreen(page, info, 'approval-card');
    await item.getByRole('button', { name: text(lang, 'approvals.approve') }).click();
    const comment = lang === 'ar' ? 'راجعت التغطية والتكلفة' : 'Checked the cover and the cost';
    await page.getByTestId('approve-comment').fill(comment);
    await checkScreen(page, info, 'approval-confirm');
    await page.getByTestId('confirm-action').click();
    await expect(item).toHaveCount(0);
    const planner = await apiAs('planner');
    const decided = (await (await planner.get(`/api/admin/published-rosters/${rosterId}`)).json()) as {
      approval: { status: string; comment: string | null };
    };
    await planner.dispose();
    expect(decided.approval).toMatchObject({ status: 'Approved', comment });
    await signOut(page);
    // The planner reads the decision and its comment with the version.
    await signIn(page, lang, 'planner');
    await page.goto(`${base()}/roster/live?from=${week.from}&to=${week.to}&department=${week.rampId}`);
    await page.getByRole('tab', { name: text(lang, 'rosters.tab.publish') }).click();
    const card = page.getByTestId('publish-run').filter({ hasText: week.name });
    await expect(card.getByTestId('version-decision-comment')).toContainText(comment);
    await signOut(page);
  });

  // biome-ignore lint/correctness/noEmptyPattern: Playwright reads the fixtures a test uses from this pattern
  test('an employee reads the roster and asks for leave', async ({}, info) => {
    const lang = langOf(info);
    const page = employee;
    await watchPage(page);
    await signIn(page, lang, 'employee');
    // The roster of the week's month shows the shifts just published.
    const me = await apiAs('employee');
    const roster = (await (await me.get(`/api/me/roster?from=${week.from}&to=${week.to}`)).json()) as {
      lines: { date: string }[];
    };
    const worked = [...new Set(roster.lines.map((line) => line.date))].sort();
    expect(worked.length, 'the employee works in the published week').toBeGreaterThan(0);
    leaveFrom = worked[0]!;
    await page.goto(`${base()}/my/roster?month=${leaveFrom.slice(0, 7)}`);
    await expect(page.locator(`td[data-date="${leaveFrom}"] [data-testid="calendar-shift"]`)).toBeVisible();
    await expect(page.getByTestId('roster-version')).toBeVisible();

    await page.getByRole('link', { name: text(lang, 'nav.myLeave') }).click();
    await pickRange(page, leaveFrom, addDays(leaveFrom, 1));
    await expect(page.getByTestId('leave-preview')).toBeVisible();
    await page.getByRole('button', { name: text(lang, 'leave.form.submit') }).click();
    await expect(page.getByTestId('leave-sent')).toBeVisible();
    // Found by its dates: the other language's specs may have asked this employee's leave meanwhile.
    const mine = page
      .getByTestId('leave-request')
      .filter({ hasText: `${dayText(lang, leaveFrom)} – ${dayText(lang, addDays(leaveFrom, 1))}` });
    await expect(mine.getByTestId('leave-status')).toHaveAttribute('data-status', 'Pending');
    await expect(mine.getByTestId('leave-next')).toHaveText(text(lang, 'leave.next.step1'));
    // The same dates again: the overlap is named before anything is sent.
    await pickRange(page, leaveFrom, leaveFrom);
    await expect(page.getByTestId('leave-overlap')).toBeVisible();
    await expect(page.getByRole('button', { name: text(lang, 'leave.form.submit') })).toBeDisabled();
    await signOut(page);
  });

  test('the supervisor approves step 1 seeing the conflicts, then HR approves step 2', async ({
    page,
  }, info) => {
    const lang = langOf(info);
    await watchPage(page);
    await signIn(page, lang, 'supervisor');
    await page.getByRole('link', { name: text(lang, 'nav.leaveApprovals') }).click();
    const range = `${dayText(lang, leaveFrom)} – ${dayText(lang, addDays(leaveFrom, 1))}`;
    const item = page.getByTestId('leave-queue-item').filter({ hasText: range });
    await expect(item).toHaveCount(1);
    const conflicts = item.getByTestId('leave-conflicts');
    await expect(conflicts).toBeVisible();
    expect(Number(await conflicts.getAttribute('data-count'))).toBeGreaterThan(0);
    await item.getByRole('button', { name: text(lang, 'leave.decide.approve') }).click();
    await expect(item).toHaveCount(0);
    await signOut(page);

    await signIn(page, lang, 'hradmin');
    await page.getByRole('link', { name: text(lang, 'nav.leaveApprovals') }).click();
    const step2 = page.getByTestId('leave-queue-item').filter({ hasText: range });
    await expect(step2).toHaveCount(1);
    await expect(step2.getByTestId('leave-status')).toHaveAttribute('data-status', 'ManagerApproved');
    await step2.getByRole('button', { name: text(lang, 'leave.decide.approve') }).click();
    await expect(step2).toHaveCount(0);
    await signOut(page);
  });

  // biome-ignore lint/correctness/noEmptyPattern: Playwright reads the fixtures a test uses from this pattern
  test('the employee sees the leave approved', async ({}, info) => {
    const lang = langOf(info);
    const page = employee;
    await signIn(page, lang, 'employee');
    await page.getByRole('link', { name: text(lang, 'nav.myLeave') }).click();
    const range = `${dayText(lang, leaveFrom)} – ${dayText(lang, addDays(leaveFrom, 1))}`;
    const request = page.getByTestId('leave-request').filter({ hasText: range });
    await expect(request.getByTestId('leave-status')).toHaveAttribute('data-status', 'Approved');
    await expect(request.getByTestId('leave-status')).toHaveText(text(lang, 'leave.status.Approved'));
    await page.screenshot({ path: screenshotPath(lang, 'my-leave-approved'), fullPage: true });
  });

  test('signing out ends the session on the server: the copied token is refused afterwards', async ({
    page,
  }, info) => {
    const lang = langOf(info);
    await signIn(page, lang, 'employee');
    const copied = await page.evaluate(
      () => (JSON.parse(sessionStorage.getItem('rostering.session') ?? '{}') as { token?: string }).token,
    );
    expect(copied).toBeTruthy();
    const asCopied = { headers: { authorization: `Bearer ${copied}` } };
    expect((await page.request.get(`${base()}/api/me/profile`, asCopied)).status()).toBe(200);
    await signOut(page);
    expect((await page.request.get(`${base()}/api/me/profile`, asCopied)).status()).toBe(401);
  });

  test('a session that expires returns to login, then back where the person was', async ({ page }, info) => {
    const lang = langOf(info);
    await page.clock.install();
    await page.goto(`${base()}/login?next=${encodeURIComponent('/my/certifications')}`);
    await signIn(page, lang, 'employee');
    await expect(page).toHaveURL(/\/my\/certifications/);
    await page.clock.fastForward('08:00:05');
    await expect(page).toHaveURL(/\/login\?next=%2Fmy%2Fcertifications/);
    await expect(page.getByTestId('session-ended')).toHaveText(text(lang, 'login.sessionEnded'));
    // Eight hours later for the page, not for the service: the page's clock comes back to now, so the
    // new token (valid eight hours from the service's now) is not already over on the page.
    await page.clock.setSystemTime(new Date());
    await page.clock.resume();
    await signIn(page, lang, 'employee', PASSWORD);
    await expect(page).toHaveURL(/\/my\/certifications/);
  });
});
