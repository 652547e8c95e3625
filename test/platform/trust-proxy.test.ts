import { expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../src/config.ts';
import { LOGIN_RATE } from '../../src/modules/identity/auth-service.ts';
import { DEMO_PASSWORD, describeEachDatabase } from '../helpers/app.ts';

const PROXY = '10.9.0.1';

const login = (
  t: { app: { inject: (options: object) => Promise<{ statusCode: number }> } },
  username: string,
  password: string,
  headers: Record<string, string> = {},
  remoteAddress = '10.56.1.1',
) =>
  t.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { username, password },
    headers,
    remoteAddress,
  });

const STRONG_SECRET = 'vJ3q8Zr1mK0xT5wY7bN2cH4gL6sD9fA1eQ3uP8iO0zX=';

/** Issue 56: a client address that a forged header cannot change, in production as anywhere. */
describeEachDatabase(
  'the client address without trusted proxies',
  (t) => {
    it('keeps limiting an address whatever X-Forwarded-For it sends', async () => {
      for (let i = 0; i < LOGIN_RATE.failuresPerIp; i++) {
        const forged = { 'x-forwarded-for': `203.0.113.${i}` };
        expect((await login(t, `stranger.${i}`, 'Wrong#Password1', forged)).statusCode).toBe(401);
      }
      const refused = await login(t, 'stranger.x', 'Wrong#Password1', { 'x-forwarded-for': '203.0.113.9' });
      expect(refused.statusCode).toBe(429);
      expect(
        (await login(t, 'planner', DEMO_PASSWORD, { 'x-forwarded-for': '198.51.100.7' })).statusCode,
      ).toBe(429);
    });

    it('records the socket address in the login history, not a forwarded one', async () => {
      const signedIn = await t.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { username: 'planner', password: DEMO_PASSWORD },
        headers: { 'x-forwarded-for': '198.51.100.8' },
        remoteAddress: '10.56.1.2',
      });
      const history = await t.app.inject({
        method: 'GET',
        url: '/api/me/login-history',
        headers: { authorization: `Bearer ${signedIn.json().token}` },
      });
      const ips = history.json().items.map((attempt: { ip: string }) => attempt.ip);
      expect(ips).toContain('10.56.1.2');
      expect(ips).not.toContain('198.51.100.8');
    });
  },
  { env: { APP_ENV: 'production', JWT_SECRET: STRONG_SECRET } },
);

describeEachDatabase(
  'the client address behind a trusted proxy',
  (t) => {
    it("believes the listed proxy's X-Forwarded-For, and no one else's", async () => {
      const viaProxy = { 'x-forwarded-for': '198.51.100.20' };
      await login(t, 'manager', DEMO_PASSWORD, viaProxy, PROXY);
      await login(t, 'manager', DEMO_PASSWORD, { 'x-forwarded-for': '198.51.100.21' }, '10.56.1.3');
      const history = await t.request('manager', { method: 'GET', url: '/api/me/login-history' });
      const ips = history.json().items.map((attempt: { ip: string }) => attempt.ip);
      expect(ips).toContain('198.51.100.20');
      expect(ips).toContain('10.56.1.3');
      expect(ips).not.toContain('198.51.100.21');
      expect(ips).not.toContain(PROXY);
    });
  },
  { env: { TRUST_PROXY: `${PROXY}/32` } },
);

it('reads TRUST_PROXY as off, a hop count or a list of addresses and CIDRs, and refuses the rest', () => {
  const read = (value?: string) => loadConfig({ APP_ENV: 'test', TRUST_PROXY: value }).trustProxy;
  expect(read()).toBe(false);
  expect(read('off')).toBe(false);
  expect(read('1')).toBe(1);
  expect(read('10.0.0.0/8, 192.168.1.7,::1,fd00::/8,loopback')).toEqual([
    '10.0.0.0/8',
    '192.168.1.7',
    '::1',
    'fd00::/8',
    'loopback',
  ]);
  for (const wrong of ['true', '0', '11', 'proxy.example', '10.0.0.0/33', '10.0.0.1/8/2']) {
    expect(() => read(wrong), wrong).toThrow(ConfigError);
  }
});
