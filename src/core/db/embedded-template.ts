import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { fromPglite } from './database.ts';
import { applyMigrations, migrationsFolder } from './migrate.ts';

/**
 * A fresh embedded database pays PGlite's `initdb` (about 2.5 s of a 5 s first start) and every migration.
 * The build (`scripts/service-build.mjs`, run by `npm ci` and `npm run build`) keeps one migrated, empty
 * database as a template; a fresh data folder starts as a copy of it. The template is named after the
 * migrations it holds, so a checkout with other migrations never uses one made for different ones: it
 * falls back to `initdb`, exactly as without a template.
 */
const templatesFolder = fileURLToPath(new URL('../../../dist/pglite-template', import.meta.url));

export function embeddedTemplateFile(folder = migrationsFolder, templates = templatesFolder): string {
  const journal = readFileSync(join(folder, 'meta', '_journal.json'));
  const key = createHash('sha256').update(journal).digest('hex').slice(0, 16);
  return join(templates, `${key}.tar`);
}

/**
 * Writes the template for the current migrations (replacing it whole, never half-written), and removes the
 * templates of other migrations: 44 MB each, and no checkout of these sources can use them.
 */
export async function writeEmbeddedTemplate(file = embeddedTemplateFile()): Promise<string> {
  const client = await PGlite.create();
  const database = fromPglite(client);
  try {
    await applyMigrations(database);
    const dump = await client.dumpDataDir('none');
    mkdirSync(dirname(file), { recursive: true });
    const next = `${file}.${process.pid}.next`;
    writeFileSync(next, new Uint8Array(await dump.arrayBuffer()));
    renameSync(next, file);
    for (const other of readdirSync(dirname(file))) {
      if (other !== basename(file)) rmSync(join(dirname(file), other), { force: true });
    }
    return file;
  } finally {
    await database.close();
  }
}

/** PGlite on `pgdata`: an existing folder as it is, a fresh one from the template when there is one. */
export function openEmbedded(pgdata: string, template = embeddedTemplateFile()): Promise<PGlite> {
  const fresh = !existsSync(join(pgdata, 'PG_VERSION'));
  if (!fresh || !existsSync(template)) return PGlite.create(pgdata);
  return PGlite.create(pgdata, { loadDataDir: new Blob([readFileSync(template)]) });
}
