import { statSync } from 'node:fs';
import { resolve } from 'node:path';
import { loadConfig } from '../src/config.ts';
import { backup } from '../src/core/db/backups/commands.ts';
import { describeVersion } from '../src/core/db/backups/schema-version.ts';

/** `npm run backup -- FILE`: a consistent backup of the configured database (DATABASE_URL or DATA_DIR). */
const file = process.argv[2];
if (!file || process.argv.length > 3) {
  console.error('Usage: npm run backup -- FILE');
  process.exit(2);
}
const started = performance.now();
backup(loadConfig(), resolve(file)).then(
  ({ header, via }) => {
    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    const megabytes = (statSync(file).size / 1e6).toFixed(1);
    console.log(
      `Backup of the ${header.driver === 'pglite' ? 'embedded database' : 'PostgreSQL database'} written to ${file} ` +
        `(${megabytes} MB, ${seconds} s, ${via === 'pg_dump' ? 'with pg_dump' : `through the ${via}`}; schema ${describeVersion(header.schema)}).`,
    );
  },
  (error: Error) => {
    console.error(`Backup failed: ${error.message}`);
    process.exit(1);
  },
);
