import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { fromPglite, queryRows } from '../../src/core/db/database.ts';
import {
  embeddedTemplateFolder,
  openEmbedded,
  writeEmbeddedTemplate,
} from '../../src/core/db/embedded-template.ts';
import { applyMigrations, migrationsFolder } from '../../src/core/db/migrate.ts';
import { testDrivers } from '../helpers/environment.ts';

/**
 * A fresh data folder starts as a copy of the build's template folder (issue 37: PGlite's initdb was half of a
 * first start), and nothing else changes: an existing folder opens as it is, and a template made for other
 * migrations is never used.
 */
const work = mkdtempSync(join(tmpdir(), 'embedded-template-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

const journal = JSON.parse(readFileSync(join(migrationsFolder, 'meta', '_journal.json'), 'utf8')) as {
  entries: { tag: string }[];
};
const appliedMigrations = async (database: ReturnType<typeof fromPglite>) =>
  (
    await queryRows<{ n: number }>(
      database.db,
      sql`select count(*)::int as n from drizzle.__drizzle_migrations`,
    )
  )[0]?.n;

describe.skipIf(!testDrivers().includes('pglite'))('the embedded database template [pglite]', () => {
  it('gives a fresh folder every migration, and leaves an existing folder as it is', async () => {
    const template = await writeEmbeddedTemplate(embeddedTemplateFolder(migrationsFolder, work));
    const pgdata = join(work, 'pgdata');
    // What a start cut short in the middle of the copy leaves: the next start removes it and copies anew.
    const halfCopied = join(work, 'pgdata.12345.copy');
    cpSync(template, halfCopied, { recursive: true });
    rmSync(join(halfCopied, 'base'), { recursive: true });

    const fresh = fromPglite(await openEmbedded(pgdata, template));
    expect(existsSync(join(pgdata, 'PG_VERSION'))).toBe(true);
    expect(existsSync(halfCopied)).toBe(false);
    expect(await appliedMigrations(fresh)).toBe(journal.entries.length);
    await applyMigrations(fresh);
    expect(await appliedMigrations(fresh)).toBe(journal.entries.length);
    await fresh.db.execute(
      sql`insert into business_units (code, name_en, name_ar) values ('KEPT', 'Kept', 'باق')`,
    );
    await fresh.close();

    const reopened = fromPglite(await openEmbedded(pgdata, template));
    const units = await queryRows<{ code: string }>(reopened.db, sql`select code from business_units`);
    expect(units.map((unit) => unit.code)).toEqual(['KEPT']);
    await reopened.close();
  }, 120_000);

  it('is named after the migrations it holds, so other migrations never find it', () => {
    const other = join(work, 'other-migrations');
    cpSync(migrationsFolder, other, { recursive: true });
    const journalFile = join(other, 'meta', '_journal.json');
    const changed = { ...journal, entries: journal.entries.slice(0, -1) };
    writeFileSync(journalFile, JSON.stringify(changed));
    expect(embeddedTemplateFolder(other, work)).not.toBe(embeddedTemplateFolder(migrationsFolder, work));
    expect(embeddedTemplateFolder(migrationsFolder, work)).toBe(
      embeddedTemplateFolder(migrationsFolder, work),
    );
  });
});
