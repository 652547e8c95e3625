import { sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { queryRows } from '../../src/core/db/database.ts';
import { describeEachDatabase, type TestContext } from '../helpers/app.ts';

interface Summary {
  asOf: string;
  activeEmployees: number | null;
  leaveRequestsAwaitingMe: number | null;
  rosterApprovalsPending: number | null;
  attendanceReviewsPending: number | null;
  reconciliationExceptionsOpen: number | null;
  certificationsExpiringSoon: number | null;
  runsAwaitingReview: number | null;
  leaveConflicts: number | null;
  todaysCoverage: { required: number; assigned: number; ratio: number | null } | null;
}

const summary = async (t: TestContext, user: string) => {
  const response = await t.request(user, { method: 'GET', url: '/api/dashboard/summary' });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<Summary>();
};

/** What each area's own endpoint says, for the same caller: a tile must agree with it. */
async function areaCounts(t: TestContext, user: string) {
  const read = async (url: string, field: 'total' | 'count') => {
    const response = await t.request(user, { method: 'GET', url });
    return response.statusCode === 200 ? (response.json()[field] as number) : null;
  };
  return {
    leaveRequestsAwaitingMe: await read('/api/leave-requests?awaitingMe=true&pageSize=1', 'total'),
    rosterApprovalsPending: await read('/api/admin/roster-approvals/pending/count', 'count'),
    attendanceReviewsPending: await read('/api/admin/attendance/pending-reviews/count', 'count'),
    reconciliationExceptionsOpen: await read('/api/admin/reconciliation/pending-count', 'count'),
    certificationsExpiringSoon: await read('/api/certifications/expiring?withinDays=30&pageSize=1', 'total'),
  };
}

async function activeIn(t: TestContext, department?: string) {
  const [row] = await queryRows<{ n: number }>(
    t.database.db,
    sql`select count(*)::int as n from employees e join business_units b on b.id = e.bu_id and b.code = 'MAIN'
         left join org_nodes o on o.id = e.department_id
         where e.status = 'ACTIVE' and (${department ?? null}::text is null or o.code = ${department ?? null})`,
  );
  return row!.n;
}

describeEachDatabase('dashboard summary', (t) => {
  it('counts each tile as its own area does, for each role and scope', async () => {
    for (const user of ['sysadmin', 'hradmin', 'coo', 'planner', 'manager', 'supervisor']) {
      const tiles = await summary(t, user);
      const areas = await areaCounts(t, user);
      for (const [tile, count] of Object.entries(areas)) {
        // A tile is null where the caller cannot act on the area, even if its list answers (empty).
        const shown = tiles[tile as keyof Summary];
        if (shown === null) expect(count ?? 0, `${user}: ${tile}`).toBe(0);
        else expect(shown, `${user}: ${tile}`).toBe(count);
      }
    }
    expect((await summary(t, 'sysadmin')).activeEmployees).toBe(await activeIn(t));
    const manager = await summary(t, 'manager');
    expect(manager.activeEmployees).toBe(await activeIn(t, 'RAMP'));
    // The demo's pending leave, the HR director's two attendance edits, the past roster's exceptions.
    expect(manager.leaveRequestsAwaitingMe).toBeGreaterThan(0);
    expect((await summary(t, 'sysadmin')).attendanceReviewsPending).toBeGreaterThanOrEqual(2);
    expect(manager.reconciliationExceptionsOpen).toBeGreaterThan(0);
    expect((await t.request('employee', { method: 'GET', url: '/api/dashboard/summary' })).statusCode).toBe(
      403,
    );
    expect((await summary(t, 'north.admin')).reconciliationExceptionsOpen).toBe(0);
  });

  it('moves with runs awaiting review, approvals, leave conflicts and today’s coverage', async () => {
    const before = await summary(t, 'planner');
    const [ramp] = await queryRows<{ id: string }>(
      t.database.db,
      sql`select o.id from org_nodes o join business_units b on b.id = o.bu_id and b.code = 'MAIN' where o.code = 'RAMP'`,
    );
    const today = before.asOf;
    const plan = await t.request('planner', {
      method: 'POST',
      url: '/api/demand/plans',
      payload: { name: 'Today', departmentId: ramp!.id, from: today, to: today },
    });
    await t.request('planner', {
      method: 'PATCH',
      url: `/api/demand/plans/${plan.json().id}`,
      headers: { 'if-match': `"${plan.json().version}"` },
      payload: { cells: [{ date: today, terminalCode: 'T3', shiftTemplateCode: 'EVENING', required: 2 }] },
    });
    const run = await t.request('planner', {
      method: 'POST',
      url: '/api/allocation-runs',
      payload: { planId: plan.json().id, from: today, to: today },
    });
    const step = async (action: string) =>
      expect(
        (
          await t.request('planner', {
            method: 'POST',
            url: `/api/allocation-runs/${run.json().id}/${action}`,
            headers: { prefer: 'wait=120' },
          })
        ).statusCode,
      ).toBe(200);
    await step('execute');
    const executed = await summary(t, 'planner');
    expect(executed.runsAwaitingReview).toBe(before.runsAwaitingReview! + 1);
    expect(executed.todaysCoverage).toEqual({
      required: before.todaysCoverage!.required + 2,
      assigned: before.todaysCoverage!.assigned,
      ratio: expect.any(Number),
    });
    await step('review');
    await step('lock');
    const locked = await summary(t, 'planner');
    expect(locked.runsAwaitingReview).toBe(before.runsAwaitingReview);
    expect(locked.todaysCoverage).toMatchObject({
      required: before.todaysCoverage!.required + 2,
      assigned: before.todaysCoverage!.assigned + 2,
    });
    const approvals = (await summary(t, 'manager')).rosterApprovalsPending!;
    expect(
      (
        await t.request('planner', {
          method: 'POST',
          url: '/api/admin/roster/publish',
          payload: { runId: run.json().id },
        })
      ).statusCode,
    ).toBe(201);
    expect((await summary(t, 'manager')).rosterApprovalsPending).toBe(approvals + 1);

    // Approved leave over one of today's assignments is a conflict until the roster changes.
    const [assigned] = await queryRows<{ employee_id: string }>(
      t.database.db,
      sql`select employee_id from shift_assignments where run_id = ${run.json().id} limit 1`,
    );
    await t.database.db.execute(sql`insert into leave_requests (bu_id, employee_id, from_date, to_date, status, requested_by)
      select e.bu_id, e.id, ${today}, ${today}, 'Approved', (select id from users where username = 'hradmin')
        from employees e where e.id = ${assigned!.employee_id}`);
    expect((await summary(t, 'planner')).leaveConflicts).toBe(locked.leaveConflicts! + 1);
    expect((await summary(t, 'hradmin')).todaysCoverage).toBeNull();
  });
});
