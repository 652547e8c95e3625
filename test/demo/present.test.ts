import { sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { queryRows } from '../../src/core/db/database.ts';
import { addDays, businessDate, DEFAULT_TIMEZONE } from '../../src/core/time/dates.ts';
import { PRESENT_DAYS } from '../../src/seed/demo/present.ts';
import { describeEachDatabase } from '../helpers/app.ts';
import { approveTheWaitingGiveAway } from '../helpers/demo-present.ts';

/**
 * Issue 51: the demo `npm start` loads lives around today. A newcomer finds this fortnight and the next
 * published and approved, today's coverage, a few gaps (one offered), a give-away waiting for the manager,
 * pending leave, certificates expiring soon, and can make a plan of their own straight away.
 */
describeEachDatabase(
  'the demo in the present',
  (t) => {
    const today = businessDate(new Date(), DEFAULT_TIMEZONE);
    const last = addDays(today, PRESENT_DAYS - 1);
    const get = async (username: string, url: string) => {
      const response = await t.request(username, { method: 'GET', url });
      expect(response.statusCode, `${url}: ${response.body}`).toBe(200);
      return response.json();
    };
    const ramp = async () => {
      const [row] = await queryRows<{ id: string }>(
        t.database.db,
        sql`select id from org_nodes where code = 'RAMP' and bu_id = (select id from business_units where code = 'MAIN')`,
      );
      return row!.id;
    };

    it('publishes and approves this fortnight and the next, with only a few gaps', async () => {
      const departmentId = await ramp();
      const gaps = await get(
        'planner',
        `/api/roster/gaps?departmentId=${departmentId}&from=${today}&to=${last}&pageSize=500`,
      );
      expect(gaps.missingHeads).toBeGreaterThan(0);
      expect(gaps.missingHeads).toBeLessThanOrEqual(7);
      const versions = (await get('planner', `/api/admin/published-rosters?departmentId=${departmentId}`))
        .items as { from: string; to: string; approval: { status: string } }[];
      const present = versions.filter((version) => version.to >= today);
      expect(present).toHaveLength(1);
      expect(present[0]).toMatchObject({ from: today, to: last, approval: { status: 'Approved' } });
      const [counts] = await queryRows<{ days: number; shifts: number }>(
        t.database.db,
        sql`select count(distinct date)::int as days, count(*)::int as shifts
              from shift_assignments where date between ${today}::date and ${last}::date`,
      );
      // Every day has someone on it (the weekend crew from the first), a department's worth a day.
      expect(counts!.days).toBe(PRESENT_DAYS);
      expect(counts!.shifts).toBeGreaterThan(200);
      const summary = await get('manager', '/api/dashboard/summary');
      expect(summary.asOf).toBe(today);
      expect(summary.todaysCoverage.required).toBeGreaterThan(0);
      expect(summary.todaysCoverage.assigned).toBeGreaterThan(0);
      expect(summary.certificationsExpiringSoon).toBeGreaterThan(0);
    });

    it('gives the demo employee shifts of their own ahead, pending leave and a give-away waiting', async () => {
      const own = await get('employee', `/api/me/roster?from=${today}&to=${addDays(today, 13)}`);
      expect(JSON.stringify(own)).toContain('"EVENING"');
      const leave = await get('employee', '/api/me/leave-requests');
      expect(leave.items.some((request: { Status: string }) => request.Status === 'Pending')).toBe(true);
      const offers = await get('supervisor', '/api/me/open-shifts');
      expect(offers.items.length).toBeGreaterThan(0);
      await approveTheWaitingGiveAway(t);
    });

    it('recorded the attendance of the past fortnight with a few exceptions to look at, each kind among them', async () => {
      const departmentId = await ramp();
      const exceptions = (
        await get(
          'hrdirector',
          `/api/admin/reconciliation/exceptions?departmentId=${departmentId}&from=${addDays(today, -14)}&to=${addDays(today, -1)}&pageSize=500`,
        )
      ).items as { kind: string; status: string }[];
      // A few: an HR director's morning, not a day's work (there were 42 before).
      expect(exceptions.length).toBeGreaterThanOrEqual(4);
      expect(exceptions.length).toBeLessThanOrEqual(15);
      expect(exceptions.every((exception) => exception.status === 'OPEN')).toBe(true);
      expect(new Set(exceptions.map((exception) => exception.kind))).toEqual(
        new Set(['NO_SHOW', 'LATE_ARRIVAL', 'EARLY_DEPARTURE', 'WRONG_SHIFT']),
      );
      const [records] = await queryRows<{ n: number }>(
        t.database.db,
        sql`select count(*)::int as n from attendance_records a join employees e on e.id = a.employee_id
             where e.department_id = ${departmentId} and a.date between ${addDays(today, -14)}::date and ${addDays(today, -1)}::date`,
      );
      expect(records!.n).toBeGreaterThan(100);
    });

    it('leaves the planner free to plan the next period and every other department', async () => {
      const departmentId = await ramp();
      const plans = await get('planner', '/api/demand/plans?pageSize=100');
      expect(plans.items.filter((plan: { Status: string }) => plan.Status === 'Draft')).toEqual([]);
      const [template] = (await get('planner', '/api/demand/templates')).items as { id: string }[];
      const next = await t.request('planner', {
        method: 'POST',
        url: '/api/demand/plans',
        payload: {
          name: 'Ramp – the fortnight after',
          departmentId,
          from: addDays(last, 1),
          to: addDays(last, 14),
        },
      });
      expect(next.statusCode, next.body).toBe(201);
      const filled = await t.request('planner', {
        method: 'POST',
        url: `/api/demand/templates/${template!.id}/apply`,
        payload: { planId: next.json().id, from: addDays(last, 1), to: addDays(last, 14), dryRun: false },
      });
      expect(filled.statusCode, filled.body).toBe(200);
      expect(filled.json().added).toBeGreaterThan(0);
      // The published weeks are planned already, and the refusal names their plan.
      const again = await t.request('planner', {
        method: 'POST',
        url: '/api/demand/plans',
        payload: { name: 'Ramp – again', departmentId, from: addDays(today, 3), to: addDays(today, 9) },
      });
      expect(again.statusCode).toBe(409);
      expect(again.json().code).toBe('DEMAND_PLAN_OVERLAP');
    });
  },
  { presentDemo: true },
);
