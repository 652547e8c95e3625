import { expect, it } from 'vitest';
import { describeEachDatabase } from '../helpers/app.ts';

interface OwnLine {
  date: string;
  rosterVersion: number;
}

/**
 * A planner's, a manager's and an employee's fortnight, as the issue that reshaped the roster's life told
 * it: publish, approve, leave at both steps with conflicts, gaps covered in one call each, republish with
 * its change list, a rejected later version and the employee reading the previous one.
 */
describeEachDatabase("a roster's fortnight", (t) => {
  const get = (username: string, url: string) => t.request(username, { method: 'GET', url });
  const post = (username: string, url: string, payload: object = {}) =>
    t.request(username, { method: 'POST', url, payload, headers: { prefer: 'wait=120' } });
  const patch = (username: string, url: string, payload: object = {}) =>
    t.request(username, { method: 'PATCH', url, payload });

  it('publishes, approves, takes leave off the roster, covers the gaps, republishes and falls back on reject', async () => {
    const plan = (await get('planner', '/api/demand/plans'))
      .json()
      .items.find((p: { name: string }) => p.name.startsWith('Ramp'));
    const run = (
      await post('planner', '/api/allocation-runs', { planId: plan.id, from: plan.from, to: plan.to })
    ).json();
    expect((await post('planner', `/api/allocation-runs/${run.id}/execute`)).statusCode).toBe(200);
    expect(
      (await post('planner', `/api/allocation-runs/${run.id}/review`, { comment: 'Fortnight checked' }))
        .statusCode,
    ).toBe(200);
    expect((await post('planner', `/api/allocation-runs/${run.id}/lock`)).statusCode).toBe(200);
    const v1 = (await post('planner', '/api/admin/roster/publish', { runId: run.id })).json();
    expect(v1.version).toBe(1);

    const [queued] = (await get('manager', '/api/admin/roster-approvals/pending')).json().items;
    expect(queued.rosterId).toBe(v1.id);
    expect((await post('manager', `/api/admin/roster-approvals/${queued.id}/approve`)).statusCode).toBe(200);

    const today = (await get('employee', '/api/me/profile')).json();
    const own = (await get('employee', `/api/me/roster?from=${plan.from}&to=${plan.to}`)).json()
      .lines as OwnLine[];
    const ahead = own.filter((line) => line.date > plan.from).slice(0, 2);
    expect(ahead.length, 'the demo employee works at least twice in the fortnight').toBe(2);
    const leave = (
      await post('employee', '/api/leave-requests', {
        from: ahead[0]!.date,
        to: ahead[1]!.date,
        comment: 'Wedding',
      })
    ).json();
    const step1 = (await patch('supervisor', `/api/leave-requests/${leave.id}/approve`)).json();
    expect(step1.Status).toBe('ManagerApproved');
    expect(step1.conflicts.map((c: { date: string }) => c.date)).toEqual(
      expect.arrayContaining(ahead.map((l) => l.date)),
    );
    const step2 = (await patch('hradmin', `/api/leave-requests/${leave.id}/approve`)).json();
    expect(step2.Status).toBe('Approved');
    expect(step2.removedAssignments).toHaveLength(step1.conflicts.length);

    const gapsUrl = `/api/roster/gaps?departmentId=${plan.departmentId}&from=${ahead[0]!.date}&to=${ahead[1]!.date}&pageSize=500`;
    const removedLines = new Set(
      step2.removedAssignments.map((a: { assignmentId: string }) => a.assignmentId),
    );
    const gaps = (await get('planner', gapsUrl)).json().items as {
      demandLineId: string;
      date: string;
      openBecause: { candidates: number; reasons: Record<string, number> };
    }[];
    // Every gap says why it is open: who could cover it, or the rules that keep everyone off.
    expect(gaps.length).toBeGreaterThan(0);
    for (const gap of gaps) {
      expect(gap.openBecause.candidates > 0 || Object.keys(gap.openBecause.reasons).length > 0).toBe(true);
    }
    // The demo ramp is staffed almost to the last person: HR lets cargo lend more staff that week.
    const [rule] = (await get('hradmin', '/api/pool-lending-rules')).json().items;
    const raised = await t.request('hradmin', {
      method: 'PATCH',
      url: `/api/pool-lending-rules/${rule.id}`,
      headers: { 'if-match': `"${rule.version}"` },
      payload: { maxPerDay: 6 },
    });
    expect(raised.statusCode, raised.body).toBe(200);
    // Covering one gap can take its person off another (same day, rest), so the gaps are read again each time.
    const coverable = async () =>
      ((await get('planner', gapsUrl)).json().items as typeof gaps).filter(
        (gap) => gap.openBecause.candidates > 0,
      );
    let next = await coverable();
    expect(next.length).toBeGreaterThan(0);
    for (let covers = 0; next.length > 0; covers += 1) {
      expect(covers).toBeLessThan(gaps.length);
      const gap = next[0]!;
      const [best] = (
        await get('planner', `/api/roster/gaps/${gap.demandLineId}/candidates?pageSize=1`)
      ).json().items;
      // A gap that counts candidates lists them.
      expect(best).toBeDefined();
      const covered = await post('planner', `/api/employees/${best.employee.id}/shift-assignments`, {
        date: gap.date,
        demandLineId: gap.demandLineId,
      });
      expect(covered.statusCode, covered.body).toBe(201);
      next = await coverable();
    }
    const left = (await get('planner', gapsUrl)).json().items as typeof gaps;
    expect(left.every((gap) => gap.openBecause.candidates === 0)).toBe(true);
    expect(removedLines.size).toBe(step2.removedAssignments.length);

    const v2 = await post('planner', '/api/admin/roster/republish', {
      runId: run.id,
      reason: 'Leave of the employee',
    });
    expect(v2.statusCode, v2.body).toBe(201);
    const changes = v2.json().changes;
    expect(changes.removed.map((c: { employeeId: string; date: string }) => c.date)).toEqual(
      expect.arrayContaining(ahead.map((l) => l.date)),
    );
    expect(changes.added.length + changes.moved.length).toBeGreaterThan(0);
    expect(
      (await get('employee', `/api/me/roster?from=${ahead[0]!.date}&to=${ahead[1]!.date}`)).json().lines,
    ).toEqual([]);

    const [second] = (await get('manager', '/api/admin/roster-approvals/pending')).json().items;
    expect(second).toMatchObject({ rosterId: v2.json().id, version: 2, previousVersion: 1 });
    expect(second.changes).toEqual(changes);
    const rejected = await post('manager', `/api/admin/roster-approvals/${second.id}/reject`, {
      comment: 'Use the cargo team, not overtime',
    });
    expect(rejected.json().approval.status).toBe('Rejected');
    const fallback = (
      await get('employee', `/api/me/roster?from=${ahead[0]!.date}&to=${ahead[1]!.date}`)
    ).json().lines as OwnLine[];
    expect(fallback.map((line) => [line.date, line.rosterVersion])).toEqual(
      ahead.map((line) => [line.date, 1]),
    );
    expect(today.username).toBe('employee');
  });
});
