import { sql } from 'drizzle-orm';
import { type Database, queryRows } from '../../src/core/db/database.ts';
import { addDays, businessDate, DEFAULT_TIMEZONE } from '../../src/core/time/dates.ts';
import { publishPastRoster } from '../../src/seed/demo/roster.ts';

/** A 31-day month wholly in the past and clear of the demo's own past two weeks. */
export function pastMonth(): { month: string; from: string; to: string } {
  const today = businessDate(new Date(), DEFAULT_TIMEZONE);
  let first = `${addDays(today, -75).slice(0, 7)}-01`;
  while (addDays(first, 30).slice(0, 7) !== first.slice(0, 7)) first = `${addDays(first, -1).slice(0, 7)}-01`;
  return { month: first.slice(0, 7), from: first, to: addDays(first, 30) };
}

/** Publishes the ramp's roster (shaped as the demo's past two weeks) for such a month of MAIN. */
export async function publishPastMonth(
  database: Database,
): Promise<{ month: string; from: string; to: string }> {
  const period = pastMonth();
  const [unit] = await queryRows<{ bu: string; ramp: string }>(
    database.db,
    sql`select b.id as bu, o.id as ramp from business_units b join org_nodes o on o.bu_id = b.id and o.code = 'RAMP'
         where b.code = 'MAIN'`,
  );
  await database.db.transaction((tx) =>
    publishPastRoster(tx, { buId: unit!.bu, departmentId: unit!.ramp, from: period.from, to: period.to }),
  );
  return period;
}
