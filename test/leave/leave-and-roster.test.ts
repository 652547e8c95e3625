import { expect, it } from 'vitest';
import { addDays } from '../../src/core/time/dates.ts';
import { describeEachDatabase } from '../helpers/app.ts';

interface Shift {
  assignmentId: string;
  date: string;
}

describeEachDatabase('leave as its owner and the roster live it', (t) => {
  const get = (username: string, url: string) => t.request(username, { method: 'GET', url });
  const post = (username: string, url: string, payload: object = {}) =>
    t.request(username, { method: 'POST', url, payload });
  const decide = (username: string, id: string, action: 'approve' | 'reject', comment?: string) =>
    t.request(username, {
      method: 'PATCH',
      url: `/api/leave-requests/${id}/${action}`,
      payload: comment ? { comment } : {},
    });

  let employeeId: string;
  let shift: { id: string; date: string };

  it('lists the caller’s own requests with who decides the next step, filtered by status and dates', async () => {
    employeeId = (await get('employee', '/api/me/profile')).json().employeeId;
    const mine = (
      await post('employee', '/api/leave-requests', { from: '2032-03-01', to: '2032-03-02' })
    ).json();
    await post('employee', '/api/leave-requests', { from: '2032-04-01', to: '2032-04-01' });
    const list = await get('employee', '/api/me/leave-requests');
    expect(list.statusCode, list.body).toBe(200);
    const items = list.json().items as { id: string; employee: { id: string } }[];
    expect(items.length).toBeGreaterThanOrEqual(2);
    expect(items.every((item) => item.employee.id === employeeId)).toBe(true);
    const found = items.find((item) => item.id === mine.id) as unknown as {
      nextStep: number;
      nextDecider: { step: number; roles: string[]; people: { displayName: string; roleCode: string }[] };
    };
    expect(found.nextStep).toBe(1);
    expect(found.nextDecider.step).toBe(1);
    expect(found.nextDecider.roles).toEqual(expect.arrayContaining(['MANAGER', 'SUPERVISOR']));
    const deciders = found.nextDecider.people.map((person) => person.roleCode);
    expect(deciders).toEqual(expect.arrayContaining(['MANAGER', 'SUPERVISOR']));
    expect(deciders).not.toContain('EMPLOYEE');

    const march = (await get('employee', '/api/me/leave-requests?from=2032-03-01&to=2032-03-31')).json();
    expect(march.items.map((item: { id: string }) => item.id)).toEqual([mine.id]);
    await decide('supervisor', mine.id, 'approve');
    const step2 = (await get('employee', `/api/leave-requests/${mine.id}`)).json();
    expect(step2.nextDecider.step).toBe(2);
    expect(step2.nextDecider.people.map((p: { roleCode: string }) => p.roleCode)).toContain('HR_ADMIN');
    const managerApproved = (await get('employee', '/api/me/leave-requests?status=ManagerApproved')).json();
    expect(managerApproved.items.map((item: { id: string }) => item.id)).toEqual([mine.id]);
    // An account without an employee has no requests of its own.
    expect((await get('sysadmin', '/api/me/leave-requests')).json().total).toBeGreaterThanOrEqual(0);
  });

  it('lists the conflicts with the live roster at step 1, and the final approval takes them off it', async () => {
    const plan = (await get('planner', '/api/demand/plans'))
      .json()
      .items.find((p: { name: string }) => p.name.startsWith('Ramp'));
    const from = addDays(plan.from, 1);
    const run = (
      await post('planner', '/api/allocation-runs', { planId: plan.id, from, to: addDays(from, 6) })
    ).json();
    for (const action of ['execute', 'review', 'lock']) {
      expect(
        (
          await t.request('planner', {
            method: 'POST',
            url: `/api/allocation-runs/${run.id}/${action}`,
            headers: { prefer: 'wait=120' },
          })
        ).statusCode,
      ).toBe(200);
    }
    const live = (
      await get('planner', `/api/shift-assignments?runId=${run.id}&employeeId=${employeeId}`)
    ).json();
    expect(live.items.length, 'the demo employee works in the week').toBeGreaterThan(0);
    shift = live.items[0];

    const request = (
      await post('employee', '/api/leave-requests', { from: shift.date, to: shift.date, comment: 'Family' })
    ).json();
    const step1 = await decide('supervisor', request.id, 'approve');
    expect(step1.statusCode, step1.body).toBe(200);
    expect(step1.json().Status).toBe('ManagerApproved');
    expect(step1.json().conflicts.map((c: Shift) => c.assignmentId)).toEqual([shift.id]);
    expect(step1.json().removedAssignments).toEqual([]);
    const onThatDay = async () =>
      (
        await get(
          'planner',
          `/api/shift-assignments?employeeId=${employeeId}&from=${shift.date}&to=${shift.date}`,
        )
      ).json().items as { id: string }[];
    expect((await onThatDay()).map((a) => a.id)).toEqual([shift.id]);

    const step2 = await decide('hradmin', request.id, 'approve');
    expect(step2.statusCode, step2.body).toBe(200);
    expect(step2.json()).toMatchObject({ Status: 'Approved', conflicts: [] });
    expect(step2.json().removedAssignments).toEqual([
      expect.objectContaining({ assignmentId: shift.id, date: shift.date }),
    ]);
    expect(await onThatDay()).toEqual([]);
    const audit = (await get('sysadmin', `/api/audit/events?entityId=${shift.id}`)).json();
    expect(audit.items[0]).toMatchObject({
      action: 'shift_assignment.delete',
      details: { reason: 'leave_approved', leaveRequestId: request.id },
    });
  });
});
