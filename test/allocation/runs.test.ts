import { sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { queryRows } from '../../src/core/db/database.ts';
import { addDays } from '../../src/core/time/dates.ts';
import { validateInstance } from '../../src/engine/index.ts';
import { buildSnapshot } from '../../src/modules/roster/snapshot.ts';
import { planLines } from '../../src/modules/roster/snapshot-queries.ts';
import { describeEachDatabase } from '../helpers/app.ts';

interface Plan {
  id: string;
  departmentId: string;
  from: string;
  to: string;
}

interface Run {
  id: string;
  plan: { id: string };
  Status: string;
  version: number;
  executions: number;
  result: {
    coverage: { required: number; assigned: number; ratio: number };
    unfilled: { line: { id: string }; missing: number; reasons: Record<string, number> }[];
    proposed: number;
    fixed: number;
    changedFromPrevious: number | null;
    engineVersion: string;
  } | null;
  lockedAssignments: number | null;
}

describeEachDatabase('allocation runs', (t) => {
  const rampPlan = async (): Promise<Plan> => {
    const page = await t.request('planner', { method: 'GET', url: '/api/demand/plans?pageSize=50' });
    const plan = page.json().items.find((p: { name: string }) => p.name.startsWith('Ramp'));
    return plan as Plan;
  };
  /** Executes and reruns wait for the engine (`Prefer: wait`), as a script would. */
  const act = (username: string, id: string, action: string) =>
    t.request(username, {
      method: 'POST',
      url: `/api/allocation-runs/${id}/${action}`,
      headers: { prefer: 'wait=120' },
    });
  const create = (username: string, payload: Record<string, unknown>) =>
    t.request(username, { method: 'POST', url: '/api/allocation-runs', payload });

  it('builds a snapshot of the demo plan that the engine accepts', async () => {
    const plan = await rampPlan();
    const [unit] = await queryRows<{ id: string }>(
      t.database.db,
      sql`select id from business_units where code = 'MAIN'`,
    );
    const { instance } = await buildSnapshot(t.database.db, {
      buId: unit!.id,
      departmentId: plan.departmentId,
      from: plan.from,
      to: plan.to,
      lines: await planLines(t.database.db, plan.id, plan.from, plan.to),
    });
    expect(() => validateInstance(instance)).not.toThrow();
    expect(instance.demandLines.length).toBeGreaterThan(0);
    expect(instance.employees.length).toBeGreaterThan(10);
    expect(instance.lendingRules).toHaveLength(1);
    // The apron team is a pool of the ramp department: home for ramp demand, not lent.
    const pools = new Set(
      instance.employees.filter((e) => e.department === plan.departmentId).map((e) => e.homePool),
    );
    expect(pools.size).toBe(1);
  });

  it('walks a run through create, execute, review and lock into the live roster', async () => {
    const plan = await rampPlan();
    const created = await create('planner', { planId: plan.id, from: plan.from, to: plan.to });
    expect(created.statusCode).toBe(201);
    const run = created.json<Run>();
    expect(created.headers.location).toBe(`/api/allocation-runs/${run.id}`);
    expect(run).toMatchObject({ Status: 'Draft', result: null, executions: 0 });

    const executed = await act('planner', run.id, 'execute');
    expect(executed.statusCode).toBe(200);
    const result = executed.json<Run>().result!;
    expect(executed.json<Run>().Status).toBe('Executed');
    expect(result.coverage.assigned).toBeGreaterThan(0);
    expect(result.coverage.assigned).toBeLessThanOrEqual(result.coverage.required);
    expect(result.proposed).toBe(result.coverage.assigned);

    expect((await act('planner', run.id, 'lock')).json().code).toBe('INVALID_STATE_TRANSITION');
    expect((await act('planner', run.id, 'review')).json().Status).toBe('Reviewed');
    const locked = await act('planner', run.id, 'lock');
    expect(locked.statusCode).toBe(200);
    expect(locked.json<Run>()).toMatchObject({ Status: 'Locked', lockedAssignments: result.proposed });

    const live = await t.request('planner', {
      method: 'GET',
      url: `/api/shift-assignments?runId=${run.id}&pageSize=1`,
    });
    expect(live.json().total).toBe(result.proposed);
    expect((await act('planner', run.id, 'rerun')).json().code).toBe('INVALID_STATE_TRANSITION');
    const archived = await t.request('planner', { method: 'DELETE', url: `/api/allocation-runs/${run.id}` });
    expect(archived.statusCode).toBe(204);
    expect(
      (await t.request('planner', { method: 'GET', url: `/api/allocation-runs/${run.id}` })).json().Status,
    ).toBe('Archived');
    // Archiving leaves the live roster alone.
    const after = await t.request('planner', {
      method: 'GET',
      url: `/api/shift-assignments?runId=${run.id}&pageSize=1`,
    });
    expect(after.json().total).toBe(result.proposed);
    // Later tests start from an empty live roster.
    await t.database.db.execute(sql`delete from shift_assignments where run_id = ${run.id}`);
  });

  const executedRun = async () => {
    const plan = await rampPlan();
    const run = (await create('planner', { planId: plan.id, from: plan.from, to: plan.to })).json<Run>();
    const executed = await act('planner', run.id, 'execute');
    expect(executed.statusCode, executed.body).toBe(200);
    return executed.json<Run>();
  };

  it('lets one of two concurrent executes win and answers the other 409', async () => {
    const plan = await rampPlan();
    const run = (await create('planner', { planId: plan.id, from: plan.from, to: plan.to })).json<Run>();
    const answers = await Promise.all([act('planner', run.id, 'execute'), act('planner', run.id, 'execute')]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
    const refused = answers.find((a) => a.statusCode === 409)!.json();
    expect(['RUN_EXECUTING', 'INVALID_STATE_TRANSITION']).toContain(refused.code);
    const after = (
      await t.request('planner', { method: 'GET', url: `/api/allocation-runs/${run.id}` })
    ).json<Run>();
    expect(after).toMatchObject({ Status: 'Executed', executions: 1 });
  });

  it('keeps a rerun stable when nothing changed, and from Reviewed goes back to Executed', async () => {
    const run = await executedRun();
    expect((await act('planner', run.id, 'review')).json().Status).toBe('Reviewed');
    const rerun = await act('planner', run.id, 'rerun');
    expect(rerun.statusCode, rerun.body).toBe(200);
    expect(rerun.json<Run>()).toMatchObject({ Status: 'Executed', executions: 2 });
    expect(rerun.json<Run>().result).toMatchObject({
      changedFromPrevious: 0,
      coverage: run.result!.coverage,
      proposed: run.result!.proposed,
    });
    expect((await act('planner', run.id, 'execute')).json().code).toBe('INVALID_STATE_TRANSITION');
  });

  it('tells when its plan changed after the last execution, until a rerun', async () => {
    const run = await executedRun();
    expect(run).toMatchObject({ planChangedSinceRun: false });
    const read = () => t.request('planner', { method: 'GET', url: `/api/allocation-runs/${run.id}` });
    expect((await read()).json()).toMatchObject({ planChangedSinceRun: false });
    const plan = (
      await t.request('planner', { method: 'GET', url: `/api/demand/plans/${run.plan.id}` })
    ).json();
    const edited = await t.request('planner', {
      method: 'PATCH',
      url: `/api/demand/plans/${plan.id}`,
      headers: { 'if-match': `"${plan.version}"` },
      payload: { name: plan.name },
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect((await read()).json()).toMatchObject({ planChangedSinceRun: true });
    const listed = await t.request('planner', { method: 'GET', url: '/api/allocation-runs?pageSize=100' });
    expect(listed.json().items.find((item: Run) => item.id === run.id)).toMatchObject({
      planChangedSinceRun: true,
    });
    const rerun = await act('planner', run.id, 'rerun');
    expect(rerun.statusCode, rerun.body).toBe(200);
    expect(rerun.json()).toMatchObject({ planChangedSinceRun: false });
  });

  it('refuses to lock when a proposed pair now breaks a rule against the live roster, and writes nothing', async () => {
    const run = await executedRun();
    expect((await act('planner', run.id, 'review')).statusCode).toBe(200);
    const line = (
      await t.request('sysadmin', {
        method: 'GET',
        url: `/api/allocation-runs/${run.id}/candidates?pageSize=500`,
      })
    )
      .json<{
        items: {
          line: { id: string; date: string };
          candidates: { employee: { id: string }; assigned: boolean }[];
        }[];
      }>()
      .items.find((item) => item.candidates.some((c) => c.assigned))!;
    const chosen = line.candidates.find((c) => c.assigned)!.employee.id;
    const [night] = await queryRows<{ id: string }>(
      t.database.db,
      sql`select t.id from shift_templates t join business_units b on b.id = t.bu_id where t.code = 'NIGHT' and b.code = 'MAIN'`,
    );
    const [terminal] = await queryRows<{ id: string }>(
      t.database.db,
      sql`select x.id from terminals x join business_units b on b.id = x.bu_id where x.code = 'T3' and b.code = 'MAIN'`,
    );
    // By hand, meanwhile: the same employee, the same day, another shift.
    await t.database.db.execute(
      sql`insert into shift_assignments (bu_id, employee_id, date, shift_template_id, terminal_id, source)
          select bu_id, id, ${line.line.date}::date, ${night!.id}, ${terminal!.id}, 'Manual' from employees where id = ${chosen}`,
    );
    const refused = await act('planner', run.id, 'lock');
    expect(refused.statusCode).toBe(409);
    expect(refused.json().code).toBe('LOCK_CONFLICTS');
    expect(refused.json().conflicts).toContainEqual(
      expect.objectContaining({ employeeId: chosen, demandLineId: line.line.id, rule: 'ALREADY_ASSIGNED' }),
    );
    const written = await t.request('planner', {
      method: 'GET',
      url: `/api/shift-assignments?runId=${run.id}`,
    });
    expect(written.json().total).toBe(0);
    expect(
      (await t.request('planner', { method: 'GET', url: `/api/allocation-runs/${run.id}` })).json().Status,
    ).toBe('Reviewed');
    await t.database.db.execute(
      sql`delete from shift_assignments where employee_id = ${chosen} and run_id is null`,
    );
  });

  it('ranks candidates per line and explains ineligibility to SYS_ADMIN only', async () => {
    const run = await executedRun();
    const all = await t.request('planner', {
      method: 'GET',
      url: `/api/allocation-runs/${run.id}/candidates?pageSize=5&perLine=3`,
    });
    expect(all.statusCode, all.body).toBe(200);
    const first = all.json().items[0];
    expect(all.json().total).toBeGreaterThan(5);
    expect(first.candidates.length).toBeLessThanOrEqual(3);
    expect(first.candidateCount).toBeGreaterThanOrEqual(first.candidates.length);
    const lineId = first.line.id as string;
    const ranked = await t.request('planner', {
      method: 'GET',
      url: `/api/allocation-runs/${run.id}/candidates/${lineId}?pageSize=500`,
    });
    const candidates = ranked.json().items as {
      rank: number;
      assigned: boolean;
      lent: number;
      employee: { id: string };
    }[];
    expect(candidates.map((c) => c.rank)).toEqual(candidates.map((_, i) => i + 1));
    expect(candidates.filter((c) => c.assigned)).toHaveLength(first.assigned);

    const debug = `/api/allocation-runs/${run.id}/candidates/${lineId}/ineligible?pageSize=500`;
    expect((await t.request('planner', { method: 'GET', url: debug })).statusCode).toBe(403);
    const ineligible = await t.request('sysadmin', { method: 'GET', url: debug });
    expect(ineligible.statusCode).toBe(200);
    const entries = ineligible.json().items as { employee: { id: string }; reasons: string[] }[];
    expect(entries.length).toBeGreaterThan(0);
    const eligible = new Set(candidates.map((c) => c.employee.id));
    for (const entry of entries) {
      expect(entry.reasons.length).toBeGreaterThan(0);
      expect(eligible.has(entry.employee.id)).toBe(false);
    }
    const unknown = await t.request('planner', {
      method: 'GET',
      url: `/api/allocation-runs/${run.id}/candidates/00000000-0000-4000-8000-000000000000`,
    });
    expect(unknown.statusCode).toBe(404);
    const plan = await rampPlan();
    const draft = (await create('planner', { planId: plan.id, from: plan.from, to: plan.to })).json<Run>();
    const early = await t.request('planner', {
      method: 'GET',
      url: `/api/allocation-runs/${draft.id}/candidates`,
    });
    expect(early.json().code).toBe('RUN_NOT_EXECUTED');
  });

  it('reads approved leave: the employee is ON_LEAVE for the next run', async () => {
    const plan = await rampPlan();
    const [me] = await queryRows<{ id: string }>(
      t.database.db,
      sql`select employee_id as id from users where username = 'employee'`,
    );
    const submitted = await t.request('hradmin', {
      method: 'POST',
      url: '/api/leave-requests',
      payload: { employeeId: me!.id, from: plan.from, to: plan.from },
    });
    expect(submitted.statusCode, submitted.body).toBe(201);
    const id = submitted.json().id;
    expect(
      (await t.request('manager', { method: 'PATCH', url: `/api/leave-requests/${id}/approve`, payload: {} }))
        .statusCode,
    ).toBe(200);
    expect(
      (
        await t.request('sysadmin', {
          method: 'PATCH',
          url: `/api/leave-requests/${id}/approve`,
          payload: {},
        })
      ).json().Status,
    ).toBe('Approved');
    const run = await executedRun();
    const lines = await t.request('planner', {
      method: 'GET',
      url: `/api/allocation-runs/${run.id}/candidates?date=${plan.from}&perLine=0`,
    });
    const lineId = lines.json().items[0].line.id;
    const ineligible = await t.request('sysadmin', {
      method: 'GET',
      url: `/api/allocation-runs/${run.id}/candidates/${lineId}/ineligible?pageSize=500`,
    });
    expect(ineligible.json().items).toContainEqual(
      expect.objectContaining({
        employee: expect.objectContaining({ id: me!.id }),
        reasons: expect.arrayContaining(['ON_LEAVE']),
      }),
    );
  });

  it('refuses bad runs: unknown plan, reversed or outside period, and other transitions', async () => {
    const plan = await rampPlan();
    const unknown = await create('planner', {
      planId: '00000000-0000-4000-8000-000000000000',
      from: plan.from,
      to: plan.to,
    });
    expect(unknown.json().code).toBe('DEMAND_PLAN_UNKNOWN');
    expect((await create('planner', { planId: plan.id, from: plan.to, to: plan.from })).json().code).toBe(
      'INVALID_DATE_RANGE',
    );
    expect(
      (await create('planner', { planId: plan.id, from: plan.from, to: '2099-01-01' })).json().code,
    ).toBe('PERIOD_OUTSIDE_PLAN');
    const draft = (await create('planner', { planId: plan.id, from: plan.from, to: plan.from })).json<Run>();
    for (const action of ['rerun', 'review', 'lock']) {
      const refused = await act('planner', draft.id, action);
      expect(refused.statusCode).toBe(409);
      expect(refused.json()).toMatchObject({ code: 'INVALID_STATE_TRANSITION', state: 'Draft' });
    }
    expect(
      (await t.request('planner', { method: 'DELETE', url: `/api/demand/plans/${plan.id}` })).json().code,
    ).toBe('DEMAND_PLAN_IN_USE');
    expect(
      (await t.request('planner', { method: 'DELETE', url: `/api/allocation-runs/${draft.id}` })).statusCode,
    ).toBe(204);
    const again = await t.request('planner', { method: 'DELETE', url: `/api/allocation-runs/${draft.id}` });
    expect(again.json().code).toBe('INVALID_STATE_TRANSITION');
    expect((await act('planner', draft.id, 'execute')).json().code).toBe('INVALID_STATE_TRANSITION');
  });

  it('keeps runs within the unit and the caller’s scope', async () => {
    const run = await executedRun();
    expect(
      (await t.request('north.admin', { method: 'GET', url: `/api/allocation-runs/${run.id}` })).statusCode,
    ).toBe(404);
    const northList = await t.request('north.admin', { method: 'GET', url: '/api/allocation-runs' });
    expect(northList.json().total).toBe(0);
    expect((await act('north.admin', run.id, 'review')).statusCode).toBe(404);
    expect((await t.request('employee', { method: 'GET', url: '/api/allocation-runs' })).statusCode).toBe(
      403,
    );
    expect((await act('manager', run.id, 'execute')).statusCode).toBe(403);
    const listed = await t.request('coo', {
      method: 'GET',
      url: `/api/allocation-runs?status=Executed&planId=${run.plan.id}`,
    });
    expect(listed.json().items.map((r: Run) => r.id)).toContain(run.id);
  });

  it('sees live work just after the period: a night on the last day against a morning the day after', async () => {
    const plan = await rampPlan();
    const to = addDays(plan.from, 1);
    const run = (await create('planner', { planId: plan.id, from: plan.from, to })).json<Run>();
    expect((await act('planner', run.id, 'execute')).statusCode).toBe(200);
    expect((await act('planner', run.id, 'review')).statusCode).toBe(200);
    const lines = await t.request('planner', {
      method: 'GET',
      url: `/api/allocation-runs/${run.id}/candidates?date=${to}&perLine=100`,
    });
    const night = lines
      .json<{
        items: {
          line: { shiftTemplateCode: string };
          candidates: { assigned: boolean; employee: { id: string } }[];
        }[];
      }>()
      .items.find(
        (item) => item.line.shiftTemplateCode === 'NIGHT' && item.candidates.some((c) => c.assigned),
      )!;
    const worker = night.candidates.find((c) => c.assigned)!.employee.id;
    await t.database.db.execute(sql`
      insert into shift_assignments (bu_id, employee_id, date, shift_template_id, terminal_id, source)
      select e.bu_id, e.id, ${addDays(to, 1)}::date, t.id, x.id, 'Manual'
        from employees e join shift_templates t on t.bu_id = e.bu_id and t.code = 'MORNING'
        join terminals x on x.bu_id = e.bu_id and x.code = 'T1' where e.id = ${worker}`);
    const refused = await act('planner', run.id, 'lock');
    expect(refused.statusCode).toBe(409);
    expect(refused.json().conflicts).toContainEqual(
      expect.objectContaining({ employeeId: worker, rule: 'REST_TOO_SHORT' }),
    );
    // A rerun plans around it, and then the lock goes through.
    expect((await act('planner', run.id, 'rerun')).statusCode).toBe(200);
    expect((await act('planner', run.id, 'review')).statusCode).toBe(200);
    const locked = await act('planner', run.id, 'lock');
    expect(locked.statusCode, locked.body).toBe(200);
    await t.database.db.execute(
      sql`delete from shift_assignments where run_id = ${run.id} or employee_id = ${worker}`,
    );
  });
});
