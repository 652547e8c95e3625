import { existsSync } from 'node:fs';
import { loadConfig } from '../src/config.ts';
import { keepCopyBeforeMigrations } from '../src/core/db/backups/before-migrations.ts';
import { pgdataOf } from '../src/core/db/backups/embedded.ts';
import { moveToPostgres } from '../src/core/db/backups/move.ts';
import { DataDirLockedError, lockDataDir } from '../src/core/db/data-dir-lock.ts';
import { fromPglite } from '../src/core/db/database.ts';
import { applyMigrations } from '../src/core/db/migrate.ts';
import { createPglite } from '../src/core/db/pglite.ts';

/** `npm run db:move -- postgres://…`: the embedded installation in DATA_DIR into an empty PostgreSQL database. */
async function main(target: string): Promise<void> {
  const config = loadConfig({ ...process.env, DATABASE_URL: '' });
  const pgdata = pgdataOf(config.dataDir);
  if (!existsSync(pgdata))
    throw new Error(`There is no embedded database in ${config.dataDir} (set DATA_DIR)`);
  let release: () => void;
  try {
    release = lockDataDir(config.dataDir);
  } catch (error) {
    if (error instanceof DataDirLockedError) {
      throw new Error(
        `Stop the service first: writes made during the move would be lost. (${error.message})`,
      );
    }
    throw error;
  }
  const started = performance.now();
  const source = fromPglite(await createPglite(pgdata), release);
  try {
    // The source is brought to this code's schema first, so both sides have the same tables.
    await keepCopyBeforeMigrations(source, config.dataDir, config.preMigrationCopies);
    await applyMigrations(source);
    const report = await moveToPostgres(source.embedded!, target, (line) => console.log(`  copied ${line}`));
    const rows = report.tables.reduce((sum, table) => sum + table.rows, 0);
    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    console.log(
      `Moved ${report.tables.length} tables (${rows} rows) and ${report.sequences} sequences in ${seconds} s; ` +
        'row counts and checksums match on both sides.',
    );
    const url = new URL(target);
    if (url.password) url.password = '****';
    console.log(`Start the service on it (every process with the same settings, any number of them):
  DATABASE_URL=${url} JWT_SECRET=… npm start
The embedded data folder ${config.dataDir} is left as it was; keep it until the server is trusted.
In development the tokens were signed with the secret in ${config.dataDir}/jwt-secret: pass it as JWT_SECRET to keep sign-ins.`);
  } finally {
    await source.close();
  }
}

const target = process.argv[2];
if (!target || !/^postgres(ql)?:\/\//.test(target) || process.argv.length > 3) {
  console.error(
    'Usage: npm run db:move -- postgres://user:password@host:5432/database   (an empty database)',
  );
  process.exit(2);
}
main(target).catch((error: Error) => {
  console.error(`Move failed: ${error.message}`, error.cause ?? '');
  process.exit(1);
});
