import { sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { validateInstance } from '../../src/modules/allocation/engine/index.ts';
import { buildSnapshot } from '../../src/modules/allocation/snapshot.ts';
import { planLines } from '../../src/modules/allocation/snapshot-queries.ts';
import { describeEachDatabase, type TestContext } from '../helpers/app.ts';

async function rows<T>(t: TestContext, query: ReturnType<typeof sql>): Promise<T[]> {
  return ((await t.database.db.execute(query)) as unknown as { rows: T[] }).rows;
}

interface Plan {
  id: string;
  departmentId: string;
  from: string;
  to: string;
}

interface Run {
  id: string;
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
  const act = (username: string, id: string, action: string) =>
    t.request(username, { method: 'POST', url: `/api/allocation-runs/${id}/${action}` });
  const create = (username: string, payload: Record<string, unknown>) =>
    t.request(username, { method: 'POST', url: '/api/allocation-runs', payload });

  it('builds a snapshot of the demo plan that the engine accepts', async () => {
    const plan = await rampPlan();
    const [unit] = await rows<{ id: string }>(t, sql`select id from business_units where code = 'MAIN'`);
    const instance = await buildSnapshot(t.database.db, {
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
  });
});
