import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { describeEachDatabase } from '../helpers/app.ts';

const web = fileURLToPath(new URL('../../web/', import.meta.url));
const LANGUAGES = [
  { lang: 'en', dir: 'ltr' },
  { lang: 'ar', dir: 'rtl' },
] as const;

/**
 * A build as scripts/web-build.mjs leaves it for the installable client: the page, a hashed asset, the
 * service worker, the real manifests of web/public and their icons.
 */
const root = mkdtempSync(join(tmpdir(), 'web-installable-'));
mkdirSync(join(root, 'assets'));
mkdirSync(join(root, 'icons'));
writeFileSync(join(root, 'index.html'), '<!doctype html><html><head></head><body></body></html>');
writeFileSync(join(root, 'assets', 'index-0ff11ne.js'), 'console.log(1)');
writeFileSync(join(root, 'sw.js'), 'self.addEventListener("fetch", () => undefined);');
for (const { lang } of LANGUAGES)
  copyFileSync(
    join(web, 'public', `manifest.${lang}.webmanifest`),
    join(root, `manifest.${lang}.webmanifest`),
  );
for (const name of ['icon-192', 'icon-512', 'maskable-192', 'maskable-512'])
  writeFileSync(join(root, 'icons', `${name}.png`), Buffer.from('89504e470d0a1a0a', 'hex'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

interface WebManifest {
  id: string;
  name: string;
  short_name: string;
  lang: string;
  dir: string;
  start_url: string;
  scope: string;
  display: string;
  theme_color: string;
  icons: { src: string; sizes: string; type: string; purpose: string }[];
}

/** Issue 54: the client installs (a manifest per language) and its service worker is never kept stale. */
describeEachDatabase(
  'the installable client in production',
  (t) => {
    it('serves each manifest as a web app manifest, revalidated, and its icons as PNG', async () => {
      for (const { lang } of LANGUAGES) {
        const response = await t.app.inject({ method: 'GET', url: `/manifest.${lang}.webmanifest` });
        expect(response.statusCode, lang).toBe(200);
        expect(response.headers['content-type'], lang).toContain('application/manifest+json');
        expect(response.headers['cache-control'], lang).toBe('no-cache');
        const manifest = response.json<WebManifest>();
        for (const icon of manifest.icons) {
          const png = await t.app.inject({ method: 'GET', url: icon.src });
          expect(png.statusCode, icon.src).toBe(200);
          expect(png.headers['content-type'], icon.src).toBe('image/png');
        }
      }
    });

    it('serves the service worker as JavaScript at the root, so its scope is the whole app, never cached', async () => {
      const response = await t.app.inject({ method: 'GET', url: '/sw.js' });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toMatch(/^(text|application)\/javascript/);
      expect(response.headers['cache-control']).toBe('no-cache');
      // At `/` it needs no Service-Worker-Allowed header to cover every screen.
      expect(response.headers['service-worker-allowed']).toBeUndefined();
    });

    it("lets the page's policy load the worker and the manifest from this origin", async () => {
      const page = await t.app.inject({ method: 'GET', url: '/my/roster' });
      const policy = String(page.headers['content-security-policy']);
      expect(policy).toContain("default-src 'self'");
      expect(policy).toContain("script-src 'self'");
      expect(policy).not.toMatch(/worker-src|manifest-src/);
    });
  },
  {
    webRoot: root,
    env: { APP_ENV: 'production', JWT_SECRET: 'vJ3q8Zr1mK0xT5wY7bN2cH4gL6sD9fA1eQ3uP8iO0zX=' },
  },
);

describe('the manifests', () => {
  const catalogue = (lang: string) =>
    JSON.parse(readFileSync(join(web, 'src', 'lib', 'i18n', 'messages', `${lang}.json`), 'utf8')) as Record<
      string,
      string
    >;

  it('name the app in each language as its screens do, standalone from `/`, with plain and maskable icons', () => {
    const ids = new Set<string>();
    for (const { lang, dir } of LANGUAGES) {
      const manifest = JSON.parse(
        readFileSync(join(web, 'public', `manifest.${lang}.webmanifest`), 'utf8'),
      ) as WebManifest;
      expect(manifest.name, lang).toBe(catalogue(lang)['app.name']);
      expect(manifest.short_name, lang).toBe(catalogue(lang)['app.name']);
      expect({ lang: manifest.lang, dir: manifest.dir }).toEqual({ lang, dir });
      expect(manifest).toMatchObject({
        start_url: '/',
        scope: '/',
        display: 'standalone',
        theme_color: '#1864ab',
      });
      for (const size of ['192x192', '512x512'])
        for (const purpose of ['any', 'maskable'])
          expect(
            manifest.icons.some(
              (icon) => icon.sizes === size && icon.purpose === purpose && icon.type === 'image/png',
            ),
            `${lang} ${size} ${purpose}`,
          ).toBe(true);
      ids.add(manifest.id);
    }
    // One app, whichever language it was installed in.
    expect([...ids]).toEqual(['/']);
  });
});
