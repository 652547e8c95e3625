import { createHash } from 'node:crypto';
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { PGlite } from '@electric-sql/pglite';
import { fromPglite } from './database.ts';
import { applyMigrations, migrationsFolder } from './migrate.ts';
import { createPglite } from './pglite.ts';

/**
 * A fresh embedded database pays PGlite's `initdb` (about 2.5 s of a 5 s first start) and every migration.
 * The build (`scripts/service-build.mjs`, run by `npm ci` and `npm run build`) keeps one migrated, empty
 * data folder as a template; a fresh data folder starts as a copy of it, made by the file system (PGlite's
 * own loader unpacks a tarball file by file through its JavaScript file system: 1.3 s more). The template
 * is named after the migrations it holds, so a checkout with other migrations never uses one made for
 * different ones: it falls back to `initdb`, exactly as without a template.
 */
const templatesFolder = fileURLToPath(new URL('../../../dist/pglite-template', import.meta.url));

export function embeddedTemplateFolder(folder = migrationsFolder, templates = templatesFolder): string {
  const journal = readFileSync(join(folder, 'meta', '_journal.json'));
  const key = createHash('sha256').update(journal).digest('hex').slice(0, 16);
  return join(templates, key);
}

/**
 * Writes the template for the current migrations (whole or not at all: it is made beside and renamed),
 * and removes the templates of other migrations: no checkout of these sources can use them.
 */
export async function writeEmbeddedTemplate(target = embeddedTemplateFolder()): Promise<string> {
  mkdirSync(dirname(target), { recursive: true });
  const next = `${target}.${process.pid}.next`;
  rmSync(next, { recursive: true, force: true });
  const database = fromPglite(await createPglite(next));
  try {
    await applyMigrations(database);
  } finally {
    await database.close();
  }
  rmSync(target, { recursive: true, force: true });
  renameSync(next, target);
  for (const other of readdirSync(dirname(target))) {
    if (other !== basename(target)) rmSync(join(dirname(target), other), { recursive: true, force: true });
  }
  return target;
}

/** PGlite on `pgdata`: an existing folder as it is, a fresh one from the template when there is one. */
export function openEmbedded(pgdata: string, template = embeddedTemplateFolder()): Promise<PGlite> {
  const leftovers = (name: string) => name.startsWith(`${basename(pgdata)}.`) && name.endsWith('.copy');
  for (const name of readdirSync(dirname(pgdata)).filter(leftovers)) {
    rmSync(join(dirname(pgdata), name), { recursive: true, force: true });
  }
  const empty = !existsSync(pgdata) || readdirSync(pgdata).length === 0;
  if (empty && existsSync(join(template, 'PG_VERSION'))) {
    // Copied beside and renamed (the caller holds the data folder's lock), so that a start cut short never
    // leaves a half-copied database behind: the next start removes the leftover and copies again.
    const copy = `${pgdata}.${process.pid}.copy`;
    cpSync(template, copy, { recursive: true });
    rmSync(pgdata, { recursive: true, force: true });
    renameSync(copy, pgdata);
  }
  return createPglite(pgdata);
}
