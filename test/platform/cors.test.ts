import { expect, it } from 'vitest';
import { describeEachDatabase } from '../helpers/app.ts';

describeEachDatabase(
  'cross-origin access',
  (t) => {
    it('allows the configured browser origins and no others', async () => {
      const preflight = (origin: string) =>
        t.app.inject({
          method: 'OPTIONS',
          url: '/api/settings',
          headers: { origin, 'access-control-request-method': 'GET' },
        });
      const allowed = await preflight('https://planner.example');
      expect(allowed.headers['access-control-allow-origin']).toBe('https://planner.example');
      const other = await preflight('https://evil.example');
      expect(other.headers['access-control-allow-origin']).toBeUndefined();
    });
  },
  { env: { CORS_ORIGINS: 'https://planner.example' } },
);

describeEachDatabase('cross-origin access by default', (t) => {
  it('sends no CORS headers when no origin is configured', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/health',
      headers: { origin: 'https://planner.example' },
    });
    expect(response.headers['access-control-allow-origin']).toBeUndefined();
  });
});
