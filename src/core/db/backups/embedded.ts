import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import { lockDataDir } from '../data-dir-lock.ts';
import { createPglite } from '../pglite.ts';
import { BackupFileError, type BackupHeader, headerLine, parseHeader } from './file-format.ts';
import { describeVersion, refuseNewerSchema, versionAt } from './schema-version.ts';

/** Where PGlite keeps its files inside the service's data folder (see `open.ts`). */
export const pgdataOf = (dataDir: string) => join(dataDir, 'pgdata');

/**
 * A backup of a running PGlite: taken inside a transaction of its own, so it waits for the transaction
 * being run (PGlite runs one at a time) and holds the next ones back until the copy is made. A checkpoint
 * first writes every committed page to the files, so the copy needs no recovery; what it holds is every
 * transaction committed before it began and nothing of any other.
 */
export async function backupEmbedded(client: PGlite, now = new Date()): Promise<Buffer> {
  return client.transaction(async (tx) => {
    await tx.exec('checkpoint');
    const version = await tx.query<{ when: string | null }>(
      'select max(created_at)::text as when from drizzle.__drizzle_migrations',
    );
    const schema = versionAt(version.rows[0]?.when);
    if (!schema) throw new Error('The database has no migrations applied: there is nothing to back up');
    const dump = await client.dumpDataDir('gzip');
    const header: BackupHeader = { format: 1, driver: 'pglite', schema, takenAt: now.toISOString() };
    return Buffer.concat([headerLine(header), Buffer.from(await dump.arrayBuffer())]);
  });
}

export class RestoreRefusedError extends Error {}

/** Restores an embedded backup into an empty data folder (the service stopped, the folder unused). */
export async function restoreEmbedded(file: string, dataDir: string): Promise<BackupHeader> {
  const bytes = readFileSync(file);
  const { header, headerBytes } = parseHeader(bytes, file);
  if (header.driver !== 'pglite') {
    throw new BackupFileError(
      `${file} is a backup of a PostgreSQL server: restore it with DATABASE_URL set to an empty database`,
    );
  }
  refuseNewerSchema(header.schema);
  const pgdata = pgdataOf(dataDir);
  if (existsSync(pgdata) && readdirSync(pgdata).length > 0) {
    throw new RestoreRefusedError(
      `The data folder ${dataDir} already holds a database: restore into an empty DATA_DIR ` +
        '(move the current one aside first, it is not overwritten)',
    );
  }
  const release = lockDataDir(dataDir);
  try {
    const client = await createPglite(pgdata, {
      loadDataDir: new Blob([bytes.subarray(headerBytes)]),
    });
    try {
      const restored = await client.query<{ when: string | null }>(
        'select max(created_at)::text as when from drizzle.__drizzle_migrations',
      );
      const schema = versionAt(restored.rows[0]?.when);
      if (schema?.when !== header.schema.when) {
        throw new BackupFileError(
          `${file} restored to schema ${schema ? describeVersion(schema) : 'none'}, ` +
            `not the ${describeVersion(header.schema)} its header names: the file is damaged`,
        );
      }
    } finally {
      await client.close();
    }
  } finally {
    release();
  }
  return header;
}
