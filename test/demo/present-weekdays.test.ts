import { sql } from 'drizzle-orm';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { queryRows } from '../../src/core/db/database.ts';
import { addDays } from '../../src/core/time/dates.ts';
import { PRESENT_DAYS } from '../../src/seed/demo/present.ts';
import { createTestContext } from '../helpers/app.ts';
import { approveTheWaitingGiveAway } from '../helpers/demo-present.ts';
import { testDrivers } from '../helpers/environment.ts';

/**
 * The demo in the present opens on whatever day `npm start` runs: on a Friday the weekend crew used to
 * start only on the Sunday, so the day had nobody on it, no coverage, and the week no gap to cover.
 * Seeded on the edges of the week (Thursday, Friday, Saturday in Riyadh), it has today's coverage, every
 * day of the four weeks worked, the planner's few gaps, the offered one, and the give-away the rules allow.
 */
for (const driver of testDrivers())
  describe(`the demo in the present, on any day of the week [${driver}]`, () => {
    afterEach(() => {
      vi.useRealTimers();
    });

    for (const today of ['2026-12-10', '2026-12-11', '2026-12-12'])
      it(`opens with people, gaps and things waiting when seeded on ${today}`, async () => {
        vi.useFakeTimers({ toFake: ['Date'] });
        vi.setSystemTime(new Date(`${today}T09:00:00Z`));
        const t = await createTestContext(driver, { presentDemo: true });
        try {
          const [ramp] = await queryRows<{ id: string }>(
            t.database.db,
            sql`select id from org_nodes where code = 'RAMP' and bu_id = (select id from business_units where code = 'MAIN')`,
          );
          const last = addDays(today, PRESENT_DAYS - 1);
          const get = async (username: string, url: string) => {
            const answer = await t.request(username, { method: 'GET', url });
            expect(answer.statusCode, answer.body).toBe(200);
            return answer.json();
          };
          const gaps = await get(
            'planner',
            `/api/roster/gaps?departmentId=${ramp!.id}&from=${today}&to=${last}`,
          );
          expect(gaps.missingHeads).toBeGreaterThan(0);
          expect(gaps.missingHeads).toBeLessThanOrEqual(7);
          const summary = await get('manager', '/api/dashboard/summary');
          expect(summary.asOf).toBe(today);
          expect(summary.todaysCoverage.assigned).toBeGreaterThan(0);
          const [worked] = await queryRows<{ days: number }>(
            t.database.db,
            sql`select count(distinct date)::int as days from shift_assignments
                 where date between ${today}::date and ${last}::date`,
          );
          expect(worked!.days).toBe(PRESENT_DAYS);
          expect((await get('supervisor', '/api/me/open-shifts')).items.length).toBeGreaterThan(0);
          await approveTheWaitingGiveAway(t);
        } finally {
          await t.app.close();
          await t.database.close();
        }
      });
  });
