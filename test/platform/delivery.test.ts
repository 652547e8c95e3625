import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { COMPRESSIBLE } from '../../src/core/http/compression.ts';
import { describeEachDatabase } from '../helpers/app.ts';

/** A build as scripts/web-build.mjs leaves it: a hashed asset with its brotli and gzip copies. */
const root = mkdtempSync(join(tmpdir(), 'web-delivery-'));
mkdirSync(join(root, 'assets'));
const script = `export const screens = ${JSON.stringify(Array.from({ length: 400 }, (_, i) => `screen-${i}`))};`;
writeFileSync(
  join(root, 'index.html'),
  `<!doctype html><html><head></head><body>${'<p>x</p>'.repeat(300)}</body></html>`,
);
writeFileSync(join(root, 'assets', 'index-d3l1v3ry.js'), script);
writeFileSync(join(root, 'assets', 'index-d3l1v3ry.js.br'), brotliCompressSync(script));
writeFileSync(join(root, 'assets', 'index-d3l1v3ry.js.gz'), gzipSync(script));
afterAll(() => rmSync(root, { recursive: true, force: true }));

const decoded = (encoding: string | undefined, body: Buffer) =>
  encoding === 'br' ? brotliDecompressSync(body) : encoding === 'gzip' ? gunzipSync(body) : body;

/** Issue 54: every compressible byte compressed, fingerprinted files cached for good. */
describeEachDatabase(
  'delivery',
  (t) => {
    it('compresses a JSON answer with brotli or gzip as the client accepts, and the same JSON comes out', async () => {
      const plain = await t.request('sysadmin', { method: 'GET', url: '/api/users?pageSize=100' });
      expect(plain.headers['content-encoding']).toBeUndefined();
      for (const [accept, encoding] of [
        ['br, gzip', 'br'],
        ['gzip', 'gzip'],
      ] as const) {
        const response = await t.request('sysadmin', {
          method: 'GET',
          url: '/api/users?pageSize=100',
          headers: { 'accept-encoding': accept },
        });
        expect(response.headers['content-encoding'], accept).toBe(encoding);
        expect(String(response.headers.vary)).toMatch(/accept-encoding/i);
        const body = decoded(encoding, response.rawPayload);
        expect(body.length).toBeGreaterThan(response.rawPayload.length);
        expect(JSON.parse(body.toString()).items).toEqual(plain.json().items);
      }
    });

    it('compresses the OpenAPI document and problem answers, and leaves small answers alone', async () => {
      const document = await t.request(null, {
        method: 'GET',
        url: '/swagger/json',
        headers: { 'accept-encoding': 'br' },
      });
      expect(document.headers['content-encoding']).toBe('br');
      expect(document.rawPayload.length * 4).toBeLessThan(decoded('br', document.rawPayload).length);
      const health = await t.request(null, {
        method: 'GET',
        url: '/api/health',
        headers: { 'accept-encoding': 'br' },
      });
      expect(health.headers['content-encoding']).toBeUndefined();
    });

    it('sends spreadsheets and PDFs as they are: they are compressed already', async () => {
      for (const url of [
        '/api/reports/monthly-roster.xlsx?month=2026-12',
        '/api/reports/monthly-roster.pdf?month=2026-12',
      ]) {
        const response = await t.request('planner', {
          method: 'GET',
          url,
          headers: { 'accept-encoding': 'br, gzip' },
        });
        expect(response.statusCode, url).toBe(200);
        expect(response.headers['content-encoding'], url).toBeUndefined();
      }
    });

    it("sends the client's hashed files precompressed and cached for a year, index.html revalidated", async () => {
      const asset = await t.request(null, {
        method: 'GET',
        url: '/assets/index-d3l1v3ry.js',
        headers: { 'accept-encoding': 'br, gzip' },
      });
      expect(asset.headers['content-encoding']).toBe('br');
      expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(String(asset.headers.vary)).toMatch(/accept-encoding/i);
      expect(decoded('br', asset.rawPayload).toString()).toBe(script);
      const gzip = await t.request(null, {
        method: 'GET',
        url: '/assets/index-d3l1v3ry.js',
        headers: { 'accept-encoding': 'gzip' },
      });
      expect(gzip.headers['content-encoding']).toBe('gzip');
      const page = await t.request(null, { method: 'GET', url: '/', headers: { 'accept-encoding': 'br' } });
      expect(page.headers['cache-control']).toBe('no-cache');
      expect(page.headers['content-encoding']).toBe('br');
    });
  },
  { webRoot: root },
);

describeEachDatabase(
  'what production answers outside its build',
  (t) => {
    it('answers 404 to file names the build does not hold and to unknown API paths; screens get the app', async () => {
      for (const url of [
        '/.env',
        '/wp-login.php',
        '/.git/config',
        '/backup.sql',
        '/api/unknown',
        '/api/v2/users',
      ]) {
        const response = await t.app.inject({ method: 'GET', url });
        expect(response.statusCode, url).toBe(404);
        expect(response.headers['content-type'], url).toContain('application/problem+json');
      }
      for (const url of [
        '/',
        '/leave/new',
        '/my/roster',
        '/admin/users/5b1f3b6e-6a35-4f43-9d2a-3f4b5c6d7e8f',
      ]) {
        const response = await t.app.inject({ method: 'GET', url });
        expect(response.statusCode, url).toBe(200);
        expect(response.headers['content-type'], url).toContain('text/html');
      }
    });
  },
  {
    webRoot: root,
    env: { APP_ENV: 'production', JWT_SECRET: 'vJ3q8Zr1mK0xT5wY7bN2cH4gL6sD9fA1eQ3uP8iO0zX=' },
  },
);

describe('what counts as compressible', () => {
  it('takes text and JSON of every kind, never an event stream nor already-compressed files', () => {
    for (const type of [
      'application/json; charset=utf-8',
      'application/problem+json',
      'text/csv; charset=utf-8',
      'text/html',
      'text/calendar; charset=utf-8',
      'application/javascript',
      'text/css',
      'image/svg+xml',
      'application/manifest+json',
    ])
      expect(COMPRESSIBLE.test(type), type).toBe(true);
    for (const type of [
      'text/event-stream',
      'application/pdf',
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      'image/png',
      'font/woff2',
    ])
      expect(COMPRESSIBLE.test(type), type).toBe(false);
  });
});
