import { cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { copiesFolderOf, keepCopyBeforeMigrations } from '../../src/core/db/backups/before-migrations.ts';
import { pgdataOf, restoreEmbedded } from '../../src/core/db/backups/embedded.ts';
import { readHeader } from '../../src/core/db/backups/file-format.ts';
import { codeSchemaVersion } from '../../src/core/db/backups/schema-version.ts';
import { fromPglite } from '../../src/core/db/database.ts';
import { applyMigrations, migrationsFolder } from '../../src/core/db/migrate.ts';
import { createPglite } from '../../src/core/db/pglite.ts';
import { testDrivers } from '../helpers/environment.ts';

/**
 * An upgrade whose new migration fails, on an embedded installation: the copy kept before it restores to
 * the data as it was. The failing migration lives in a copy of the migrations folder made by the test.
 */
const COUNT = 'select count(*)::int as count from employees';

function folderWithFailingMigration(root: string, name: string): string {
  const folder = join(root, name);
  cpSync(migrationsFolder, folder, { recursive: true });
  const journalFile = join(folder, 'meta', '_journal.json');
  const journal = JSON.parse(readFileSync(journalFile, 'utf8')) as { entries: Record<string, unknown>[] };
  const last = journal.entries.at(-1) as { idx: number; when: number };
  const tag = `${String(last.idx + 1).padStart(4, '0')}_${name}`;
  journal.entries.push({ ...last, idx: last.idx + 1, when: last.when + 1_000, tag });
  writeFileSync(journalFile, JSON.stringify(journal));
  writeFileSync(
    join(folder, `${tag}.sql`),
    'ALTER TABLE "employees" ADD COLUMN "upgrade_probe" integer;\n--> statement-breakpoint\nSELECT 1 / 0;\n',
  );
  return folder;
}

describe.runIf(testDrivers().includes('pglite'))('a failed upgrade of the embedded database [pglite]', () => {
  const root = mkdtempSync(join(tmpdir(), 'rostering-upgrade-'));
  const dataDir = join(root, 'data');

  beforeAll(async () => {
    mkdirSync(dataDir);
    const client = await createPglite(pgdataOf(dataDir), {
      loadDataDir: new Blob([readFileSync(inject('pgliteTemplate'))]),
    });
    await client.close();
  });
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  it('keeps a copy before migrating that restores to the data as it was', async () => {
    const failing = folderWithFailingMigration(root, 'failing_upgrade');
    const database = fromPglite(await createPglite(pgdataOf(dataDir)));
    let employees: unknown;
    let copy: string | null;
    try {
      employees = (await database.embedded!.query(COUNT)).rows;
      // Nothing to migrate: no copy.
      expect(await keepCopyBeforeMigrations(database, dataDir, 2)).toBeNull();
      copy = await keepCopyBeforeMigrations(database, dataDir, 2, failing);
      expect(copy).not.toBeNull();
      await expect(applyMigrations(database, failing)).rejects.toThrow();
    } finally {
      await database.close();
    }
    expect(readHeader(copy!).header.schema).toEqual(codeSchemaVersion());

    const restoredDir = join(root, 'restored');
    await restoreEmbedded(copy!, restoredDir);
    const restored = await createPglite(pgdataOf(restoredDir));
    try {
      expect((await restored.query(COUNT)).rows).toEqual(employees);
      const probe = await restored.query(
        "select count(*)::int as count from information_schema.columns where column_name = 'upgrade_probe'",
      );
      expect(probe.rows).toEqual([{ count: 0 }]);
    } finally {
      await restored.close();
    }
  });

  it('keeps only the newest copies', async () => {
    const database = fromPglite(await createPglite(pgdataOf(dataDir)));
    try {
      for (const name of ['second_upgrade', 'third_upgrade']) {
        await keepCopyBeforeMigrations(database, dataDir, 2, folderWithFailingMigration(root, name));
      }
    } finally {
      await database.close();
    }
    expect(readdirSync(copiesFolderOf(dataDir)).filter((file) => file.endsWith('.backup'))).toHaveLength(2);
  });
});
