import { expect, it } from 'vitest';
import { describeEachDatabase } from '../helpers/app.ts';

const FORGED = { host: 'evil.example', 'x-forwarded-host': 'evil.example', 'x-forwarded-proto': 'https' };

/** Issue 56: the addresses the service hands out never come from what a request says its host is. */
describeEachDatabase('addresses handed out without PUBLIC_URL', (t) => {
  it("names the listening address as the document's server, whatever Host the request sends", async () => {
    const document = await t.app.inject({ method: 'GET', url: '/swagger/json', headers: FORGED });
    const url = document.json().servers[0].url as string;
    expect(url).not.toContain('evil.example');
    expect(url).toBe(`http://${t.config.host}:${t.config.port}`);
  });

  it('builds the calendar feed address a phone subscribes to from the listening address', async () => {
    const feed = await t.request('employee', {
      method: 'POST',
      url: '/api/me/calendar-feed',
      headers: FORGED,
    });
    expect(feed.statusCode).toBe(201);
    expect(feed.json().url).toMatch(new RegExp(`^http://${t.config.host}:${t.config.port}/`));
  });
});

describeEachDatabase(
  'addresses handed out with PUBLIC_URL',
  (t) => {
    it('names PUBLIC_URL in the document and in feed addresses', async () => {
      const document = await t.app.inject({ method: 'GET', url: '/swagger/json', headers: FORGED });
      expect(document.json().servers[0].url).toBe('https://rosters.example');
      const feed = await t.request('employee', {
        method: 'POST',
        url: '/api/me/calendar-feed',
        headers: FORGED,
      });
      expect(feed.json().url).toMatch(/^https:\/\/rosters\.example\/api\//);
    });
  },
  { env: { PUBLIC_URL: 'https://rosters.example/' } },
);
