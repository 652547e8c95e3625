import { resolve } from 'node:path';
import { loadConfig } from '../src/config.ts';
import { restore } from '../src/core/db/backups/commands.ts';
import { describeVersion } from '../src/core/db/backups/schema-version.ts';

/** `npm run restore -- FILE`: into an empty DATA_DIR, or the empty database at DATABASE_URL. */
const file = process.argv[2];
if (!file || process.argv.length > 3) {
  console.error('Usage: npm run restore -- FILE');
  process.exit(2);
}
const config = loadConfig();
const started = performance.now();
restore(config, resolve(file)).then(
  (header) => {
    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    const where = config.databaseUrl ? 'the database at DATABASE_URL' : `the data folder ${config.dataDir}`;
    console.log(
      `Restored the backup of ${header.takenAt} (schema ${describeVersion(header.schema)}) into ${where} in ${seconds} s. ` +
        'Start the service on it with npm start (same DATA_DIR or DATABASE_URL); it applies any newer migrations.',
    );
  },
  (error: Error) => {
    console.error(`Restore refused: ${error.message}`);
    process.exit(1);
  },
);
