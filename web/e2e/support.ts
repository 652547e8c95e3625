import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { AxeBuilder } from '@axe-core/playwright';
import {
  type APIRequestContext,
  expect,
  type Locator,
  type Page,
  request,
  type TestInfo,
} from '@playwright/test';

export const PASSWORD = 'Demo#Roster2026';
export type Lang = 'en' | 'ar';
export const langOf = (info: TestInfo): Lang => (info.project.name === 'ar' ? 'ar' : 'en');
export const base = () => process.env.E2E_BASE_URL!;

const artefacts = fileURLToPath(new URL('../test-artefacts/screens', import.meta.url));

/** Where a screenshot of a screen in a language is kept (web/test-artefacts/screens/<lang>/). */
export function screenshotPath(lang: Lang, name: string): string {
  mkdirSync(join(artefacts, lang), { recursive: true });
  return join(artefacts, lang, `${name}.png`);
}

/** Words the tests look for, in the language of the project (the catalogues are the source). */
import { monthTitle } from '../src/lib/i18n/format.ts';
import { arabic, english, type MessageId } from '../src/lib/i18n/messages/index.ts';

export type { MessageId };
export const text = (lang: Lang, id: MessageId) => (lang === 'ar' ? arabic : english)[id];

/** Every page records CSP violations and console errors, which `checkScreen` asserts are none. */
export async function watchPage(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const w = window as unknown as { __problems: string[] };
    w.__problems = [];
    document.addEventListener('securitypolicyviolation', (event) => {
      w.__problems.push(`CSP ${event.violatedDirective}: ${event.blockedURI}`);
    });
  });
  page.on('console', (message) => {
    if (message.type() === 'error' && !/status of 4\d\d/.test(message.text()))
      void page
        .evaluate((m) => (window as unknown as { __problems: string[] }).__problems?.push(m), message.text())
        .catch(() => undefined);
  });
}

/** Signs in through the login screen, as a person does; waits out a rate limit once if it meets one. */
export async function signIn(page: Page, lang: Lang, username: string, password = PASSWORD): Promise<void> {
  if (!page.url().includes('/login')) await page.goto(`${base()}/login`);
  await page.getByLabel(text(lang, 'login.username')).fill(username);
  await page.getByLabel(text(lang, 'login.password'), { exact: true }).fill(password);
  await page.getByRole('button', { name: text(lang, 'login.submit'), exact: true }).click();
  await expect(page).not.toHaveURL(/\/login/);
  await switchTo(page, lang);
}

/** The session of a demo user without the login screen (for tours of screens): a development token. */
export async function signInWithToken(page: Page, lang: Lang, username: string, path: string): Promise<void> {
  const anonymous = await request.newContext({ baseURL: base() });
  const answer = await anonymous.post('/api/auth/dev-token', { data: { username } });
  const { token: bearer } = (await answer.json()) as { token: string };
  await anonymous.dispose();
  await page.addInitScript(
    ([value]) => {
      if (!sessionStorage.getItem('rostering.session'))
        sessionStorage.setItem(
          'rostering.session',
          JSON.stringify({
            token: value,
            expiresAt: new Date(Date.now() + 8 * 3600_000).toISOString(),
            username: 'x',
          }),
        );
    },
    [bearer],
  );
  await page.goto(`${base()}${path}`);
  await switchTo(page, lang);
}

/** Switches to the project's language when the profile's preference opened the other one. */
export async function switchTo(page: Page, lang: Lang): Promise<void> {
  await expect(page.getByTestId('user-menu')).toBeVisible();
  if ((await page.locator('html').getAttribute('lang')) !== lang)
    await page.getByTestId('language-switch').click();
  await expect(page.locator('html')).toHaveAttribute('lang', lang);
  await expect(page.locator('html')).toHaveAttribute('dir', lang === 'ar' ? 'rtl' : 'ltr');
}

export async function signOut(page: Page): Promise<void> {
  await page.getByTestId('user-menu').click();
  await page.getByTestId('logout').click();
  await expect(page).toHaveURL(/\/login/);
}

/** An API client signed in as a demo user (development token), for what no screen of this part does. */
export async function apiAs(username: string): Promise<APIRequestContext> {
  const anonymous = await request.newContext({ baseURL: base() });
  const answer = await anonymous.post('/api/auth/dev-token', { data: { username } });
  const { token } = (await answer.json()) as { token: string };
  await anonymous.dispose();
  return request.newContext({ baseURL: base(), extraHTTPHeaders: { authorization: `Bearer ${token}` } });
}

/**
 * What every screen must be, in both languages: the document's language and direction, nothing wider
 * than the viewport at 1280 and at 375 px and no words cut inside a box, no serious or critical axe finding, no CSP violation or
 * console error; a screenshot at each width kept among the test artefacts.
 */
