import { existsSync, renameSync, writeFileSync } from 'node:fs';
import type { Config } from '../../../config.ts';
import { DataDirLockedError, lockDataDir } from '../data-dir-lock.ts';
import { createPglite } from '../pglite.ts';
import { requestBackup } from './channel.ts';
import { backupEmbedded, pgdataOf, restoreEmbedded } from './embedded.ts';
import { type BackupHeader, readHeader } from './file-format.ts';
import { backupPostgres, restorePostgres } from './server.ts';

export interface BackupResult {
  header: BackupHeader;
  /** How the embedded backup was taken: by the running service, or from the stopped data folder. */
  via: 'service' | 'data folder' | 'pg_dump';
}

/** `npm run backup -- FILE`: the configured database, running or not, into FILE. */
export async function backup(config: Config, file: string): Promise<BackupResult> {
  if (config.databaseUrl) return { header: await backupPostgres(config.databaseUrl, file), via: 'pg_dump' };
  const pgdata = pgdataOf(config.dataDir);
  if (!existsSync(pgdata)) throw new Error(`There is no embedded database in ${config.dataDir}`);
  let bytes: Buffer;
  let via: BackupResult['via'];
  let release: (() => void) | undefined;
  try {
    release = lockDataDir(config.dataDir);
  } catch (error) {
    if (!(error instanceof DataDirLockedError)) throw error;
  }
  if (release) {
    try {
      const client = await createPglite(pgdata);
      try {
        bytes = await backupEmbedded(client);
      } finally {
        await client.close();
      }
    } finally {
      release();
    }
    via = 'data folder';
  } else {
    bytes = await requestBackup(config.dataDir);
    via = 'service';
  }
  const partial = `${file}.partial`;
  writeFileSync(partial, bytes);
  renameSync(partial, file);
  return { header: readHeader(file).header, via };
}

/** `npm run restore -- FILE`: into an empty DATA_DIR, or an empty database at DATABASE_URL. */
export async function restore(config: Config, file: string): Promise<BackupHeader> {
  if (!existsSync(file)) throw new Error(`There is no file ${file}`);
  return config.databaseUrl
    ? restorePostgres(file, config.databaseUrl)
    : restoreEmbedded(file, config.dataDir);
}
