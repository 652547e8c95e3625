/**
 * Loads the demo data set into the configured database (PGlite in DATA_DIR or DATABASE_URL), with as many
 * employees as asked: `npm run seed:demo -- --employees 5000`. On a database that has the demo set
 * already, it adds employees to MAIN until it has that many, with what the demo gives its staff.
 */
import { parseArgs } from 'node:util';
import { loadConfig } from '../src/config.ts';
import { applyMigrations } from '../src/core/db/migrate.ts';
import { openDatabase } from '../src/core/db/open.ts';
import { growDemo } from '../src/seed/demo/grow.ts';
import { DEMO_EMPLOYEES, loadDemoData } from '../src/seed/demo/index.ts';
import { seedReferenceData } from '../src/seed/reference.ts';

const { values } = parseArgs({ options: { employees: { type: 'string', default: String(DEMO_EMPLOYEES) } } });
const wanted = Number(values.employees);
if (!Number.isInteger(wanted) || wanted < 1 || wanted > 1_000_000) {
  console.error('--employees must be a whole number from 1 to 1,000,000');
  process.exit(2);
}

const config = loadConfig();
const database = await openDatabase(config);
try {
  await applyMigrations(database);
  await seedReferenceData(database.db);
  if (await loadDemoData(database.db, { employees: wanted })) {
    console.log(`demo data loaded with ${wanted} employees in MAIN`);
  } else {
    const added = await growDemo(database.db, wanted);
    console.log(
      added
        ? `added ${added} employees to MAIN (now ${wanted}), with skills, certifications, groups and home pools`
        : `MAIN has ${wanted} demo employees or more already; nothing to add`,
    );
  }
} finally {
  await database.close();
}
