import { sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { addDays } from '../../src/core/time/dates.ts';
import { describeEachDatabase } from '../helpers/app.ts';
import { activeEmployeeOf, departmentId, mainIdOf } from '../helpers/roster.ts';

interface Change {
  kind: string;
  count: number;
  latestAt: string;
}

interface Run {
  id: string;
  Status: string;
  from: string;
  to: string;
  departmentId: string;
  planChangedSinceRun: boolean;
  changedSinceRun: Change[];
}

describeEachDatabase('a run that went stale (issue 53)', (t) => {
  const get = (username: string, url: string) => t.request(username, { method: 'GET', url });
  const post = (username: string, url: string, payload: object = {}) =>
    t.request(username, { method: 'POST', url, payload, headers: { prefer: 'wait=120' } });
  const decide = (username: string, id: string) =>
    t.request(username, { method: 'PATCH', url: `/api/leave-requests/${id}/approve`, payload: {} });
  const employeeOf = (department: string, offset: number) => activeEmployeeOf(t, department, offset);
  /** As the employee import writes a changed record: the fields and a new `updated_at`. */
  const importEmployee = (id: string, change: ReturnType<typeof sql>) =>
    t.database.db.execute(
      sql`update employees set ${change}, version = version + 1, updated_at = now() where id = ${id}`,
    );

  /** A run over the first days of the ramp's draft plan, executed: its answer. */
  const executedRun = async (): Promise<Run> => {
    const plans = (await get('planner', '/api/demand/plans?pageSize=50')).json().items;
    const plan = plans.find((p: { name: string }) => p.name.startsWith('Ramp'));
    const created = await post('planner', '/api/allocation-runs', {
      planId: plan.id,
      from: plan.from,
      to: addDays(plan.from, 3),
    });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json()).toMatchObject({ Status: 'Draft', changedSinceRun: [] });
    const executed = await post('planner', `/api/allocation-runs/${created.json().id}/execute`);
    expect(executed.statusCode, executed.body).toBe(200);
    return executed.json<Run>();
  };
  const read = async (run: Run) => (await get('planner', `/api/allocation-runs/${run.id}`)).json<Run>();
  const kinds = async (run: Run) =>
    Object.fromEntries((await read(run)).changedSinceRun.map((change) => [change.kind, change.count]));
  /** The employee's leave from `from` to `to`, through both steps of its chain. */
  const approvedLeave = async (from: string, to: string, username = 'employee') => {
    const asked = await post(username, '/api/leave-requests', { from, to });
    expect(asked.statusCode, asked.body).toBe(201);
    const id = asked.json().id as string;
    expect((await decide('supervisor', id)).statusCode).toBe(200);
    return id;
  };

  it('reports nothing right after an execution, nor for changes made before it', async () => {
    const employee = await employeeOf('RAMP', 14);
    const early = await executedRun();
    const before = await post('hradmin', `/api/employees/${employee}/certifications`, {
      certificationCode: 'DGR',
      issuedOn: '2026-01-01',
    });
    expect(before.statusCode, before.body).toBe(201);
    const run = await executedRun();
    expect(run.changedSinceRun).toEqual([]);
    expect(await read(run)).toMatchObject({ planChangedSinceRun: false, changedSinceRun: [] });
    // The earlier run saw the certificate come after it.
    expect(await kinds(early)).toEqual({ staffChanged: 1 });
  });

  it('tells leave approved and cancelled in the period, not pending leave nor leave outside it', async () => {
    const run = await executedRun();
    const inside = await approvedLeave(addDays(run.from, 1), addDays(run.from, 1));
    expect(await kinds(run)).toEqual({});
    await approvedLeave(addDays(run.to, 5), addDays(run.to, 6)).then((id) => decide('hradmin', id));
    // Another department's leave in the period is not the run's.
    const elsewhere = await post('hradmin', '/api/leave-requests', {
      employeeId: await employeeOf('PAX', 6),
      from: run.from,
      to: run.from,
    });
    expect(elsewhere.statusCode, elsewhere.body).toBe(201);
    expect((await decide('sysadmin', elsewhere.json().id)).statusCode).toBe(200);
    expect((await decide('hradmin', elsewhere.json().id)).statusCode).toBe(200);
    expect(await kinds(run)).toEqual({});
    expect((await decide('hradmin', inside)).statusCode).toBe(200);
    const approved = await read(run);
    expect(approved.changedSinceRun).toEqual([
      { kind: 'leaveApproved', count: 1, latestAt: expect.any(String) },
    ]);
    expect(Date.parse(approved.changedSinceRun[0]!.latestAt)).toBeGreaterThan(0);
    const cancelled = await t.request('employee', {
      method: 'PATCH',
      url: `/api/leave-requests/${inside}/cancel`,
      payload: {},
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(await kinds(run)).toEqual({ leaveCancelled: 1 });
  });

  it('tells unavailability and wishes stated for the period, not for other dates', async () => {
    const run = await executedRun();
    const outside = await post('employee', '/api/me/availability/unavailability', {
      from: addDays(run.to, 10),
      to: addDays(run.to, 11),
      reason: 'Course',
    });
    expect(outside.statusCode, outside.body).toBe(201);
    expect(await kinds(run)).toEqual({});
    const inside = await post('employee', '/api/me/availability/unavailability', {
      from: run.from,
      to: addDays(run.from, 1),
      reason: 'Family',
    });
    expect(inside.statusCode, inside.body).toBe(201);
    const wish = await post('employee', '/api/me/availability/preferences', {
      kind: 'off',
      date: addDays(run.from, 2),
    });
    expect(wish.statusCode, wish.body).toBe(201);
    expect(await kinds(run)).toEqual({ unavailability: 1, wishes: 1 });
  });

  it('tells who joined, left or was deactivated, and whose certificates changed, in its department only', async () => {
    const run = await executedRun();
    const ramp = await departmentId(t, 'RAMP');
    const pax = await departmentId(t, 'PAX');
    await importEmployee(await employeeOf('PAX', 3), sql`name_en = name_en || ' Jr'`);
    await importEmployee(await employeeOf('PAX', 4), sql`department_id = ${pax}`);
    expect(await kinds(run)).toEqual({});
    await importEmployee(await employeeOf('PAX', 5), sql`department_id = ${ramp}`);
    await importEmployee(await employeeOf('RAMP', 10), sql`department_id = ${pax}`);
    await importEmployee(await employeeOf('RAMP', 11), sql`status = 'INACTIVE'`);
    const certified = await post('hradmin', `/api/employees/${await employeeOf('RAMP', 12)}/certifications`, {
      certificationCode: 'DGR',
      issuedOn: '2026-02-01',
    });
    expect(certified.statusCode, certified.body).toBe(201);
    expect(await kinds(run)).toEqual({ staffJoined: 1, staffLeft: 1, staffDeactivated: 1, staffChanged: 1 });
  });

  it('tells shifts of the period put on or taken off the live roster by hand', async () => {
    const run = await executedRun();
    const shift = {
      shiftTemplateId: await mainIdOf(t, 'shift_templates', 'EVENING'),
      terminalId: await mainIdOf(t, 'terminals', 'T2'),
    };
    const later = await post('planner', `/api/employees/${await employeeOf('RAMP', 15)}/shift-assignments`, {
      date: addDays(run.to, 7),
      ...shift,
    });
    expect(later.statusCode, later.body).toBe(201);
    const elsewhere = await post(
      'planner',
      `/api/employees/${await employeeOf('PAX', 7)}/shift-assignments`,
      {
        date: run.from,
        ...shift,
      },
    );
    expect(elsewhere.statusCode, elsewhere.body).toBe(201);
    expect(await kinds(run)).toEqual({});
    const added = await post('planner', `/api/employees/${await employeeOf('RAMP', 16)}/shift-assignments`, {
      date: run.from,
      ...shift,
    });
    expect(added.statusCode, added.body).toBe(201);
    expect(await kinds(run)).toEqual({ shiftsAdded: 1 });
    const removed = await t.request('planner', {
      method: 'DELETE',
      url: `/api/shift-assignments/${added.json().id}`,
    });
    expect(removed.statusCode).toBe(204);
    expect(await kinds(run)).toEqual({ shiftsAdded: 1, shiftsRemoved: 1 });
  });

  it('lists the same changes for a page of runs, and forgets them once rerun or locked', async () => {
    const stale = await executedRun();
    const fresh = await executedRun();
    await post('employee', '/api/me/availability/preferences', { kind: 'work', weekdays: ['Monday'] });
    const list = (await get('planner', '/api/allocation-runs?pageSize=100')).json().items as Run[];
    const listed = list.find((item) => item.id === stale.id)!;
    expect(listed.changedSinceRun).toEqual((await read(stale)).changedSinceRun);
    expect(listed.changedSinceRun.map((change) => change.kind)).toEqual(['wishes']);
    const rerun = await post('planner', `/api/allocation-runs/${stale.id}/rerun`);
    expect(rerun.json()).toMatchObject({ Status: 'Executed', changedSinceRun: [] });
    expect((await post('planner', `/api/allocation-runs/${fresh.id}/review`)).statusCode).toBe(200);
    const locked = await post('planner', `/api/allocation-runs/${fresh.id}/lock`);
    expect(locked.statusCode, locked.body).toBe(200);
    expect(locked.json()).toMatchObject({ Status: 'Locked', changedSinceRun: [] });
  });
});
