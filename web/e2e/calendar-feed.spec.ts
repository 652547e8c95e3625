import { expect, request, test } from '@playwright/test';
import { apiAs, base, checkScreen, langOf, signIn, text, watchPage } from './support.ts';

/**
 * A person subscribes their phone's calendar to their roster: makes the secret address on "My roster",
 * copies it, replaces it (the old one stops answering) and stops the feed. Each language as its own
 * person (en: employee, ar: coo), so the two projects never share a feed.
 */
const PERSON = { en: 'employee', ar: 'coo' } as const;

test('a person makes, replaces and stops the calendar feed of their roster', async ({ page }, info) => {
  const lang = langOf(info);
  const username = PERSON[lang];
  // A feed left by an earlier run of the suite on the same data is stopped first.
  const own = await apiAs(username);
  await own.delete('/api/me/calendar-feed');
  await own.dispose();
  const anonymous = await request.newContext();
  const fetchFeed = (url: string) => anonymous.get(url);

  await watchPage(page);
  await signIn(page, lang, username);
  await page.goto(`${base()}/my/roster`);
  const panel = page.getByRole('region', { name: text(lang, 'calendarFeed.title') });
  await expect(panel).toBeVisible();
  await panel.getByRole('button', { name: text(lang, 'calendarFeed.create') }).click();
  const address = panel.getByLabel(text(lang, 'calendarFeed.address'));
  await expect(address).toHaveValue(/\/api\/calendar-feeds\/[A-Za-z0-9_-]{43}\/roster\.ics$/);
  const first = await address.inputValue();
  const feed = await fetchFeed(first);
  expect(feed.status()).toBe(200);
  expect(feed.headers()['content-type']).toContain('text/calendar');
  expect(await feed.text()).toContain('BEGIN:VCALENDAR');
  await expect(panel.getByRole('button', { name: text(lang, 'calendarFeed.copy') })).toBeVisible();
  await panel.scrollIntoViewIfNeeded();
  await checkScreen(page, info, 'calendar-feed-created');

  await panel.getByRole('button', { name: text(lang, 'calendarFeed.rotate') }).click();
  await expect(address).not.toHaveValue(first);
  const second = await address.inputValue();
  expect((await fetchFeed(first)).status()).toBe(404);
  expect((await fetchFeed(second)).status()).toBe(200);

  // After a reload the address is not shown again, only that the feed works.
  await page.reload();
  await expect(panel.getByTestId('calendar-feed-active')).toBeVisible();
  await expect(panel.getByLabel(text(lang, 'calendarFeed.address'))).toHaveCount(0);

  await panel.getByRole('button', { name: text(lang, 'calendarFeed.revoke') }).click();
  await panel.getByRole('button', { name: text(lang, 'calendarFeed.revokeConfirm') }).click();
  await expect(panel.getByTestId('calendar-feed-revoked')).toBeVisible();
  await expect(panel.getByRole('button', { name: text(lang, 'calendarFeed.create') })).toBeVisible();
  expect((await fetchFeed(second)).status()).toBe(404);
  await panel.scrollIntoViewIfNeeded();
  await checkScreen(page, info, 'calendar-feed-revoked');
  await anonymous.dispose();
});
