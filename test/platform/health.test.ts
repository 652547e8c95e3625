import { expect, it } from 'vitest';
import { describeEachDatabase } from '../helpers/app.ts';

describeEachDatabase('health', (t) => {
  it('answers 200 with version, uptime and the database it runs on', async () => {
    const response = await t.request(null, { method: 'GET', url: '/api/health' });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({
      status: 'ok',
      version: '0.1.0',
      database: { driver: t.driver, reachable: true },
    });
    expect(body.database.serverVersion).toMatch(/^\d+/);
    expect(typeof body.uptimeSeconds).toBe('number');
  });

  it('is reachable as /api/Health too', async () => {
    const response = await t.request(null, { method: 'GET', url: '/api/Health' });
    expect(response.statusCode).toBe(200);
    expect(response.json().database.driver).toBe(t.driver);
  });

  it('serves over a real listening socket with security headers and a request id in problems', async () => {
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const health = await fetch(`${address}/api/health`);
    expect(health.status).toBe(200);
    expect(health.headers.get('x-content-type-options')).toBe('nosniff');
    const missing = await fetch(`${address}/api/no-such-thing`);
    expect(missing.status).toBe(404);
    expect(missing.headers.get('content-type')).toContain('application/problem+json');
    const problem = (await missing.json()) as { traceId: string };
    expect(problem).toMatchObject({ status: 404, code: 'NOT_FOUND', instance: '/api/no-such-thing' });
    expect(problem.traceId).toMatch(/[0-9a-f-]{36}/);
  });
});
