import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeEachDatabase } from '../helpers/app.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const SECURITY_HEADERS = [
  'content-security-policy',
  'cross-origin-opener-policy',
  'cross-origin-resource-policy',
  'origin-agent-cluster',
  'referrer-policy',
  'x-content-type-options',
  'x-dns-prefetch-control',
  'x-download-options',
  'x-frame-options',
  'x-permitted-cross-domain-policies',
  'x-xss-protection',
];

/**
 * Issue 40: answers given before any route runs (a URL Fastify cannot decode, a request line Node's parser
 * refuses, a route that does not exist) carry the same headers, `instance` and `traceId` as any other.
 * Over a real socket: the 431 never reaches `inject`.
 */
describeEachDatabase('early errors', (t) => {
  let base = '';
  let reference: Headers;
  beforeAll(async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
    reference = (await fetch(`${base}/api/health`)).headers;
    expect(reference.get('x-content-type-options')).toBe('nosniff');
  });
  afterAll(() => {
    t.app.server.closeAllConnections();
  });

  async function expectLikeAnyOther(response: Response, status: number, instance: string) {
    expect(response.status).toBe(status);
    for (const name of SECURITY_HEADERS) expect(response.headers.get(name), name).toBe(reference.get(name));
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(response.headers.get('content-type')).toContain('application/problem+json');
    const body = (await response.json()) as {
      status: number;
      instance: string;
      traceId: string;
      code: string;
    };
    expect(body.status).toBe(status);
    expect(body.instance).toBe(instance);
    expect(body.traceId).toMatch(UUID);
    return body;
  }

  it('answers a bad percent-encoding with a 400 like any other', async () => {
    const body = await expectLikeAnyOther(
      await fetch(`${base}/api/employees/%E0%A4%A`),
      400,
      '/api/employees/%E0%A4%A',
    );
    expect(body.code).toBe('VALIDATION_FAILED');
  });

  it('answers an over-long URL with a 431 like any other, its instance cut short', async () => {
    const response = await fetch(`${base}/api/employees?q=${'a'.repeat(20_000)}`);
    const body = await expectLikeAnyOther(response, 431, '/api/employees');
    expect(body.code).toBe('REQUEST_HEADERS_TOO_LARGE');
    const longPath = await fetch(`${base}/api/${'b'.repeat(20_000)}`);
    const cut = await expectLikeAnyOther(longPath, 431, `/api/${'b'.repeat(195)}…`);
    expect(cut.traceId).not.toBe(body.traceId);
  });

  it('answers an unknown route with a 404 like any other', async () => {
    const body = await expectLikeAnyOther(
      await fetch(`${base}/api/no-such-thing`),
      404,
      '/api/no-such-thing',
    );
    expect(body.code).toBe('NOT_FOUND');
  });
});
