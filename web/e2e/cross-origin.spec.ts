import { expect, test } from '@playwright/test';
import { base, langOf, PASSWORD } from './support.ts';

/**
 * Issue 56: a client served from a listed origin (CORS_ORIGINS) edits through the API as the service's own
 * page does: Chromium's real preflight lets PATCH and DELETE through, and the client can read ETag for its
 * next If-Match. The page of the other origin is served by the suite's global setup.
 */
test('a client of a listed origin reads ETag and makes an If-Match edit in Chromium', async ({
  page,
}, info) => {
  // Each language's run edits its own account: the two run side by side.
  const username = langOf(info) === 'ar' ? 'hrdirector' : 'coo';
  await page.goto(`${process.env.E2E_CROSS_ORIGIN}/client`);
  const outcome = await page.evaluate(
    async ({ api, password, username }) => {
      const json = { 'content-type': 'application/json' };
      const login = await fetch(`${api}/api/auth/login`, {
        method: 'POST',
        headers: json,
        body: JSON.stringify({ username, password }),
      });
      const { token } = (await login.json()) as { token: string };
      const auth = { authorization: `Bearer ${token}` };
      const read = await fetch(`${api}/api/me/profile`, { headers: auth });
      const etag = read.headers.get('etag');
      const edit = await fetch(`${api}/api/me/profile`, {
        method: 'PATCH',
        headers: { ...auth, ...json, 'if-match': etag ?? '' },
        body: JSON.stringify({ phone: '+966500000056' }),
      });
      const stale = await fetch(`${api}/api/me/profile`, {
        method: 'PATCH',
        headers: { ...auth, ...json, 'if-match': etag ?? '' },
        body: JSON.stringify({ phone: '+966500000057' }),
      });
      const signOut = await fetch(`${api}/api/auth/logout`, { method: 'POST', headers: auth });
      return {
        login: login.status,
        etag,
        edit: edit.status,
        nextEtag: edit.headers.get('etag'),
        stale: stale.status,
        signOut: signOut.status,
      };
    },
    { api: base(), password: PASSWORD, username },
  );
  expect(outcome.login).toBe(200);
  expect(outcome.etag).toMatch(/^"\d+"$/);
  expect(outcome.edit).toBe(200);
  expect(outcome.nextEtag).not.toBe(outcome.etag);
  expect(outcome.stale).toBe(412);
  expect(outcome.signOut).toBe(204);
});
