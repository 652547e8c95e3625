import { sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { queryRows } from '../../src/core/db/database.ts';
import { describeEachDatabase } from '../helpers/app.ts';

// A clock two hours ahead of the wall clock (behind it, the demo users' tokens would predate their
// revocation mark): a timestamp the database or `new Date()` wrote would be two hours earlier.
const SKEW_MS = 2 * 3_600_000;
const clock = () => new Date(Date.now() + SKEW_MS);

describeEachDatabase(
  'one clock: what a request writes is stamped by the app clock',
  (t) => {
    const stampedByClock = (value: Date | string) => {
      const ahead = new Date(value).getTime() - Date.now();
      expect(ahead).toBeGreaterThan(SKEW_MS - 60_000);
      expect(ahead).toBeLessThan(SKEW_MS + 60_000);
    };

    it('stamps a settings change', async () => {
      const before = (await t.request('sysadmin', { method: 'GET', url: '/api/settings' })).json();
      const response = await t.request('sysadmin', {
        method: 'PATCH',
        url: '/api/settings',
        headers: { 'if-match': `"${before.version}"` },
        payload: { minRestHours: 11 },
      });
      expect(response.statusCode, response.body).toBe(200);
      const [row] = await queryRows<{ updated_at: Date | string }>(
        t.database.db,
        sql`select max(updated_at) as updated_at from business_unit_settings`,
      );
      stampedByClock(row!.updated_at);
    });

    it('stamps a pool change', async () => {
      const list = await t.request('sysadmin', { method: 'GET', url: '/api/pools?pageSize=1' });
      const [pool] = list.json<{ items: { id: string; version: number }[] }>().items;
      const response = await t.request('sysadmin', {
        method: 'PATCH',
        url: `/api/pools/${pool!.id}`,
        headers: { 'if-match': `"${pool!.version}"` },
        payload: { Name_1_English: 'Stamped by the clock' },
      });
      expect(response.statusCode, response.body).toBe(200);
      const [row] = await queryRows<{ updated_at: Date | string }>(
        t.database.db,
        sql`select updated_at from pools where id = ${pool!.id}`,
      );
      stampedByClock(row!.updated_at);
    });
  },
  { now: clock },
);
