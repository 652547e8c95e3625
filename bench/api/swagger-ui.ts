/**
 * How long Swagger UI takes to open in Chromium: from navigation to the first tag shown, then to the
 * first tag's operations listed, three tries each (`--tries N`), with the CPU time this process (the service) spent.
 *
 *   npx tsx bench/api/swagger-ui.ts                       the service's own document
 *   npx tsx bench/api/swagger-ui.ts before.json after.json   saved documents, each behind the same UI, in one run
 *   npx tsx bench/api/swagger-ui.ts --beside-50kb          the service's document and, in the same run, a
 *                                                          50 KB part of it (whole operations and the components
 *                                                          they use) behind the same UI: issue 54's yardstick
 *   npx tsx bench/api/swagger-ui.ts served.json structure.json --beside-50kb
 *                                                          saved documents (bench/api/contract-bytes.ts --write
 *                                                          writes the served one and its stripped forms) and a
 *                                                          50 KB part of the first, in one run
 *
 * The tries go round the documents (one of each, then again), so a change of the machine's load falls on
 * all of them alike.
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

type Json = Record<string, unknown>;

/**
 * Whole operations of the document, in its order, until about `bytes`, with just the components they
 * refer to (followed through other components).
 */
function partOf(document: Json, bytes: number): Json {
  const paths = document.paths as Record<string, Json>;
  const components = document.components as Record<string, Record<string, unknown>>;
  const kept: Record<string, Json> = {};
  const used = new Set<string>();
  const follow = (value: unknown): void => {
    if (Array.isArray(value)) value.forEach(follow);
    else if (value && typeof value === 'object') {
      for (const [key, inner] of Object.entries(value)) {
        if (key === '$ref' && typeof inner === 'string' && !used.has(inner)) {
          used.add(inner);
          const [, , kind, name] = inner.split('/');
          follow(components[kind!]?.[name!]);
        } else follow(inner);
      }
    }
  };
  const assembled = () => {
    const parts: Record<string, Record<string, unknown>> = {};
    for (const ref of used) {
      const [, , kind, name] = ref.split('/');
      parts[kind!] ??= {};
      parts[kind!]![name!] = components[kind!]![name!];
    }
    return {
      ...document,
      paths: kept,
      components: { ...parts, securitySchemes: components.securitySchemes },
    };
  };
  for (const [path, item] of Object.entries(paths)) {
    if (JSON.stringify(assembled()).length >= bytes) break;
    kept[path] = item;
    follow(item);
  }
  return assembled();
}

/** A saved document behind the same UI configuration as the service's (see openapi.ts). */
/** `--ui '{"defaultModelsExpandDepth":-1}'`: Swagger UI settings over the service's, to try one. */
const uiAt = process.argv.indexOf('--ui');
const uiOverride = uiAt > 0 ? (JSON.parse(process.argv[uiAt + 1] ?? '{}') as Json) : {};

async function saved(path: string, given?: Json): Promise<Target> {
  const app = Fastify();
  const document = given ?? (JSON.parse(readFileSync(path, 'utf8')) as Json);
  await app.register(swagger, { mode: 'static', specification: { document } } as never);
  await app.register(swaggerUi, {
    routePrefix: '/swagger',
    uiConfig: { docExpansion: 'none', deepLinking: true, validatorUrl: null, ...uiOverride },
  });
  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  return { label: path, address, close: () => app.close() };
}

const beside = process.argv.includes('--beside-50kb');
const triesAt = process.argv.indexOf('--tries');
const tries = triesAt > 0 ? Number(process.argv[triesAt + 1]) : 3;
const files = process.argv
  .slice(2)
  .filter((arg, at, all) => !arg.startsWith('--') && !['--ui', '--tries'].includes(all[at - 1] ?? ''));
const targets = files.length ? await Promise.all(files.map((file) => saved(file))) : [await service()];
if (beside) {
  const whole = (await (await fetch(`${targets[0]!.address}/swagger/json`)).json()) as Json;
  targets.push(await saved('50 KB part', partOf(whole, 50_000)));
}
const browser = await chromium.launch({ executablePath: process.env.CHROMIUM ?? '/usr/bin/chromium' });
const sizes = new Map<Target, string>();
for (const target of targets) {
  const document = (await (await fetch(`${target.address}/swagger/json`)).json()) as Json;
  const operations = Object.values(document.paths as Record<string, Json>).flatMap(Object.keys).length;
  sizes.set(target, `${Buffer.byteLength(JSON.stringify(document))} bytes, ${operations} operations`);
}
for (let attempt = 0; attempt < tries; attempt += 1) {
  for (const target of targets) {
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
      `${target.label}: document ${sizes.get(target)}: tags shown ${Math.round(shown)} ms, first tag open ` +
        `${Math.round(usable)} ms (this process's CPU ${Math.round((spent.user + spent.system) / 1000)} ms)`,
    );
    await page.close();
  }
}
await browser.close();
for (const target of targets) await target.close();
