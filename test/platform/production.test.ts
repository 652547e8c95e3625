import { expect, it } from 'vitest';
import { describeEachDatabase } from '../helpers/app.ts';

describeEachDatabase(
  'production mode',
  (t) => {
    it('does not register diagnostics or the development logins', async () => {
      for (const [method, url] of [
        ['POST', '/api/auth/login-dev'],
        ['POST', '/api/auth/dev-token'],
        ['GET', '/api/diagnostics/auth/me'],
        ['GET', '/api/diagnostics/audit/recent'],
        ['POST', '/api/diagnostics/audit/test'],
      ] as const) {
        const response = await t.app.inject({
          method,
          url,
          payload: method === 'POST' ? { username: 'sysadmin' } : undefined,
        });
        expect(response.statusCode, url).toBe(404);
      }
    });

    it('sends HSTS and upgrade-insecure-requests, which development leaves out', async () => {
      const response = await t.app.inject({ method: 'GET', url: '/api/health' });
      expect(response.headers['strict-transport-security']).toBeTruthy();
      expect(response.headers['content-security-policy']).toContain('upgrade-insecure-requests');
    });

    it('still lets demo-seeded users log in with a password', async () => {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { username: 'sysadmin', password: 'Demo#Roster2026' },
      });
      expect(response.statusCode).toBe(200);
    });
  },
  { env: { APP_ENV: 'production', JWT_SECRET: 'vJ3q8Zr1mK0xT5wY7bN2cH4gL6sD9fA1eQ3uP8iO0zX=' } },
);
