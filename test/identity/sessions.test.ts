import { createSigner } from 'fast-jwt';
import { expect, it } from 'vitest';
import { buildApp } from '../../src/app.ts';
import { DEMO_PASSWORD, describeEachDatabase } from '../helpers/app.ts';

const profile = (token: string) => ({
  method: 'GET' as const,
  url: '/api/me/profile',
  headers: { authorization: `Bearer ${token}` },
});

/** Issue 56: a session ends on the server when its person signs out, everywhere at once. */
describeEachDatabase('sessions', (t) => {
  const login = async (username: string) => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { username, password: DEMO_PASSWORD },
    });
    expect(response.statusCode).toBe(200);
    return response.json<{ token: string }>().token;
  };
  const post = (url: string, token: string) =>
    t.app.inject({ method: 'POST', url, headers: { authorization: `Bearer ${token}` } });

  it('ends the token at once when its person signs out, and leaves their other sessions alone', async () => {
    const phone = await login('planner');
    const desk = await login('planner');
    expect((await t.app.inject(profile(phone))).statusCode).toBe(200);
    const out = await post('/api/auth/logout', phone);
    expect(out.statusCode).toBe(204);
    const after = await t.app.inject(profile(phone));
    expect(after.statusCode).toBe(401);
    expect(after.json()).toMatchObject({ code: 'UNAUTHENTICATED' });
    expect(after.json().detail).toMatch(/session has ended/);
    expect((await t.app.inject(profile(desk))).statusCode).toBe(200);
    expect((await post('/api/auth/logout', phone)).statusCode).toBe(401);
  });

  it('ends every session of the account when its person signs out everywhere', async () => {
    const tokens = [await login('manager'), await login('manager'), await login('manager')];
    expect((await post('/api/auth/logout-everywhere', tokens[1]!)).statusCode).toBe(204);
    for (const token of tokens) expect((await t.app.inject(profile(token))).statusCode).toBe(401);
    // A new sign-in starts afresh.
    expect((await t.app.inject(profile(await login('manager')))).statusCode).toBe(200);
  });

  it('ends the other sessions when the password changes, and the answer carries a working token', async () => {
    const other = await login('coo');
    const current = await login('coo');
    const changed = await t.app.inject({
      method: 'POST',
      url: '/api/auth/change-password',
      headers: { authorization: `Bearer ${current}` },
      payload: { currentPassword: DEMO_PASSWORD, newPassword: 'Another#Roster2027' },
    });
    expect(changed.statusCode).toBe(200);
    expect((await t.app.inject(profile(other))).statusCode).toBe(401);
    expect((await t.app.inject(profile(current))).statusCode).toBe(401);
    expect((await t.app.inject(profile(changed.json().token))).statusCode).toBe(200);
    const audit = await t.request('sysadmin', { method: 'GET', url: '/api/audit/events?action=auth.logout' });
    expect(audit.json().total).toBeGreaterThanOrEqual(1);
  });

  it('ends the sessions of an account an administrator resets', async () => {
    const token = await login('hrdirector');
    const users = await t.request('sysadmin', { method: 'GET', url: '/api/users?q=hrdirector' });
    const reset = await t.request('sysadmin', {
      method: 'POST',
      url: `/api/users/${users.json().items[0].id}/reset-password`,
      payload: { newPassword: 'Reset#Roster2027x' },
    });
    expect(reset.statusCode).toBe(200);
    expect((await t.app.inject(profile(token))).statusCode).toBe(401);
  });

  it('ends a session on a second process sharing the database at once', async () => {
    const other = await buildApp({ config: t.config, database: t.database });
    await other.ready();
    try {
      const token = await login('supervisor');
      expect((await other.inject(profile(token))).statusCode).toBe(200);
      expect((await post('/api/auth/logout', token)).statusCode).toBe(204);
      const after = await Promise.all(Array.from({ length: 5 }, () => other.inject(profile(token))));
      expect(after.map((response) => response.statusCode)).toEqual(Array(5).fill(401));
      // A session started on one process is honoured on the other at once.
      const fresh = await login('supervisor');
      expect((await other.inject(profile(fresh))).statusCode).toBe(200);
    } finally {
      await other.close();
    }
  });

  it('refuses tokens signed with the right key but not issued by the service', async () => {
    const genuine = await login('employee');
    const claims = JSON.parse(Buffer.from(genuine.split('.')[1]!, 'base64url').toString()) as Record<
      string,
      unknown
    > & { iat: number; iatMs: number };
    const sign = createSigner({ key: t.config.jwtSecret, algorithm: 'HS256' });
    const nowS = Math.floor(Date.now() / 1000);
    const forged = {
      'an unknown sid': { ...claims, sid: crypto.randomUUID() },
      'no iss': { ...claims, iss: undefined },
      'no aud': { ...claims, aud: undefined },
      'another aud': { ...claims, aud: 'someone-else' },
      'a ten-year lifetime': { ...claims, exp: nowS + 10 * 365 * 86_400 },
      'an iat a day ahead': {
        ...claims,
        iat: nowS + 86_400,
        iatMs: (nowS + 86_400) * 1000,
        exp: nowS + 86_400 + 3600,
      },
      'an iatMs that is not its iat': { ...claims, iatMs: claims.iatMs + 3_600_000 },
    };
    expect((await t.app.inject(profile(sign(claims)))).statusCode).toBe(200);
    for (const [what, payload] of Object.entries(forged)) {
      const response = await t.app.inject(profile(sign(JSON.parse(JSON.stringify(payload)))));
      expect(response.statusCode, what).toBe(401);
      expect(response.json().code, what).toBe('UNAUTHENTICATED');
    }
  });
});
