import { sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { addDays } from '../../src/core/time/dates.ts';
import { describeEachDatabase } from '../helpers/app.ts';

interface Run {
  id: string;
  Status: string;
  result: {
    coverage: { required: number; assigned: number };
    droppedLiveWork: { assignmentId: string; employeeId: string; date: string; rule: string }[];
  };
}

describeEachDatabase('a run never keeps live work that breaks a rule now', (t) => {
  const post = (url: string, payload: object = {}) =>
    t.request('planner', { method: 'POST', url, payload, headers: { prefer: 'wait=120' } });
  const get = (url: string) => t.request('planner', { method: 'GET', url });

  it('drops a live assignment of someone on approved leave, plans its line again and removes it on lock', async () => {
    const plan = (await get('/api/demand/plans'))
      .json()
      .items.find((p: { name: string }) => p.name.startsWith('Ramp'));
    const from = addDays(plan.from, 2);
    const to = addDays(from, 2);
    const first = (await post('/api/allocation-runs', { planId: plan.id, from, to })).json<Run>();
    for (const action of ['execute', 'review', 'lock']) {
      expect((await post(`/api/allocation-runs/${first.id}/${action}`)).statusCode).toBe(200);
    }
    const [live] = (await get(`/api/shift-assignments?runId=${first.id}&pageSize=1`)).json().items as {
      id: string;
      date: string;
      employee: { id: string };
    }[];
    // Leave recorded as approved without passing through the approval (imported, or approved before the
    // approval took people off the roster): the live assignment now breaks ON_LEAVE.
    await t.database.db.execute(sql`
      insert into leave_requests (bu_id, employee_id, from_date, to_date, status, requested_by)
      select e.bu_id, e.id, ${live!.date}, ${live!.date}, 'Approved', u.id
        from employees e, users u where e.id = ${live!.employee.id} and u.username = 'hradmin'`);

    const second = (await post('/api/allocation-runs', { planId: plan.id, from, to })).json<Run>();
    const executed = await post(`/api/allocation-runs/${second.id}/execute`);
    expect(executed.statusCode, executed.body).toBe(200);
    const result = executed.json<Run>().result;
    expect(result.droppedLiveWork).toEqual([
      expect.objectContaining({ assignmentId: live!.id, employeeId: live!.employee.id, rule: 'ON_LEAVE' }),
    ]);
    expect(result.coverage.assigned).toBeLessThanOrEqual(result.coverage.required);
    const theirs = (
      await get(
        `/api/allocation-runs/${second.id}/assignments?employeeId=${live!.employee.id}&date=${live!.date}`,
      )
    ).json();
    expect(theirs.total).toBe(0);

    expect((await post(`/api/allocation-runs/${second.id}/review`)).statusCode).toBe(200);
    const locked = await post(`/api/allocation-runs/${second.id}/lock`);
    expect(locked.statusCode, locked.body).toBe(200);
    const onLeaveDay = (
      await get(`/api/shift-assignments?employeeId=${live!.employee.id}&from=${live!.date}&to=${live!.date}`)
    ).json();
    expect(onLeaveDay.items).toEqual([]);
    const audit = (
      await t.request('sysadmin', { method: 'GET', url: `/api/audit/events?entityId=${live!.id}` })
    ).json();
    expect(audit.items[0]).toMatchObject({
      action: 'shift_assignment.delete',
      details: { reason: 'replanned', rule: 'ON_LEAVE', runId: second.id },
    });
  });
});
