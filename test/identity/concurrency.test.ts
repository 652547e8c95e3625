import { expect, it } from 'vitest';
import { describeEachDatabase } from '../helpers/app.ts';

/** PGlite serialises transactions; the PostgreSQL run is where these races are real. */
describeEachDatabase('concurrent administration', (t) => {
  it('creates a username once when several administrators create it at the same moment', async () => {
    const responses = await Promise.all(
      Array.from({ length: 6 }, () =>
        t.request('sysadmin', {
          method: 'POST',
          url: '/api/users',
          payload: { username: 'same.name', displayName: 'Same', password: 'Strong#Pass2026' },
        }),
      ),
    );
    const statuses = responses.map((response) => response.statusCode).sort();
    expect(statuses).toEqual([201, 409, 409, 409, 409, 409]);
    for (const response of responses.filter((r) => r.statusCode === 409)) {
      expect(response.json().code).toBe('USERNAME_TAKEN');
    }
    const list = await t.request('sysadmin', { method: 'GET', url: '/api/users?q=same.name' });
    expect(list.json().total).toBe(1);
  });

  it('creates a role code once under concurrent creates', async () => {
    const responses = await Promise.all(
      Array.from({ length: 6 }, () =>
        t.request('sysadmin', {
          method: 'POST',
          url: '/api/roles',
          payload: { code: 'RACE', name: 'Race', permissions: ['roster.view'] },
        }),
      ),
    );
    expect(responses.filter((r) => r.statusCode === 201)).toHaveLength(1);
    expect(responses.filter((r) => r.statusCode === 409).map((r) => r.json().code)).toEqual(
      Array(5).fill('ROLE_CODE_TAKEN'),
    );
  });

  it('keeps exactly one of two concurrent updates that carry the same If-Match', async () => {
    const user = (
      await t.request('sysadmin', {
        method: 'POST',
        url: '/api/users',
        payload: { username: 'contended', displayName: 'Start', password: 'Strong#Pass2026' },
      })
    ).json().user;
    const responses = await Promise.all(
      ['First', 'Second'].map((displayName) =>
        t.request('sysadmin', {
          method: 'PATCH',
          url: `/api/users/${user.id}`,
          headers: { 'if-match': `"${user.version}"` },
          payload: { displayName },
        }),
      ),
    );
    expect(responses.map((r) => r.statusCode).sort()).toEqual([200, 412]);
    const winner = responses.find((r) => r.statusCode === 200)!.json();
    const read = (await t.request('sysadmin', { method: 'GET', url: `/api/users/${user.id}` })).json();
    expect(read).toMatchObject({ displayName: winner.displayName, version: user.version + 1 });
  });
});