export async function checkScreen(page: Page, info: TestInfo, name: string): Promise<void> {
  const lang = langOf(info);
  await expect(page.locator('html')).toHaveAttribute('lang', lang);
  await expect(page.locator('html')).toHaveAttribute('dir', lang === 'ar' ? 'rtl' : 'ltr');
  // Not `networkidle`: the stream of the unit's changes stays open while signed in. A screen has loaded
  // when no spinner is left.
  await page.waitForLoadState('load');
  await expect(page.locator('.mantine-Loader-root:visible')).toHaveCount(0, { timeout: 15_000 });
  await expect(page.getByRole('progressbar'))
    .toHaveCount(0)
    .catch(() => undefined);
  const folder = join(artefacts, lang);
  mkdirSync(folder, { recursive: true });
  const original = page.viewportSize() ?? { width: 1280, height: 800 };
  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: width === 375 ? 812 : 800 });
    await page.waitForTimeout(300);
    const overflowing = await page.evaluate(() => {
      const limit = document.documentElement.clientWidth;
      const clipped = (element: Element): boolean => {
        for (let e = element.parentElement; e && e !== document.body; e = e.parentElement) {
          const style = getComputedStyle(e);
          if (style.overflowX !== 'visible') return true;
        }
        return false;
      };
      const found: string[] = [];
      for (const element of Array.from(document.body.querySelectorAll('*'))) {
        const rect = element.getBoundingClientRect();
        if (rect.width === 0 || rect.height === 0) continue;
        // Straddling an edge; an element wholly outside (an off-canvas drawer) would widen the page instead.
        const straddles = (rect.right > limit + 2 && rect.left < limit) || (rect.left < -2 && rect.right > 0);
        if (straddles && !clipped(element)) {
          const style = getComputedStyle(element);
          if (style.position === 'fixed' && style.visibility === 'hidden') continue;
          found.push(
            `${element.tagName.toLowerCase()}.${String(element.className).slice(0, 60)} [${Math.round(rect.left)}, ${Math.round(rect.right)}]`,
          );
        }
      }
      // Content wider than a box that hides its overflow: cut off inside a card, where the page's edge check
      // cannot see it. A text cut with an ellipsis on purpose, and fields, are not.
      const cut: string[] = [];
      for (const element of Array.from(document.body.querySelectorAll('*'))) {
        if (!(element instanceof HTMLElement) || element.matches('input, textarea, select')) continue;
        const style = getComputedStyle(element);
        if (style.overflowX !== 'hidden' && style.overflowX !== 'clip') continue;
        // A visually hidden label (1 px, for screen readers) and a box without words (a switch's track, a
        // scroll bar's thumb) cut nothing anyone reads.
        if (style.textOverflow === 'ellipsis' || element.clientWidth <= 1) continue;
        if ((element.textContent ?? '').trim() === '') continue;
        if (element.scrollWidth > element.clientWidth + 2)
          cut.push(
            `${element.tagName.toLowerCase()}.${String(element.className).slice(0, 60)} ${element.scrollWidth} > ${element.clientWidth}: ${(element.textContent ?? '').slice(0, 60)}`,
          );
      }
      return { page: document.documentElement.scrollWidth > limit + 1, found: found.slice(0, 5), cut };
    });
    expect(
      { page: overflowing.page, found: overflowing.found },
      `${name} at ${width} px overflows horizontally`,
    ).toEqual({ page: false, found: [] });
    expect(overflowing.cut, `${name} at ${width} px cuts words inside a box`).toEqual([]);
    // From the top: a page scrolled by the test would draw its fixed header over the middle of the picture.
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.screenshot({ path: join(folder, `${name}-${width}.png`), fullPage: true });
  }
  await page.setViewportSize(original);
  // Latin words in Arabic are kept for a person to look at (test data names people in English); a code on
  // a screen fails it.
  const foreign = await page.evaluate(foreignWords, lang);
  if (foreign.latin.length) {
    mkdirSync(join(artefacts, '..', 'wording'), { recursive: true });
    writeFileSync(join(artefacts, '..', 'wording', `${lang}-${name}.txt`), foreign.latin.join('\n'));
  }
  expect(foreign.codes, `${name}: codes shown instead of words`).toEqual([]);
  const serious = await seriousAxeFindings(page);
  expect(serious, `${name}: axe serious or critical findings`).toEqual([]);
  const problems = await page.evaluate(
    () => (window as unknown as { __problems?: string[] }).__problems ?? [],
  );
  expect(problems, `${name}: CSP violations or console errors`).toEqual([]);
}

/** What axe finds serious or critical on the page as it stands (WCAG 2.1 A and AA), one line a rule. */
export async function seriousAxeFindings(page: Page): Promise<string[]> {
  const axe = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  return axe.violations
    .filter(
      (violation: { impact?: string | null }) =>
        violation.impact === 'serious' || violation.impact === 'critical',
    )
    .map(
      (violation) =>
        `${violation.id}: ${violation.nodes
          .map((node) => node.target.join(' '))
          .slice(0, 3)
          .join(', ')}`,
    );
}

