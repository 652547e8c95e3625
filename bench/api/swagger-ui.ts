/**
 * How long Swagger UI takes to open in Chromium: from navigation to the first tag shown, then to the
 * first tag's operations listed, three tries each, with the CPU time this process (the service) spent.
 *
 *   npx tsx bench/api/swagger-ui.ts                       the service's own document
 *   npx tsx bench/api/swagger-ui.ts before.json after.json   saved documents, each behind the same UI, in one run
 *
 * Chromium's own CPU time is not counted: the page's wall time is what a reader waits for.
 */
import { readFileSync } from 'node:fs';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { chromium } from '@playwright/test';
import Fastify from 'fastify';
import { buildApp } from '../../src/app.ts';
import { loadConfig } from '../../src/config.ts';
import { fromPglite } from '../../src/core/db/database.ts';
import { createPglite } from '../../src/core/db/pglite.ts';

interface Target {
  label: string;
  address: string;
  close(): Promise<void>;
}

/** The service as it runs, its document built by the service. */
async function service(): Promise<Target> {
  const database = fromPglite(await createPglite());
  const config = loadConfig({ APP_ENV: 'test', DATA_DIR: '.tmp/unused', LOG_LEVEL: 'silent' });
  const app = await buildApp({ config, database });
  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  return {
    label: 'service',
    address,
    close: async () => {
      await app.close();
      await database.close();
    },
  };
}

/** A saved document behind the same UI configuration as the service's (see openapi.ts). */
async function saved(path: string): Promise<Target> {
  const app = Fastify();
  const document = JSON.parse(readFileSync(path, 'utf8')) as Record<string, unknown>;
  await app.register(swagger, { mode: 'static', specification: { document } } as never);
  await app.register(swaggerUi, {
    routePrefix: '/swagger',
    uiConfig: { docExpansion: 'none', deepLinking: true, validatorUrl: null },
  });
  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  return { label: path, address, close: () => app.close() };
}

const files = process.argv.slice(2);
const targets = files.length ? await Promise.all(files.map(saved)) : [await service()];
const browser = await chromium.launch({ executablePath: process.env.CHROMIUM ?? '/usr/bin/chromium' });
for (const target of targets) {
  const bytes = (await (await fetch(`${target.address}/swagger/json`)).arrayBuffer()).byteLength;
  for (let attempt = 0; attempt < 3; attempt += 1) {
    const page = await browser.newPage();
    const cpu = process.cpuUsage();
    const started = performance.now();
    await page.goto(`${target.address}/swagger`);
    await page.locator('.opblock-tag').first().waitFor({ timeout: 90_000 });
    const shown = performance.now() - started;
    await page.locator('.opblock-tag').first().click();
    await page.locator('.opblock').first().waitFor({ timeout: 90_000 });
    const usable = performance.now() - started;
    const spent = process.cpuUsage(cpu);
    console.log(
      `${target.label}: document ${bytes} bytes: tags shown ${Math.round(shown)} ms, first tag open ` +
        `${Math.round(usable)} ms (this process's CPU ${Math.round((spent.user + spent.system) / 1000)} ms)`,
    );
    await page.close();
  }
}
await browser.close();
for (const target of targets) await target.close();
