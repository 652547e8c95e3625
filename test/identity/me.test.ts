import { expect, it } from 'vitest';
import { buildApp } from '../../src/app.ts';
import { DEMO_PASSWORD, describeEachDatabase } from '../helpers/app.ts';

describeEachDatabase('own profile and password', (t) => {
  it("shows and updates only the caller's own editable fields", async () => {
    const profile = await t.request('employee', { method: 'GET', url: '/api/me/profile' });
    expect(profile.statusCode).toBe(200);
    expect(profile.json()).toMatchObject({
      username: 'employee',
      roles: ['EMPLOYEE'],
      businessUnit: { code: 'MAIN' },
      employeeId: expect.any(String),
    });
    const patch = await t.request('employee', {
      method: 'PATCH',
      url: '/api/me/profile',
      headers: { 'if-match': profile.headers.etag as string },
      payload: { displayName: 'وكيل الساحة', preferredLanguage: 'ar', phone: '+966 55 000 0000' },
    });
    expect(patch.statusCode).toBe(200);
    expect(patch.json()).toMatchObject({ displayName: 'وكيل الساحة', preferredLanguage: 'ar' });
    const forbidden = await t.request('employee', {
      method: 'PATCH',
      url: '/api/me/profile',
      payload: { username: 'boss', roles: ['SYS_ADMIN'] },
    });
    expect(forbidden.statusCode).toBe(400);
    expect((await t.request('employee', { method: 'GET', url: '/api/me/profile' })).json().username).toBe(
      'employee',
    );
  });

  it('keeps the choice of Hijri dates beside the Gregorian, off until the person turns it on (issue 51)', async () => {
    const before = await t.request('planner', { method: 'GET', url: '/api/me/profile' });
    expect(before.json().showHijri).toBe(false);
    const patch = await t.request('planner', {
      method: 'PATCH',
      url: '/api/me/profile',
      headers: { 'if-match': before.headers.etag as string },
      payload: { showHijri: true },
    });
    expect(patch.statusCode).toBe(200);
    expect(patch.json()).toMatchObject({
      showHijri: true,
      preferredLanguage: before.json().preferredLanguage,
    });
    expect((await t.request('planner', { method: 'GET', url: '/api/me/profile' })).json().showHijri).toBe(
      true,
    );
    const wrong = await t.request('planner', {
      method: 'PATCH',
      url: '/api/me/profile',
      headers: { 'if-match': patch.headers.etag as string },
      payload: { showHijri: 'yes' },
    });
    expect(wrong.statusCode).toBe(400);
  });

  it('keeps the profile ETag through logins and failed attempts elsewhere: they are login history', async () => {
    const before = await t.request('supervisor', { method: 'GET', url: '/api/me/profile' });
    const login = (password: string) =>
      t.request(null, {
        method: 'POST',
        url: '/api/auth/login',
        payload: { username: 'supervisor', password },
      });
    expect((await login('not the password')).statusCode).toBe(401);
    expect((await login(DEMO_PASSWORD)).statusCode).toBe(200);
    const after = await t.request('supervisor', { method: 'GET', url: '/api/me/profile' });
    expect(after.json().lastLoginAt).not.toBe(before.json().lastLoginAt);
    expect(after.headers.etag).toBe(before.headers.etag);
    const patch = await t.request('supervisor', {
      method: 'PATCH',
      url: '/api/me/profile',
      headers: { 'if-match': before.headers.etag as string },
      payload: { phone: '+966 55 111 2222' },
    });
    expect(patch.statusCode).toBe(200);
  });

  // Issue 34: the profile is served from the access cache; a change must never leave a stale copy.
  it('serves a profile change and a login to the next read at once, on this app and on a second one', async () => {
    const other = await buildApp({ config: t.config, database: t.database });
    await other.ready();
    try {
      const token = await t.tokenOf('planner');
      const readHere = () => t.request('planner', { method: 'GET', url: '/api/me/profile' });
      const readThere = () =>
        other.inject({
          method: 'GET',
          url: '/api/me/profile',
          headers: { authorization: `Bearer ${token}` },
        });
      const before = await readThere();
      expect((await readThere()).json()).toEqual(before.json());
      expect((await readHere()).headers.etag).toBe(before.headers.etag);
      const patch = await t.request('planner', {
        method: 'PATCH',
        url: '/api/me/profile',
        payload: { displayName: 'Planner (cached)' },
      });
      expect(patch.statusCode).toBe(200);
      for (const read of [readHere, readThere]) {
        const after = await read();
        expect(after.json().displayName).toBe('Planner (cached)');
        expect(after.headers.etag).toBe(patch.headers.etag);
        expect(after.headers.etag).not.toBe(before.headers.etag);
      }
      const login = await t.request(null, {
        method: 'POST',
        url: '/api/auth/login',
        payload: { username: 'planner', password: DEMO_PASSWORD },
      });
      expect(login.statusCode).toBe(200);
      for (const read of [readHere, readThere]) {
        const after = await read();
        expect(after.json().lastLoginAt).not.toBe(before.json().lastLoginAt);
        expect(after.headers.etag).toBe(patch.headers.etag);
      }
    } finally {
      await other.close();
    }
  });

  it('lists every unmet password rule', async () => {
    const response = await t.request('planner', {
      method: 'POST',
      url: '/api/auth/change-password',
      payload: { currentPassword: DEMO_PASSWORD, newPassword: 'abc' },
    });
    expect(response.statusCode).toBe(422);
    expect(response.json().code).toBe('PASSWORD_POLICY');
    expect(response.json().unmetRules.sort()).toEqual([
      'min_length',
      'require_digit',
      'require_symbol',
      'require_uppercase',
    ]);
  });

  it('follows the password settings', async () => {
    await t.request('sysadmin', {
      method: 'PATCH',
      url: '/api/settings',
      payload: { 'password.require_symbol': false, 'password.min_length': 8 },
    });
    const response = await t.request('coo', {
      method: 'POST',
      url: '/api/auth/change-password',
      payload: { currentPassword: DEMO_PASSWORD, newPassword: 'Simple123' },
    });
    expect(response.statusCode).toBe(200);
    await t.request('sysadmin', {
      method: 'PATCH',
      url: '/api/settings',
      payload: { 'password.require_symbol': true, 'password.min_length': 12 },
    });
  });

  it('refuses a wrong current password', async () => {
    const response = await t.request('planner', {
      method: 'POST',
      url: '/api/auth/change-password',
      payload: { currentPassword: 'Not#TheRight1', newPassword: 'Brand#New2026pw' },
    });
    expect(response.statusCode).toBe(422);
    expect(response.json().code).toBe('INVALID_CURRENT_PASSWORD');
  });

  it('revokes older tokens on a change and returns a fresh one', async () => {
    const old = await t.tokenOf('manager');
    const response = await t.request('manager', {
      method: 'POST',
      url: '/api/auth/change-password',
      payload: { currentPassword: DEMO_PASSWORD, newPassword: 'Brand#New2026pw' },
    });
    expect(response.statusCode).toBe(200);
    const fresh = response.json().token;
    const withOld = await t.app.inject({
      method: 'GET',
      url: '/api/me/profile',
      headers: { authorization: `Bearer ${old}` },
    });
    expect(withOld.statusCode).toBe(401);
    const withFresh = await t.app.inject({
      method: 'GET',
      url: '/api/me/profile',
      headers: { authorization: `Bearer ${fresh}` },
    });
    expect(withFresh.statusCode).toBe(200);
    const login = await t.request(null, {
      method: 'POST',
      url: '/api/auth/login',
      payload: { username: 'manager', password: 'Brand#New2026pw' },
    });
    expect(login.json().mustChangePassword).toBe(false);
    const audit = await t.request('sysadmin', {
      method: 'GET',
      url: '/api/audit/events?action=auth.password_changed',
    });
    expect(audit.json().items.map((e: { actorUsername: string }) => e.actorUsername)).toContain('manager');
  });
});