/**
 * Words of the wrong language on a screen: enum codes in either language (UPPER_SNAKE, or an all-capital
 * word that is not a known abbreviation), and, in Arabic, Latin words. Names and identifiers are exempt
 * where the screen marks them as such (`bdi`, `dir="ltr"`, `translate="no"`, `lang`, `code`, form fields).
 */
export function foreignWords(lang: 'en' | 'ar'): { codes: string[]; latin: string[] } {
  const exempt =
    'bdi, [dir="ltr"]:not(html), [translate="no"], [lang]:not(html), code, kbd, input, textarea, select, script, style, svg, [aria-hidden="true"]';
  const abbreviations = new Set(['XLSX', 'JSON', 'HTTP', 'SMTP', 'UUID', 'IANA', 'TOTP']);
  const codes = new Set<string>();
  const latin = new Set<string>();
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const parent = node.parentElement;
    if (!parent || parent.closest(exempt)) continue;
    const style = getComputedStyle(parent);
    if (style.display === 'none' || style.visibility === 'hidden' || parent.getClientRects().length === 0)
      continue;
    const words = node.textContent ?? '';
    const where = words.trim().slice(0, 60);
    for (const word of words.match(/\b[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+\b|\b[A-Z]{4,}\b/g) ?? [])
      if (!abbreviations.has(word)) codes.add(`${word} (${where})`);
    if (lang === 'ar')
      for (const word of words.match(/[A-Za-z][A-Za-z'’]+/g) ?? []) latin.add(`${word} (${where})`);
  }
  return { codes: [...codes].slice(0, 20), latin: [...latin].slice(0, 20) };
}

/**
 * A day of a date picker's open calendar, stepped to month by month (two years at most: the stories'
 * weeks move on as a suite's runs publish). The calendar opens on the current month: it is waited for
 * first, or a month is skipped before it shows.
 */
export async function dayInCalendar(page: Page, day: string): Promise<Locator> {
  const cell = page.locator(`[data-date="${day}"]:not([data-outside])`);
  await stepPickerTo(page, cell, 24);
  return cell;
}

/** Presses an open picker's "next" until `target` shows, `steps` times at most. */
async function stepPickerTo(page: Page, target: Locator, steps: number): Promise<void> {
  const next = page.locator('button[data-direction="next"]');
  await expect(next).toBeVisible();
  for (let i = 0; i < steps && !(await target.isVisible()); i += 1) await next.click();
}

/** A date as the screens print it (formatDay's default). */
export function dayText(lang: Lang, day: string): string {
  return new Intl.DateTimeFormat(lang === 'ar' ? 'ar-u-ca-gregory-nu-latn' : 'en-GB', {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(new Date(`${day}T00:00:00Z`));
}

/** Chooses a month (`YYYY-MM`) in a month field's picker, moving year by year to it. */
export async function pickMonth(page: Page, field: Locator, lang: Lang, month: string): Promise<void> {
  await field.click();
  const control = page.getByRole('button', { name: monthTitle(lang, month), exact: true });
  await stepPickerTo(page, control, 5);
  await control.click();
}

/** Picks a range in the leave form's calendar, moving month by month to it. */
export async function pickRange(page: Page, from: string, to: string): Promise<void> {
  await page.getByTestId('leave-dates').click();
  for (const day of [from, to]) await (await dayInCalendar(page, day)).click();
  await page.keyboard.press('Escape');
}

/** The ramp's id and the first day after its last published version. */
export async function rampAfterPublished(): Promise<{ rampId: string; free: string }> {
  const planner = await apiAs('planner');
  const departments = (await (await planner.get('/api/lookups/departments')).json()) as {
    items: { id: string; code: string }[];
  };
  const ramp = departments.items.find((department) => department.code === 'RAMP')!;
  const versions = (await (
    await planner.get(`/api/admin/published-rosters?departmentId=${ramp.id}&pageSize=100`)
  ).json()) as { items: { to: string }[] };
  await planner.dispose();
  return {
    rampId: ramp.id,
    free: addDay(
      versions.items
        .map((version) => version.to)
        .sort()
        .at(-1)!,
      1,
    ),
  };
}

const addDay = (day: string, days: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

/**
 * Confirms the publish dialog as a planner does: reads the compliance list first; while it lists
 * anything, publishing waits for the box that says it was read.
 */
export async function confirmPublication(page: Page): Promise<void> {
  const clear = page.getByTestId('compliance-clear');
  const listed = page.getByTestId('compliance');
  await expect(clear.or(listed)).toBeVisible();
  if (await listed.isVisible()) {
    await expect(page.getByTestId('publish-confirm')).toBeDisabled();
    await page.getByTestId('compliance-confirm').check();
  }
  await page.getByTestId('publish-confirm').click();
}
