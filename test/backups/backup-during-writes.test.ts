import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { type BackupChannel, requestBackup, serveBackups } from '../../src/core/db/backups/channel.ts';
import { pgdataOf, RestoreRefusedError, restoreEmbedded } from '../../src/core/db/backups/embedded.ts';
import { headerLine, parseHeader } from '../../src/core/db/backups/file-format.ts';
import { codeSchemaVersion, NewerSchemaError } from '../../src/core/db/backups/schema-version.ts';
import { backupPostgres, restorePostgres, TargetNotEmptyError } from '../../src/core/db/backups/server.ts';
import { createPglite } from '../../src/core/db/pglite.ts';
import { databaseUrl, testDrivers } from '../helpers/environment.ts';

/**
 * A backup taken while writes go on: each write is one transaction of a parent row and five children,
 * open across several turns of the event loop, so the backup is asked for while one is half written.
 */
const ITEMS_PER_WRITE = 5;

interface Probe {
  exec(text: string): Promise<void>;
  transaction(
    work: (query: (text: string, params: unknown[]) => Promise<void>) => Promise<void>,
  ): Promise<void>;
  rows<T>(text: string): Promise<T[]>;
}

const pause = () => new Promise((resolve) => setTimeout(resolve, 2));

/** Writes until stopped; `acknowledged` is the last write whose commit has returned. */
function startWriter(probe: Probe) {
  let acknowledged = 0;
  let stopped = false;
  const done = (async () => {
    for (let n = 1; !stopped; n++) {
      await probe.transaction(async (query) => {
        await query('insert into backup_probe_writes (n) values ($1)', [n]);
        for (let k = 1; k <= ITEMS_PER_WRITE; k++) {
          await pause();
          await query('insert into backup_probe_items (n, k) values ($1, $2)', [n, k]);
        }
      });
      acknowledged = n;
    }
  })();
  return {
    acknowledged: () => acknowledged,
    async stop() {
      stopped = true;
      await done;
    },
  };
}

const PROBE_TABLES = `
  create table backup_probe_writes (n int primary key);
  create table backup_probe_items (n int not null references backup_probe_writes, k int not null, primary key (n, k));`;

async function expectWholeWrites(restored: Probe, acknowledgedBefore: number) {
  const writes = await restored.rows<{ n: number }>('select n from backup_probe_writes order by n');
  const numbers = writes.map((row) => row.n);
  // Every write acknowledged before the backup was asked for…
  expect(numbers.length).toBeGreaterThanOrEqual(acknowledgedBefore);
  expect(numbers.slice(0, acknowledgedBefore)).toEqual(
    Array.from({ length: acknowledgedBefore }, (_, i) => i + 1),
  );
  // …and none half written.
  const partial = await restored.rows<{ n: number; items: number }>(
    `select w.n, count(i.k)::int as items from backup_probe_writes w left join backup_probe_items i using (n)
     group by w.n having count(i.k) <> ${ITEMS_PER_WRITE}`,
  );
  expect(partial).toEqual([]);
  const orphans = await restored.rows<{ count: number }>(
    'select count(*)::int as count from backup_probe_items where n not in (select n from backup_probe_writes)',
  );
  expect(orphans[0]!.count).toBe(0);
}

async function waitForWrites(writer: ReturnType<typeof startWriter>, count: number) {
  while (writer.acknowledged() < count) await new Promise((resolve) => setTimeout(resolve, 10));
}

