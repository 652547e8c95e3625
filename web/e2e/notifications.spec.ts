import { expect, test } from '@playwright/test';
import { apiAs, checkScreen, dayText, langOf, signIn, signOut, text, watchPage } from './support.ts';

/**
 * A person hears in the bell that a step of their leave was decided (issue 55): the bell counts it,
 * opened from the keyboard it lists it in the person's language, and following it opens their leave and
 * marks it read; with no mail server set, the system administrator reads the decision's mail in the
 * development outbox. Each language as its own person, so the two projects never share an inbox.
 */
const PERSON = { en: 'employee', ar: 'supervisor' } as const;

test('a person is told in the bell that their leave was decided, and follows the link', async ({
  page,
}, info) => {
  const lang = langOf(info);
  const username = PERSON[lang];
  const startedAt = new Date().toISOString();
  const own = await apiAs(username);
  await own.post('/api/me/notifications/read-all');
  // A window of its own far ahead, so a run of the suite on the same data never overlaps an earlier one.
  const start = Date.UTC(2034, 0, 1) + Math.floor(Math.random() * 3000) * 86_400_000;
  const from = new Date(start).toISOString().slice(0, 10);
  const to = new Date(start + 2 * 86_400_000).toISOString().slice(0, 10);
  const created = await own.post('/api/leave-requests', { data: { from, to } });
  expect(created.status(), await created.text()).toBe(201);
  const manager = await apiAs('manager');
  const decided = await manager.patch(`/api/leave-requests/${(await created.json()).id}/approve`, {
    data: {},
  });
  expect(decided.status(), await decided.text()).toBe(200);
  await manager.dispose();

  await watchPage(page);
  await signIn(page, lang, username);
  const bell = page.getByTestId('bell');
  await expect(bell).toBeVisible();
  await bell.focus();
  await page.keyboard.press('Enter');
  await expect(page.getByText(text(lang, 'notifications.title'))).toBeVisible();
  // The other project's person may ask this one for leave meanwhile: the notice is found by its dates.
  const notice = page.getByTestId('notification').filter({ hasText: dayText(lang, from) });
  await expect(notice).toHaveAttribute('data-unread', 'true');
  await expect(notice).toContainText(dayText(lang, from));
  await expect(notice).toContainText(dayText(lang, to));
  await checkScreen(page, info, 'notifications-open');

  // The keyboard lands in the menu (its scrolling list, or an item); Enter on the notification follows it.
  await expect
    .poll(() => page.evaluate(() => document.activeElement?.closest('[role="menu"]') !== null))
    .toBe(true);
  await notice.focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/my\/leave$/);
  const readAt = async () => {
    const inbox = (await (await own.get('/api/me/notifications')).json()) as {
      items: { kind: string; readAt: string | null; data: { from?: string } }[];
    };
    return inbox.items.find((item) => item.kind === 'LEAVE_DECIDED' && item.data.from === from)?.readAt;
  };
  await expect.poll(readAt, { timeout: 10_000 }).toEqual(expect.any(String));
  await checkScreen(page, info, 'notifications-followed');
  await own.dispose();

  // No SMTP_URL here: the decision's mail is kept in the development outbox (sent by a job, not the request).
  const address = `${username}@example.com`;
  const sysadmin = await apiAs('sysadmin');
  await expect
    .poll(
      async () => {
        const outbox = (await (await sysadmin.get('/api/admin/mail-outbox?pageSize=100')).json()) as {
          items: { recipient: string; createdAt: string }[];
        };
        return outbox.items.some((mail) => mail.recipient === address && mail.createdAt >= startedAt);
      },
      { timeout: 30_000 },
    )
    .toBe(true);
  await sysadmin.dispose();
  await signOut(page);
  await signIn(page, lang, 'sysadmin');
  await page.getByRole('link', { name: text(lang, 'admin.nav.outbox'), exact: true }).click();
  await expect(page.getByRole('heading', { name: text(lang, 'admin.outbox.title') })).toBeVisible();
  await expect(page.getByTestId('outbox-mail').filter({ hasText: address }).first()).toBeVisible();
  await checkScreen(page, info, 'mail-outbox');
});
