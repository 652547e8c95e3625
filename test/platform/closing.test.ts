import { expect, it } from 'vitest';
import { buildApp } from '../../src/app.ts';
import { describeEachDatabase } from '../helpers/app.ts';

/** Issue 56: a request that arrives while the process stops is told so as a problem, with when to retry. */
describeEachDatabase('answers while stopping', (t) => {
  it('answers 503 SHUTTING_DOWN problem details with Retry-After once the stop has begun', async () => {
    const app = await buildApp({ config: t.config, database: t.database });
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    // Holds the stop after it has begun, as in-flight requests and jobs hold a real one.
    app.addHook('preClose', () => held);
    await app.ready();
    const address = await app.listen({ port: 0, host: '127.0.0.1' });
    expect((await fetch(`${address}/api/health`)).status).toBe(200);
    const closed = app.close();
    try {
      const during = await fetch(`${address}/api/settings`);
      expect(during.status).toBe(503);
      expect(during.headers.get('content-type')).toMatch(/^application\/problem\+json/);
      expect(Number(during.headers.get('retry-after'))).toBeGreaterThan(0);
      expect(await during.json()).toMatchObject({ status: 503, code: 'SHUTTING_DOWN' });
      // The health check answers as itself, telling a load balancer to send no more.
      const health = await fetch(`${address}/api/health`);
      expect(health.status).toBe(503);
      expect(await health.json()).toMatchObject({ status: 'stopping' });
    } finally {
      release();
      await closed;
    }
  });
});