describe.runIf(testDrivers().includes('pglite'))(
  'backup of the embedded database while the service writes [pglite]',
  () => {
    const folder = mkdtempSync(join(tmpdir(), 'rostering-backup-'));
    const dataDir = join(folder, 'data');
    const restoredDir = join(folder, 'restored');
    const file = join(folder, 'during-writes.backup');
    let client: PGlite;
    let channel: BackupChannel;

    beforeAll(async () => {
      mkdirSync(dataDir);
      client = await createPglite(pgdataOf(dataDir), {
        loadDataDir: new Blob([readFileSync(inject('pgliteTemplate'))]),
      });
      await client.exec(PROBE_TABLES);
      channel = await serveBackups(client, dataDir, { error: () => undefined });
    });
    afterAll(async () => {
      await channel?.close();
      await client?.close();
      rmSync(folder, { recursive: true, force: true });
    });

    const probeOf = (db: PGlite): Probe => ({
      exec: async (text) => void (await db.exec(text)),
      transaction: (work) =>
        db.transaction((tx) => work(async (text, params) => void (await tx.query(text, params)))),
      rows: async <T>(text: string) => (await db.query<T>(text)).rows,
    });

    it('asked through the channel, restores to every acknowledged write and no half-written one', async () => {
      const writer = startWriter(probeOf(client));
      await waitForWrites(writer, 10);
      const acknowledgedBefore = writer.acknowledged();
      const backup = await requestBackup(dataDir);
      await waitForWrites(writer, acknowledgedBefore + 10);
      await writer.stop();
      writeFileSync(file, backup);
      expect(parseHeader(backup, file).header).toMatchObject({
        driver: 'pglite',
        schema: codeSchemaVersion(),
      });

      await restoreEmbedded(file, restoredDir);
      const restored = await createPglite(pgdataOf(restoredDir));
      try {
        await expectWholeWrites(probeOf(restored), acknowledgedBefore);
        // The rest of the installation came along: the demo's people, as many as in the source.
        const count = 'select count(*)::int as count from employees';
        expect((await restored.query(count)).rows).toEqual((await client.query(count)).rows);
      } finally {
        await restored.close();
      }
    });

    it('refuses a data folder that holds a database, and a backup newer than the code', async () => {
      await expect(restoreEmbedded(file, restoredDir)).rejects.toThrow(RestoreRefusedError);
      const bytes = readFileSync(file);
      const { header, headerBytes } = parseHeader(bytes, file);
      const newer = join(folder, 'newer.backup');
      writeFileSync(
        newer,
        Buffer.concat([
          headerLine({ ...header, schema: { when: header.schema.when + 1, tag: '0099_from_the_future' } }),
          bytes.subarray(headerBytes),
        ]),
      );
      const attempt = restoreEmbedded(newer, join(folder, 'empty'));
      await expect(attempt).rejects.toThrow(NewerSchemaError);
      await expect(restoreEmbedded(newer, join(folder, 'empty'))).rejects.toThrow(
        /taken by a newer version of the service \(schema 0099_from_the_future\).*knows migrations up to/,
      );
    });
  },
);

describe.runIf(testDrivers().includes('postgres'))(
  'backup of a PostgreSQL database while it is written [postgres]',
  () => {
    const server = process.env.TEST_DATABASE_URL!;
    const suffix = randomBytes(5).toString('hex');
    const source = `rostering_backup_${suffix}`;
    const target = `rostering_restore_${suffix}`;
    const folder = mkdtempSync(join(tmpdir(), 'rostering-backup-'));
    const file = join(folder, 'during-writes.backup');
    let pool: pg.Pool;
    const admin = async (text: string) => {
      const client = new pg.Client({ connectionString: server });
      await client.connect();
      try {
        await client.query(text);
      } finally {
        await client.end();
      }
    };
    const probeOf = (connections: pg.Pool): Probe => ({
      exec: async (text) => void (await connections.query(text)),
      async transaction(work) {
        const client = await connections.connect();
        try {
          await client.query('begin');
          await work(async (text, params) => void (await client.query(text, params)));
          await client.query('commit');
        } catch (error) {
          await client.query('rollback');
          throw error;
        } finally {
          client.release();
        }
      },
      rows: async <T>(text: string) => (await connections.query(text)).rows as T[],
    });

    beforeAll(async () => {
      await admin(`create database "${source}" template "${inject('postgresTemplate')}"`);
      await admin(`create database "${target}"`);
      pool = new pg.Pool({ connectionString: databaseUrl(server, source), max: 3 });
      await pool.query(PROBE_TABLES);
    });
    afterAll(async () => {
      await pool?.end();
      await admin(`drop database if exists "${source}" with (force)`);
      await admin(`drop database if exists "${target}" with (force)`);
      rmSync(folder, { recursive: true, force: true });
    });

    it('pg_dump during writes restores to every acknowledged write and no half-written one', async () => {
      const writer = startWriter(probeOf(pool));
      await waitForWrites(writer, 10);
      const acknowledgedBefore = writer.acknowledged();
      const header = await backupPostgres(databaseUrl(server, source), file);
      await writer.stop();
      expect(header).toMatchObject({ driver: 'postgres', schema: codeSchemaVersion() });

      await restorePostgres(file, databaseUrl(server, target));
      const restored = new pg.Pool({ connectionString: databaseUrl(server, target), max: 1 });
      try {
        await expectWholeWrites(probeOf(restored), acknowledgedBefore);
      } finally {
        await restored.end();
      }
      // Restoring again into the now full database is refused, with nothing changed.
      await expect(restorePostgres(file, databaseUrl(server, target))).rejects.toThrow(TargetNotEmptyError);
    });
  },
);
