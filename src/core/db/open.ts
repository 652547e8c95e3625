import { join } from 'node:path';
import type { Config } from '../../config.ts';
import { lockDataDir } from './data-dir-lock.ts';
import { connectPostgres, type Database, fromPglite } from './database.ts';
import { openEmbedded } from './embedded-template.ts';

/** The service's database from its configuration: the server when DATABASE_URL is set, else PGlite on disk. */
export async function openDatabase(config: Config): Promise<Database> {
  if (config.databaseUrl) return connectPostgres(config.databaseUrl);
  const release = lockDataDir(config.dataDir);
  try {
    const client = await openEmbedded(join(config.dataDir, 'pgdata'));
    return fromPglite(client, release);
  } catch (error) {
    release();
    throw error;
  }
}
