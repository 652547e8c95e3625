import { expect, it } from 'vitest';
import { addDays } from '../../src/core/time/dates.ts';
import { describeEachDatabase } from '../helpers/app.ts';

interface Gap {
  demandLineId: string;
  date: string;
  shift: { code: string; start: string };
  terminal: { code: string };
  required: number;
  assigned: number;
  missing: number;
  openBecause: { candidates: number; reasons: Record<string, number> };
}

describeEachDatabase('gaps of the live roster and covering them', (t) => {
  const get = (username: string, url: string) => t.request(username, { method: 'GET', url });
  let plan: { id: string; from: string; to: string; departmentId: string };
  let gapsUrl: string;

  it('lists every required head no live assignment covers, in roster order, with why it is open', async () => {
    plan = (await get('planner', '/api/demand/plans'))
      .json()
      .items.find((p: { name: string }) => p.name.startsWith('Ramp'));
    gapsUrl = `/api/roster/gaps?departmentId=${plan.departmentId}&from=${plan.from}&to=${addDays(plan.from, 2)}&pageSize=500`;
    const before = await get('planner', gapsUrl);
    expect(before.statusCode, before.body).toBe(200);
    const page = before.json();
    expect(page.total).toBeGreaterThan(0);
    const items = page.items as Gap[];
    expect(page.missingHeads).toBe(items.reduce((sum, gap) => sum + gap.missing, 0));
    const keys = items.map((gap) => `${gap.date} ${gap.shift.start} ${gap.terminal.code}`);
    expect(keys).toEqual([...keys].sort());
    for (const gap of items) {
      expect(gap.missing).toBe(gap.required - gap.assigned);
      expect(gap.openBecause.candidates).toBeGreaterThanOrEqual(0);
    }
    expect(items.some((gap) => gap.openBecause.candidates > 0)).toBe(true);

    const run = (
      await t.request('planner', {
        method: 'POST',
        url: '/api/allocation-runs',
        payload: { planId: plan.id, from: plan.from, to: addDays(plan.from, 2) },
      })
    ).json();
    for (const action of ['execute', 'review', 'lock']) {
      const step = await t.request('planner', {
        method: 'POST',
        url: `/api/allocation-runs/${run.id}/${action}`,
        headers: { prefer: 'wait=120' },
      });
      expect(step.statusCode, step.body).toBe(200);
    }
    const after = (await get('planner', gapsUrl)).json();
    const result = (await get('planner', `/api/allocation-runs/${run.id}`)).json().result;
    expect(after.missingHeads).toBe(result.coverage.required - result.coverage.assigned);
    // What is still open is open because nobody may work it: no candidates left.
    expect((after.items as Gap[]).every((gap) => gap.openBecause.candidates === 0)).toBe(true);
  });

  it('opens a gap when an assignment is removed, ranks who can cover it, and covers it in one call', async () => {
    const live = (
      await get(
        'planner',
        `/api/shift-assignments?departmentId=${plan.departmentId}&from=${plan.from}&to=${plan.from}&pageSize=1`,
      )
    ).json().items[0];
    expect(
      (await t.request('planner', { method: 'DELETE', url: `/api/shift-assignments/${live.id}` })).statusCode,
    ).toBe(204);
    const gap = ((await get('planner', gapsUrl)).json().items as Gap[]).find(
      (item) => item.demandLineId === live.demandLineId,
    );
    expect(gap).toMatchObject({ date: live.date, missing: 1 });
    expect(gap!.openBecause.candidates).toBeGreaterThan(0);

    const candidates = await get('planner', `/api/roster/gaps/${live.demandLineId}/candidates`);
    expect(candidates.statusCode, candidates.body).toBe(200);
    const ranked = candidates.json().items as { rank: number; employee: { id: string }; lent: number }[];
    expect(ranked.map((candidate) => candidate.rank)).toEqual(ranked.map((_, index) => index + 1));
    expect(candidates.json().total).toBe(gap!.openBecause.candidates);
    const covered = await t.request('planner', {
      method: 'POST',
      url: `/api/employees/${ranked[0]!.employee.id}/shift-assignments`,
      payload: { date: live.date, demandLineId: live.demandLineId },
    });
    expect(covered.statusCode, covered.body).toBe(201);
    const still = ((await get('planner', gapsUrl)).json().items as Gap[]).find(
      (item) => item.demandLineId === live.demandLineId,
    );
    expect(still).toBeUndefined();
    expect((await get('employee', `/api/roster/gaps/${live.demandLineId}/candidates`)).statusCode).toBe(403);
    expect((await get('north.admin', `/api/roster/gaps/${live.demandLineId}/candidates`)).statusCode).toBe(
      404,
    );
  });

  it('shows the open gaps of the coming seven days on the dashboard', async () => {
    const summary = (await get('planner', '/api/dashboard/summary')).json();
    const week = (await get('planner', '/api/roster/gaps?pageSize=1')).json();
    expect(summary.openGapsComingWeek.missingHeads).toBe(week.missingHeads);
    expect(summary.openGapsComingWeek.byDate.length).toBeGreaterThan(0);
    const hr = (await get('hrdirector', '/api/dashboard/summary')).json();
    expect(hr.openGapsComingWeek).not.toBeUndefined();
  });
});
