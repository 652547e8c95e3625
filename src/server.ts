import { buildApp } from './app.ts';
import { ConfigError, loadConfig } from './config.ts';
import { DataDirLockedError } from './core/db/data-dir-lock.ts';
import { applyMigrations } from './core/db/migrate.ts';
import { openDatabase } from './core/db/open.ts';
import { BootstrapError, prepareData } from './seed/bootstrap.ts';

const SHUTDOWN_GRACE_MS = 15_000;

/** Starts the service and stops it gracefully on SIGTERM or SIGINT; nothing else lives here. */
async function main(): Promise<void> {
  const config = loadConfig();
  const database = await openDatabase(config);
  try {
    await applyMigrations(database);
    const { demoLoaded } = await prepareData(database.db, config);
    const app = await buildApp({ config, database });
    if (demoLoaded)
      app.log.info('demo data loaded: log in as sysadmin (or planner, manager…) with Demo#Roster2026');
    const address = await app.listen({ port: config.port, host: config.host });
    app.log.info(
      { driver: database.driver, address, docs: `${address}/swagger` },
      'workforce rostering service ready',
    );
    let stopping = false;
    const stop = async (signal: string) => {
      if (stopping) return;
      stopping = true;
      app.log.info({ signal }, 'stopping: finishing in-flight requests');
      // A request that never ends must not keep the process from stopping.
      setTimeout(() => {
        app.log.error('graceful stop took too long; exiting');
        process.exit(1);
      }, SHUTDOWN_GRACE_MS).unref();
      // close() stops accepting and waits for in-flight requests before the database goes.
      await app.close();
      await database.close();
      process.exit(0);
    };
    process.on('SIGTERM', () => void stop('SIGTERM'));
    process.on('SIGINT', () => void stop('SIGINT'));
  } catch (error) {
    await database.close().catch(() => undefined);
    throw error;
  }
}

main().catch((error: unknown) => {
  const known =
    error instanceof ConfigError || error instanceof DataDirLockedError || error instanceof BootstrapError;
  console.error(known ? `Cannot start: ${(error as Error).message}` : error);
  process.exit(1);
});
