/**
 * `npm run report:pictures`: page one of the monthly roster in English and in Arabic as PNG in docs/, so a
 * reader sees what the service prints. The demo data on PGlite with the ramp's roster published for a
 * whole past month, the PDF from the real endpoint, the picture from poppler's `pdftoppm` (Debian's
 * `poppler-utils`).
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { preparedDatabase, withSignedInApp } from '../database.ts';
import { publishPastMonth } from './past-month.ts';

const prepared = await preparedDatabase('pglite', 'pictures');
const { month } = await publishPastMonth(prepared.database);
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
