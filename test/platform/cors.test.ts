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

    it('lets the listed origin make versioned edits and deletes, and read ETag and Location (issue 56)', async () => {
      const preflight = await t.app.inject({
        method: 'OPTIONS',
        url: '/api/me/profile',
        headers: {
          origin: 'https://planner.example',
          'access-control-request-method': 'PATCH',
          'access-control-request-headers': 'authorization, content-type, if-match',
        },
      });
      expect(preflight.statusCode).toBe(204);
      const methods = String(preflight.headers['access-control-allow-methods']).split(/,\s*/);
      for (const method of ['GET', 'POST', 'PUT', 'PATCH', 'DELETE']) expect(methods).toContain(method);
      const headers = String(preflight.headers['access-control-allow-headers']).toLowerCase().split(/,\s*/);
      for (const header of ['authorization', 'content-type', 'if-match', 'if-none-match'])
        expect(headers).toContain(header);
      expect(Number(preflight.headers['access-control-max-age'])).toBeGreaterThanOrEqual(60);

      const read = await t.request('planner', {
        method: 'GET',
        url: '/api/me/profile',
        headers: { origin: 'https://planner.example' },
      });
      expect(read.headers.etag).toBeTruthy();
      const exposed = String(read.headers['access-control-expose-headers']).toLowerCase().split(/,\s*/);
      for (const header of ['etag', 'location', 'content-disposition']) expect(exposed).toContain(header);

      const refused = await t.app.inject({
        method: 'OPTIONS',
        url: '/api/me/profile',
        headers: { origin: 'https://evil.example', 'access-control-request-method': 'PATCH' },
      });
      expect(refused.headers['access-control-allow-origin']).toBeUndefined();
      expect(refused.headers['access-control-allow-methods']).toBeUndefined();
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
