import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { describeEachDatabase } from '../helpers/app.ts';

/** A built client as Vite leaves it: index.html with nonce placeholders, hashed assets, a public file. */
const root = mkdtempSync(join(tmpdir(), 'web-client-'));
mkdirSync(join(root, 'assets'));
writeFileSync(
  join(root, 'index.html'),
  '<!doctype html><html><head><meta property="csp-nonce" nonce="__CSP_NONCE__">' +
    '<script type="module" src="/assets/index-abc123.js" nonce="__CSP_NONCE__"></script></head><body></body></html>',
);
writeFileSync(join(root, 'assets', 'index-abc123.js'), 'console.log(1)');
writeFileSync(join(root, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
afterAll(() => rmSync(root, { recursive: true, force: true }));

describeEachDatabase(
  'the web client served at /',
  (t) => {
    it('answers / and any deep link with the app, never cached, under a strict CSP with a fresh nonce', async () => {
      const first = await t.request(null, { method: 'GET', url: '/' });
      const deep = await t.request(null, { method: 'GET', url: '/approvals/leave?x=1' });
      for (const response of [first, deep]) {
        expect(response.statusCode).toBe(200);
        expect(response.headers['content-type']).toContain('text/html');
        expect(response.headers['cache-control']).toBe('no-cache');
        const csp = String(response.headers['content-security-policy']);
        expect(csp).toContain("script-src 'self'");
        expect(csp).not.toContain('unsafe-inline');
        const nonce = /'nonce-([^']+)'/.exec(csp)?.[1];
        expect(nonce).toBeTruthy();
        expect(response.body).toContain(`nonce="${nonce}"`);
        expect(response.body).not.toContain('__CSP_NONCE__');
      }
      expect(first.headers['content-security-policy']).not.toBe(deep.headers['content-security-policy']);
    });

    it('serves hashed assets cached for a year, other files revalidated', async () => {
      const asset = await t.request(null, { method: 'GET', url: '/assets/index-abc123.js' });
      expect(asset.statusCode).toBe(200);
      expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(asset.headers['content-type']).toContain('javascript');
      const icon = await t.request(null, { method: 'GET', url: '/favicon.svg' });
      expect(icon.headers['cache-control']).toBe('no-cache');
    });

    it('keeps unknown API and documentation paths JSON problem 404s', async () => {
      for (const url of ['/api/no-such-thing', '/api', '/swagger/no-such-thing']) {
        const response = await t.request(null, { method: 'GET', url });
        expect(response.statusCode, url).toBe(404);
        expect(response.headers['content-type'], url).toContain('application/problem+json');
      }
    });

    it('never serves a file outside the build, nor index.html without its nonce', async () => {
      for (const url of ['/../package.json', '/%2e%2e/package.json', '/assets/../../package.json']) {
        const response = await t.request(null, { method: 'GET', url });
        expect(response.body, url).not.toContain('"dependencies"');
      }
      const index = await t.request(null, { method: 'GET', url: '/index.html' });
      expect(index.body).not.toContain('__CSP_NONCE__');
    });

    it('keeps the app’s routes out of the OpenAPI document', async () => {
      const document = (await t.request(null, { method: 'GET', url: '/swagger/json' })).json();
      expect(Object.keys(document.paths).filter((path) => !path.startsWith('/api/'))).toEqual([]);
    });

    it('answers a missing asset (a page of an older build) with a 404, not with the app', async () => {
      const response = await t.request(null, { method: 'GET', url: '/assets/gone-123.js' });
      expect(response.statusCode).toBe(404);
    });
  },
  { webRoot: root },
);

describeEachDatabase(
  'the service without a built web client',
  (t) => {
    it('says how to build it, and the API still answers', async () => {
      const response = await t.request(null, { method: 'GET', url: '/my/roster' });
      expect(response.statusCode).toBe(503);
      expect(response.json().code).toBe('WEB_CLIENT_NOT_BUILT');
      expect((await t.request(null, { method: 'GET', url: '/api/health' })).statusCode).toBe(200);
    });
  },
  { webRoot: join(root, 'missing') },
);
