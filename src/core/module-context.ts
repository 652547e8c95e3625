import type { Config } from '../config.ts';
import type { TokenService } from './auth/tokens.ts';
import type { Database } from './db/database.ts';

/** What every module's routes receive: the shared mechanisms, each built once by the app. */
export interface ModuleContext {
  config: Config;
  database: Database;
  tokens: TokenService;
  now: () => Date;
  version: string;
  /** The in-process job runner (imports): `wake` after queueing a job. */
  jobs: { wake(): void };
}
