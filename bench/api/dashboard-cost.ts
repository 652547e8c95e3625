/**
 * The dashboard's summary and the labour-cost tile's own read, one request after another in this process
 * (first, then warm), on PGlite with the demo data grown to N employees:
 * `npx tsx bench/api/dashboard-cost.ts 2000`.
 */
import { buildApp } from '../../src/app.ts';
import { loadConfig } from '../../src/config.ts';
import { preparedDatabase } from '../database.ts';

const employees = Number(process.argv[2] ?? 0) || undefined;
const { database } = await preparedDatabase('pglite', 'dash', employees ? { employees } : {});
const config = loadConfig({ APP_ENV: 'development', DATA_DIR: '.tmp/unused', LOG_LEVEL: 'silent' });
const app = await buildApp({ config, database });
await app.ready();
const token = (
  await app.inject({ method: 'POST', url: '/api/auth/dev-token', payload: { username: 'manager' } })
).json().token;
for (const url of [
  '/api/dashboard/summary',
  '/api/dashboard/summary',
  '/api/dashboard/summary',
  `/api/labour-cost/totals?month=${new Date().toISOString().slice(0, 7)}`,
]) {
  const started = performance.now();
  const answer = await app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${token}` } });
  console.log(url, answer.statusCode, Math.round(performance.now() - started), 'ms');
}
await app.close();
await database.close();
