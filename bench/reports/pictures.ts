/**
 * `npm run report:pictures`: page one of the monthly roster in English and in Arabic as PNG in docs/, so a
 * reader sees what the service prints. The demo data on PGlite with the ramp's roster published for a
 * whole past month (and a holiday, a leave and a lent person added), the PDF from the real endpoint, the picture from poppler's `pdftoppm` (Debian's
 * `poppler-utils`).
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import { addDays } from '../../src/core/time/dates.ts';
import { preparedDatabase, withSignedInApp } from '../database.ts';
import { publishPastMonth } from './past-month.ts';

const prepared = await preparedDatabase('pglite', 'pictures');
const { month, from } = await publishPastMonth(prepared.database);
// So that page one shows every mark and shade: a holiday on the month's 20th, a week of approved leave
// from the 12th for E00019 (who works every other day), and E00007 belonging to cargo (lent to the ramp).
const main = sql`(select id from business_units where code = 'MAIN')`;
await prepared.database.db.execute(
  sql`insert into holidays (bu_id, code, name_en, name_ar, date, end_date)
      values (${main}, 'PICTURE_DAY', 'Airport Day', 'يوم المطار', ${addDays(from, 19)}, ${addDays(from, 19)})`,
);
await prepared.database.db.execute(
  sql`insert into leave_requests (bu_id, employee_id, from_date, to_date, status, requested_by)
      select bu_id, id, ${addDays(from, 11)}, ${addDays(from, 17)}, 'Approved', (select id from users where username = 'planner')
        from employees where employee_number = 'E00019' and bu_id = ${main}`,
);
await prepared.database.db.execute(
  sql`update employees set department_id = (select id from org_nodes where code = 'CARGO' and bu_id = ${main})
       where employee_number = 'E00007' and bu_id = ${main}`,
);
mkdirSync('.tmp', { recursive: true });
await withSignedInApp(prepared, 'planner', async (app, headers) => {
  for (const lang of ['en', 'ar']) {
    const response = await app.inject({
      method: 'GET',
      url: `/api/reports/monthly-roster.pdf?month=${month}&lang=${lang}`,
      headers,
    });
    if (response.statusCode !== 200) throw new Error(`${lang}: ${response.statusCode} ${response.body}`);
    const pdf = `.tmp/monthly-roster-${lang}.pdf`;
    writeFileSync(pdf, response.rawPayload);
    const picture = `docs/monthly-roster-${lang}-page-1`;
    execFileSync('pdftoppm', ['-png', '-r', '100', '-f', '1', '-l', '1', '-singlefile', pdf, picture]);
    console.log(`${picture}.png (${month}, ${lang})`);
  }
});
