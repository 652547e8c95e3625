import { expect, test } from '@playwright/test';
import { addDays } from '../src/lib/dates.ts';
import { apiAs, base, checkScreen, type Lang, langOf, signIn, text, watchPage } from './support.ts';

/**
 * Per-person figures and filters on the live roster (issue 53), in each language: a week of CARGO far
 * ahead (each language its own) where one forklift driver works three mornings and a colleague two
 * evenings; the driver's licence then ends inside the week, which the checker warns of. The planner
 * filters the grid by the skill and by "has a warning", reads the driver's figures on the row and in the
 * row's detail, by the keyboard.
 */
interface Certification {
  id: string;
  certificationCode: string;
  issuedOn: string;
  expiresOn: string | null;
  Status: string;
  version: number;
}

async function cargoWeek(lang: Lang) {
  const planner = await apiAs('planner');
  const hr = await apiAs('hradmin');
  const items = async <T>(url: string) => ((await (await planner.get(url)).json()) as { items: T[] }).items;
  const cargo = (await items<{ id: string; code: string }>('/api/lookups/departments?pageSize=500')).find(
    (d) => d.code === 'CARGO',
  )!;
  const terminal = (await items<{ id: string; code: string }>('/api/lookups/terminals?pageSize=50')).find(
    (t) => t.code === 'T1',
  )!;
  const templates = await items<{ id: string; code: string }>('/api/shift-templates?pageSize=50');
  const forklift = (
    await items<{ id: string; code: string; Name_1_English: string; Name_2_Arabic: string | null }>(
      '/api/skills?pageSize=500',
    )
  ).find((s) => s.code === 'FORKLIFT')!;
  const staff = await items<{ id: string; employeeNumber: string }>(
    `/api/employees?departmentId=${cargo.id}&status=ACTIVE&pageSize=500`,
  );
  // A Sunday (the unit's week start) far ahead: three working days without a weekend.
  let from = addDays(new Date().toISOString().slice(0, 10), 220 + (lang === 'ar' ? 7 : 0));
  while (new Date(`${from}T00:00:00Z`).getUTCDay() !== 0) from = addDays(from, 1);
  const to = addDays(from, 6);
  const assign = (employeeId: string, day: number, shift: string, skillId?: string) =>
    planner.post(`/api/employees/${employeeId}/shift-assignments`, {
      data: {
        date: addDays(from, day),
        shiftTemplateId: templates.find((t) => t.code === shift)!.id,
        terminalId: terminal.id,
        ...(skillId ? { skillId } : {}),
      },
    });
  // The two languages run side by side: each takes its driver from its own end of the list.
  const ordered = lang === 'ar' ? [...staff].reverse() : staff;
  for (const driver of ordered) {
    const licences = (
      (await (await hr.get(`/api/employees/${driver.id}/certifications`)).json()) as {
        items: Certification[];
      }
    ).items.filter((c) => c.certificationCode === 'FORKLIFT_LICENCE' && c.Status === 'Active');
    if (licences.length !== 1 || (licences[0]!.expiresOn ?? '9999') < to) continue;
    if ((await assign(driver.id, 0, 'MORNING', forklift.id)).status() !== 201) continue;
    for (const day of [1, 2])
      expect((await assign(driver.id, day, 'MORNING', forklift.id)).status()).toBe(201);
    const colleague = ordered.find((e) => e.id !== driver.id)!;
    for (const day of [0, 1]) expect((await assign(colleague.id, day, 'EVENING')).status()).toBe(201);
    const licence = licences[0]!;
    const ends = addDays(from, 3);
    const changed = await hr.put(`/api/employees/${driver.id}/certifications/${licence.id}`, {
      headers: { 'if-match': `"${licence.version}"` },
      data: { certificationCode: licence.certificationCode, issuedOn: licence.issuedOn, expiresOn: ends },
    });
    expect(changed.status(), await changed.text()).toBe(200);
    const restore = async () => {
      const now = (await (await hr.get(`/api/employees/${driver.id}/certifications`)).json()) as {
        items: Certification[];
      };
      const current = now.items.find((c) => c.id === licence.id)!;
      await hr.put(`/api/employees/${driver.id}/certifications/${licence.id}`, {
        headers: { 'if-match': `"${current.version}"` },
        data: {
          certificationCode: licence.certificationCode,
          issuedOn: licence.issuedOn,
          expiresOn: licence.expiresOn,
        },
      });
      await Promise.all([planner.dispose(), hr.dispose()]);
    };
    return { cargo, from, to, driver, ends, staff: staff.length, forklift, restore };
  }
  throw new Error('no CARGO forklift driver with one licence');
}

test('the planner filters the live roster by a skill and by a warning and reads a person’s figures', async ({
  page,
}, info) => {
  test.setTimeout(120_000);
  const lang = langOf(info);
  const week = await cargoWeek(lang);
  try {
    await watchPage(page);
    await signIn(page, lang, 'planner');
    await page.goto(`${base()}/roster/live?from=${week.from}&to=${week.to}&department=${week.cargo.id}`);
    const grid = page.getByTestId('roster-grid');
    await expect(grid).toBeVisible();
    const count = page.getByTestId('shown-count');
    await expect(count).toContainText(String(week.staff));
    await expect(grid.locator('[data-summary]').first()).toBeVisible();
    await checkScreen(page, info, 'live-roster-figures');

    // By the skill, typed and chosen with the keyboard: only the driver works it that week.
    const skill = page.getByTestId('filter-skill');
    await skill.click();
    await skill.fill((lang === 'ar' ? week.forklift.Name_2_Arabic : null) ?? week.forklift.Name_1_English);
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    await expect(count).toHaveText(
      lang === 'ar' ? `شخص واحد من ${week.staff}` : `1 person shown of ${week.staff}`,
    );
    await expect(grid).toHaveAttribute('aria-rowcount', '2');
    const row = grid.locator(`[data-summary="${week.driver.employeeNumber}"]`);
    await expect(row).toContainText(lang === 'ar' ? '24 س · ☾ 0 · عطلة 0' : '24 h · ☾ 0 · wknd 0');
    await expect(row.getByTestId('figures-mark')).toBeVisible();
    await skill.press('Tab');

    // By "has a warning": the same person, whose mark names the limit in the reader's language.
    const warned = page.getByRole('checkbox', { name: text(lang, 'rosters.filter.warning') });
    await warned.focus();
    await page.keyboard.press('Space');
    await expect(warned).toBeChecked();
    await expect(grid).toHaveAttribute('aria-rowcount', '2');
    await expect(row.getByTestId('figures-mark')).toHaveAttribute(
      'title',
      lang === 'ar' ? /^قريب من حدّ: / : /^Near a limit: .* ends on /,
    );

    // The row's detail by the keyboard: Enter on the person's first cell.
    await grid.locator('[role="gridcell"][tabindex="0"]').focus();
    await page.keyboard.press('Enter');
    const detail = page.getByRole('dialog').getByTestId('person-figures');
    await expect(detail).toBeVisible();
    await expect(detail).toContainText(
      lang === 'ar' ? /24\W* ساعة مدفوعة، بلا ليالٍ/ : /24\W* paid hours, no night, no weekend shift/,
    );
    await expect(detail.getByTestId('figures-warning')).toBeVisible();
    await checkScreen(page, info, 'live-roster-figures-detail');
    await page.keyboard.press('Escape');
  } finally {
    await week.restore();
  }
});
