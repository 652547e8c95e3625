import type { Config } from '../config.ts';
import type { TokenService } from './auth/tokens.ts';
import type { Database, Db } from './db/database.ts';
import type { RunPrepared } from './db/prepared.ts';
import type { ChangeFeed } from './http/change-feed.ts';

/** What every module's routes receive: the shared mechanisms, each built once by the app. */
export interface ModuleContext {
  config: Config;
  database: Database;
  tokens: TokenService;
  now: () => Date;
  version: string;
  /** The address the service hands out in links (core/http/public-url.ts). */
  publicUrl: () => string;
  /** The unit's changes as they happen, for open screens (core/http/change-feed.ts). */
  changes: ChangeFeed;
  /** The in-process job runner (imports): `wake` after queueing a job. */
  jobs: { wake(): void };
}

/** What every service function receives first: the database, its prepared reads and the clock. */
export interface ServiceDeps {
  db: Db;
  runPrepared: RunPrepared;
  now: () => Date;
}

export const depsOf = (context: Pick<ModuleContext, 'database' | 'now'>): ServiceDeps => ({
  db: context.database.db,
  runPrepared: context.database.runPrepared,
  now: context.now,
});
