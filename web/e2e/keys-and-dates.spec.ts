import { expect, type Request, test } from '@playwright/test';
import { apiAs, base, checkScreen, type Lang, langOf, signIn, text, watchPage } from './support.ts';

/**
 * Issue 51, in the project's language: a create pressed twice whose first answer is lost makes one
 * record (the retry carries the same Idempotency-Key and gets the first answer again), and the Hijri
 * date beside the Gregorian is a person's own choice on their profile.
 */
test.beforeEach(async ({ page }) => {
  await watchPage(page);
});

test('a create pressed twice, its first answer lost, makes one record', async ({ page }, info) => {
  const lang = langOf(info);
  // No word of four capitals in it: another test's look at the groups list would take it for a code.
  const code = `E2E-ONE-${lang.toUpperCase()}-${Date.now().toString(36)}`;
  await signIn(page, lang, 'hradmin');
  const posts: Request[] = [];
  let lost = false;
  await page.route('**/api/employee-groups', async (route) => {
    if (route.request().method() !== 'POST') return route.continue();
    posts.push(route.request());
    if (lost) return route.continue();
    lost = true;
    // The service does the work; its answer never reaches the browser.
    await route.fetch();
    return route.abort('failed');
  });
  await page
    .getByRole('link', { name: text(lang, 'people.nav.groups') })
    .first()
    .click();
  await page.getByLabel(text(lang, 'people.groups.code')).fill(code);
  await page.getByLabel(text(lang, 'people.groups.nameEn')).fill(`Group ${code}`);
  await page.getByLabel(text(lang, 'people.groups.nameAr')).fill(`مجموعة ${code}`);
  await page.getByRole('button', { name: text(lang, 'people.groups.create') }).dblclick();
  await expect(page.getByText(text(lang, 'people.group.noMembers'))).toBeVisible();
  expect(posts).toHaveLength(2);
  const keys = await Promise.all(posts.map((post) => post.headerValue('idempotency-key')));
  expect(keys[0]).toMatch(/^[0-9a-f-]{36}$/);
  expect(keys[1]).toBe(keys[0]);
  const hr = await apiAs('hradmin');
  const found = (await (await hr.get(`/api/employee-groups?q=${code}`)).json()) as { total: number };
  expect(found.total).toBe(1);
});

test('a person shows the Hijri date beside the Gregorian, and hides it again', async ({ page }, info) => {
  const lang = langOf(info);
  const username = await newPerson(lang);
  await signIn(page, lang, username, PASSWORD);
  await page.goto(`${base()}/profile`);
  const toggle = page.getByRole('switch', { name: new RegExp(`^${text(lang, 'profile.hijri')}`) });
  const today = page.getByText(new RegExp(`^${text(lang, 'profile.hijri.example').replace('{date}', '')}`));
  const hijriEra = lang === 'ar' ? 'هـ)' : 'AH)';
  await expect(toggle).not.toBeChecked();
  await expect(today).not.toContainText(hijriEra);
  // Not `check()`: the switch shows the saved choice, which turns once the service has kept it.
  await toggle.click();
  await expect(toggle).toBeChecked();
  await expect(today).toContainText(hijriEra);
  await checkScreen(page, info, 'profile-hijri');
  // The choice is the profile's: read again after a reload.
  await page.reload();
  await expect(toggle).toBeChecked();
  await toggle.click();
  await expect(toggle).not.toBeChecked();
  await expect(today).not.toContainText(hijriEra);
});

const PASSWORD = 'Hijri#Dates2026';

/** A person of each run's own: the choice is a profile's, which the other run must not flip. */
async function newPerson(lang: Lang): Promise<string> {
  const username = `hijri.${lang}.${Date.now().toString(36)}`;
  const sysadmin = await apiAs('sysadmin');
  const created = await sysadmin.post('/api/users', {
    data: {
      username,
      displayName: lang === 'ar' ? 'قارئ التاريخ' : 'Date Reader',
      password: PASSWORD,
      preferredLanguage: lang,
      roles: [{ roleCode: 'EMPLOYEE' }],
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const { user } = (await created.json()) as { user: { id: string; version: number } };
  const ready = await sysadmin.patch(`/api/users/${user.id}`, {
    headers: { 'if-match': `"${user.version}"` },
    data: { mustChangePassword: false },
  });
  expect(ready.status(), await ready.text()).toBe(200);
  return username;
}
