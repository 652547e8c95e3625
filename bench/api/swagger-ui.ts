/**
 * How long Swagger UI takes to open on the service's own document in Chromium: from navigation to the
 * first tag shown, then to the first tag's operations listed. `npx tsx bench/api/swagger-ui.ts`.
 */
import { PGlite } from '@electric-sql/pglite';
import { chromium } from '@playwright/test';
import { buildApp } from '../../src/app.ts';
import { loadConfig } from '../../src/config.ts';
import { fromPglite } from '../../src/core/db/database.ts';

const database = fromPglite(new PGlite());
const config = loadConfig({ APP_ENV: 'test', DATA_DIR: '.tmp/unused', LOG_LEVEL: 'silent' });
const app = await buildApp({ config, database });
const address = await app.listen({ port: 0, host: '127.0.0.1' });
const browser = await chromium.launch({ executablePath: process.env.CHROMIUM ?? '/usr/bin/chromium' });
const bytes = (await (await fetch(`${address}/swagger/json`)).arrayBuffer()).byteLength;
for (let attempt = 0; attempt < 3; attempt += 1) {
  const page = await browser.newPage();
  const started = performance.now();
  await page.goto(`${address}/swagger`);
  await page.locator('.opblock-tag').first().waitFor({ timeout: 90_000 });
  const shown = performance.now() - started;
  await page.locator('.opblock-tag').first().click();
  await page.locator('.opblock').first().waitFor({ timeout: 90_000 });
  const usable = performance.now() - started;
  console.log(
    `document ${bytes} bytes: tags shown ${Math.round(shown)} ms, first tag open ${Math.round(usable)} ms`,
  );
  await page.close();
}
await browser.close();
await app.close();
await database.close();
