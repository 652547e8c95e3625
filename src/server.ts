import { buildApp } from './app.ts';
import { ConfigError, loadConfig } from './config.ts';
import { keepCopyBeforeMigrations } from './core/db/backups/before-migrations.ts';
import { serveBackups } from './core/db/backups/channel.ts';
import { DataDirLockedError } from './core/db/data-dir-lock.ts';
import { applyMigrations } from './core/db/migrate.ts';
import { openDatabase } from './core/db/open.ts';
import { handleStopSignals } from './core/shutdown.ts';
import { stopEngineWorkers } from './modules/allocation/worker/run-in-worker.ts';
import { BootstrapError, prepareData } from './seed/bootstrap.ts';

/** Starts the service and stops it on SIGTERM or SIGINT (`core/shutdown.ts`); nothing else lives here. */
async function main(): Promise<void> {
  const config = loadConfig();
  const database = await openDatabase(config);
  try {
    const copy = await keepCopyBeforeMigrations(database, config.dataDir, config.preMigrationCopies);
    await applyMigrations(database);
    const { demoLoaded } = await prepareData(database.db, config);
    const app = await buildApp({ config, database });
    if (copy) app.log.info({ copy }, 'the data folder was backed up before its migrations');
    if (demoLoaded)
      app.log.info('demo data loaded: log in as sysadmin (or planner, manager…) with Demo#Roster2026');
    const address = await app.listen({ port: config.port, host: config.host });
    app.log.info(
      // `compiled`: the built service in dist/ rather than the TypeScript sources (scripts/start.mjs chooses).
      {
        driver: database.driver,
        address,
        docs: `${address}/swagger`,
        compiled: import.meta.url.endsWith('.js'),
      },
      'workforce rostering service ready',
    );
    // The embedded database's backups are taken by this process, the one that holds its folder.
    const backups = database.embedded
      ? await serveBackups(database.embedded, config.dataDir, app.log)
      : undefined;
    handleStopSignals({
      graceMs: config.shutdownGraceMs,
      log: app.log,
      async stop() {
        // Claiming stops first (the app's preClose), then the in-flight requests finish, then the jobs
        // being run stop between two rows and go back to the queue (its onClose).
        await app.close();
        await backups?.close();
        // No engine thread may be left for process.exit to wait for.
        const left = await stopEngineWorkers(Math.min(5_000, config.shutdownGraceMs / 4));
        if (left) app.log.error({ threads: left }, 'engine threads did not stop');
        await database.close();
      },
    });
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
