import { expect, it } from 'vitest';
import { describeEachDatabase, type TestContext } from '../helpers/app.ts';

interface Run {
  id: string;
  Status: string;
  options: { exactWindows?: boolean };
  result: {
    coverage: { required: number; assigned: number };
    search?: {
      stoppedBy: string;
      exactWindows?: {
        solved: number;
        improved: number;
        refused: number;
        gained: number;
        cutByClock: number;
      };
    };
  } | null;
}

const rampPlan = async (t: TestContext) =>
  (await t.request('planner', { method: 'GET', url: '/api/demand/plans' }))
    .json()
    .items.find((plan: { name: string }) => plan.name.startsWith('Ramp'));

describeEachDatabase('exact windows in an allocation run', (t) => {
  const executed = async (options?: Run['options']) => {
    const plan = await rampPlan(t);
    const created = await t.request('planner', {
      method: 'POST',
      url: '/api/allocation-runs',
      payload: { planId: plan.id, from: plan.from, to: plan.to, ...(options ? { options } : {}) },
    });
    expect(created.statusCode, created.body).toBe(201);
    const { id } = created.json<Run>();
    const answer = await t.request('planner', {
      method: 'POST',
      url: `/api/allocation-runs/${id}/execute`,
      headers: { prefer: 'wait=120' },
    });
    expect(answer.statusCode, answer.body).toBe(200);
    return answer.json<Run>();
  };

  it('runs them when asked, says what they did, and never covers less than the search alone', async () => {
    const plain = await executed();
    expect(plain.Status).toBe('Executed');
    expect(plain.result!.search!.exactWindows).toBeUndefined();

    const exact = await executed({ exactWindows: true });
    expect(exact.Status).toBe('Executed');
    expect(exact.options).toEqual({ exactWindows: true });
    const report = exact.result!.search!.exactWindows!;
    expect(report).toEqual({
      solved: expect.any(Number),
      improved: expect.any(Number),
      refused: 0,
      gained: expect.any(Number),
      cutByClock: expect.any(Number),
    });
    expect(report.improved).toBeLessThanOrEqual(report.solved);
    expect(exact.result!.coverage.assigned).toBeGreaterThanOrEqual(plain.result!.coverage.assigned);
  });

  it('refuses an option that is not a yes or no', async () => {
    const plan = await rampPlan(t);
    const refused = await t.request('planner', {
      method: 'POST',
      url: '/api/allocation-runs',
      payload: { planId: plan.id, from: plan.from, to: plan.to, options: { exactWindows: 'please' } },
    });
    expect(refused.statusCode).toBe(400);
  });
});
