/**
 * Loads the demo data set into the configured database (PGlite in DATA_DIR or DATABASE_URL), with as many
 * employees as asked: `npm run seed:demo -- --employees 5000`. On a database that has the demo set
 * already, it adds employees to MAIN until it has that many.
 */
import { parseArgs } from 'node:util';
import { count, eq, sql } from 'drizzle-orm';
import { loadConfig } from '../src/config.ts';
import { queryRows } from '../src/core/db/database.ts';
import { applyMigrations } from '../src/core/db/migrate.ts';
import { openDatabase } from '../src/core/db/open.ts';
import { employees } from '../src/core/db/schema/index.ts';
import { addDemoEmployees, DEMO_EMPLOYEES, loadDemoData, unitId } from '../src/seed/demo/index.ts';
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
    const main = await unitId(database.db, 'MAIN');
    if (!main) throw new Error('The database has business units but no MAIN unit: not a demo database');
    const [have] = await database.db.select({ n: count() }).from(employees).where(eq(employees.buId, main));
    const departments = await queryRows<{ id: string }>(
      database.db,
      sql`select n.id from org_nodes n join node_types t on t.id = n.node_type_id
           where n.bu_id = ${main} and t.code = 'DEPARTMENT' order by n.code`,
    );
    const from = have?.n ?? 0;
    if (from >= wanted) {
      console.log(`MAIN has ${from} employees already; nothing to add`);
    } else {
      await database.db.transaction((tx) =>
        addDemoEmployees(
          tx,
          main,
          departments.map((d) => d.id),
          from,
          wanted,
        ),
      );
      console.log(`added ${wanted - from} employees to MAIN (now ${wanted})`);
    }
  }
} finally {
  await database.close();
}
