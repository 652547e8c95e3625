import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.ts';
import type { Database } from '../../src/core/db/database.ts';
import { applyMigrations } from '../../src/core/db/migrate.ts';
import { prepareData } from '../../src/seed/bootstrap.ts';
import { describeEachDatabase, testConfig } from '../helpers/app.ts';
import { openEmptyDatabase } from '../helpers/database.ts';
import { testDrivers } from '../helpers/environment.ts';

const asBearer = (token: string) => ({ authorization: `Bearer ${token}` });

/**
 * Issue 56: a password someone else set (a new account, an administrator's reset, the first production
 * admin) opens nothing but the profile, the change itself and signing out, until it is changed.
 */
describeEachDatabase('a password that must change', (t) => {
  const signIn = async (username: string, password: string) => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { username, password },
    });
    expect(response.statusCode).toBe(200);
    return response.json<{ token: string; mustChangePassword: boolean }>();
  };

  it('lets a new account read its profile, change its password and sign out, and refuses the rest with 403', async () => {
    const created = await t.request('sysadmin', {
      method: 'POST',
      url: '/api/users',
      payload: {
        username: 'first.day',
        displayName: 'First Day',
        password: 'Given#ByAdmin2026',
        roles: [{ roleCode: 'SYS_ADMIN' }],
      },
    });
    expect(created.statusCode).toBe(201);
    const session = await signIn('first.day', 'Given#ByAdmin2026');
    expect(session.mustChangePassword).toBe(true);
    const headers = asBearer(session.token);
    for (const [method, url] of [
      ['GET', '/api/users'],
      ['GET', '/api/settings'],
      ['GET', '/api/me/login-history'],
    ] as const) {
      const refused = await t.app.inject({ method, url, headers });
      expect(refused.statusCode, url).toBe(403);
      expect(refused.json().code, url).toBe('PASSWORD_CHANGE_REQUIRED');
    }
    const grade = await t.app.inject({
      method: 'POST',
      url: '/api/admin/grades',
      headers,
      payload: { code: 'G-NEW', Name_1_English: 'New', Name_2_Arabic: 'جديد' },
    });
    expect(grade.statusCode).toBe(403);
    expect(grade.json().code).toBe('PASSWORD_CHANGE_REQUIRED');
    const profile = await t.app.inject({ method: 'GET', url: '/api/me/profile', headers });
    expect(profile.statusCode).toBe(200);
    expect(profile.json().mustChangePassword).toBe(true);

    const changed = await t.app.inject({
      method: 'POST',
      url: '/api/auth/change-password',
      headers,
      payload: { currentPassword: 'Given#ByAdmin2026', newPassword: 'Own#Choice2026x' },
    });
    expect(changed.statusCode).toBe(200);
    const after = asBearer(changed.json().token);
    expect((await t.app.inject({ method: 'GET', url: '/api/users', headers: after })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'POST', url: '/api/auth/logout', headers: after })).statusCode).toBe(
      204,
    );
  });

  it('holds an account an administrator reset to the same until it changes its password', async () => {
    const users = await t.request('sysadmin', { method: 'GET', url: '/api/users?q=planner' });
    const reset = await t.request('sysadmin', {
      method: 'POST',
      url: `/api/users/${users.json().items[0].id}/reset-password`,
      payload: { newPassword: 'Reset#ByAdmin2026' },
    });
    expect(reset.statusCode).toBe(200);
    const session = await signIn('planner', 'Reset#ByAdmin2026');
    const plans = await t.app.inject({
      method: 'GET',
      url: '/api/demand/plans',
      headers: asBearer(session.token),
    });
    expect(plans.statusCode).toBe(403);
    expect(plans.json().code).toBe('PASSWORD_CHANGE_REQUIRED');
  });
});

for (const driver of testDrivers()) {
  describe(`the first production admin [${driver}]`, () => {
    const opened: Database[] = [];
    afterAll(async () => {
      for (const database of opened) await database.close();
    });

    it('must change the password ADMIN_PASSWORD gave before doing anything else', async () => {
      const empty = await openEmptyDatabase(driver);
      opened.push(empty);
      const config = testConfig({
        APP_ENV: 'production',
        JWT_SECRET: 'vJ3q8Zr1mK0xT5wY7bN2cH4gL6sD9fA1eQ3uP8iO0zX=',
        ADMIN_PASSWORD: 'First#Admin2026',
      });
      await applyMigrations(empty);
      await prepareData(empty.db, config);
      const app = await buildApp({ config, database: empty });
      try {
        const login = await app.inject({
          method: 'POST',
          url: '/api/auth/login',
          payload: { username: 'admin', password: 'First#Admin2026' },
        });
        expect(login.json().mustChangePassword).toBe(true);
        const headers = asBearer(login.json().token);
        const users = await app.inject({ method: 'GET', url: '/api/users', headers });
        expect(users.statusCode).toBe(403);
        expect(users.json().code).toBe('PASSWORD_CHANGE_REQUIRED');
      } finally {
        await app.close();
      }
    });
  });
}
