import { expect, it } from 'vitest';
import { describeEachDatabase } from '../helpers/app.ts';

describeEachDatabase('response headers', (t) => {
  it('sends the same security headers on the guard’s 401 and 403 as on a 200', async () => {
    const ok = await t.request('planner', { method: 'GET', url: '/api/me/profile' });
    const anonymous = await t.request(null, { method: 'GET', url: '/api/users' });
    const forbidden = await t.request('planner', { method: 'GET', url: '/api/users' });
    expect([ok.statusCode, anonymous.statusCode, forbidden.statusCode]).toEqual([200, 401, 403]);
    for (const name of ['content-security-policy', 'x-content-type-options', 'x-frame-options']) {
      expect(anonymous.headers[name], name).toBe(ok.headers[name]);
      expect(forbidden.headers[name], name).toBe(ok.headers[name]);
    }
  });

  it('leaves HSTS and upgrade-insecure-requests out in development, where the service speaks plain HTTP', async () => {
    const response = await t.request(null, { method: 'GET', url: '/api/health' });
    expect(response.headers['strict-transport-security']).toBeUndefined();
    expect(response.headers['content-security-policy']).not.toContain('upgrade-insecure-requests');
  });

  it('marks answers with personal data uncacheable, and versioned ones revalidatable with their ETag', async () => {
    const list = await t.request('sysadmin', { method: 'GET', url: '/api/users' });
    expect(list.headers['cache-control']).toBe('no-store');
    const profile = await t.request('planner', { method: 'GET', url: '/api/me/profile' });
    expect(profile.headers.etag).toBe(`"${profile.json().version}"`);
    expect(profile.headers['cache-control']).toBe('private, no-cache');
    const login = await t.request(null, {
      method: 'POST',
      url: '/api/auth/login',
      payload: { username: 'planner', password: 'wrong' },
    });
    expect(login.headers['cache-control']).toBe('no-store');
  });

  it('refuses numbers that are not finite instead of failing on them', async () => {
    for (const url of ['/api/permissions?page=1e309', '/api/users?pageSize=1e309', '/api/roles?page=1e309']) {
      const response = await t.request('sysadmin', { method: 'GET', url });
      expect(response.statusCode, url).toBe(400);
      expect(response.json().code).toBe('VALIDATION_FAILED');
    }
    const body = await t.request('sysadmin', {
      method: 'PATCH',
      url: '/api/settings',
      headers: { 'content-type': 'application/json' },
      payload: '{"minRestHours": 1e309}',
    });
    expect(body.statusCode).toBe(400);
  });

  it('says what is wrong with a body that carries __proto__, and changes nothing', async () => {
    const before = (await t.request('sysadmin', { method: 'GET', url: '/api/settings' })).json();
    const response = await t.request('sysadmin', {
      method: 'PATCH',
      url: '/api/settings',
      headers: { 'content-type': 'application/json' },
      payload: '{"__proto__": {"isAdmin": true}, "minRestHours": 12}',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().detail).toContain('__proto__');
    const after = (await t.request('sysadmin', { method: 'GET', url: '/api/settings' })).json();
    expect(after.version).toBe(before.version);
  });
});
