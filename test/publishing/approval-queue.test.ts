import { expect, it } from 'vitest';
import { addDays } from '../../src/core/time/dates.ts';
import { describeEachDatabase } from '../helpers/app.ts';

interface QueueItem {
  id: string;
  rosterId: string;
  version: number;
  department: { code: string; Name_1_English: string };
  publishedBy: { displayName: string };
  coverage: { required: number; assigned: number };
  previousVersion: number | null;
  changes: { added: unknown[]; removed: { employeeId: string; date: string }[]; moved: unknown[] } | null;
}

describeEachDatabase('the roster approval queue and what a decision does', (t) => {
  const post = (username: string, url: string, payload: object = {}) =>
    t.request(username, { method: 'POST', url, payload });
  const get = (username: string, url: string) => t.request(username, { method: 'GET', url });
  const del = (username: string, url: string) => t.request(username, { method: 'DELETE', url });

  const lockedRun = async (firstDay: number, days: number) => {
    const plan = (await get('planner', '/api/demand/plans'))
      .json()
      .items.find((p: { name: string }) => p.name.startsWith('Ramp'));
    const from = addDays(plan.from, firstDay);
    const run = (
      await post('planner', '/api/allocation-runs', { planId: plan.id, from, to: addDays(from, days - 1) })
    ).json();
    for (const action of ['execute', 'review', 'lock']) {
      const response = await t.request('planner', {
        method: 'POST',
        url: `/api/allocation-runs/${run.id}/${action}`,
        headers: { prefer: 'wait=120' },
      });
      expect(response.statusCode, response.body).toBe(200);
    }
    return { id: run.id as string, from, to: addDays(from, days - 1) };
  };
  const pending = async (username: string) =>
    (await get(username, '/api/admin/roster-approvals/pending')).json().items as QueueItem[];

  let runA: { id: string; from: string; to: string };
  let runB: { id: string; from: string; to: string };
  let byManager: string;
  let byPlanner: string;

  it('lists and counts only what the caller may decide, never their own publication', async () => {
    runA = await lockedRun(0, 7);
    runB = await lockedRun(7, 3);
    byManager = (await post('manager', '/api/admin/roster/publish', { runId: runA.id })).json().id;
    byPlanner = (await post('planner', '/api/admin/roster/publish', { runId: runB.id })).json().id;

    const managers = await pending('manager');
    expect(managers.map((item) => item.rosterId)).toEqual([byPlanner]);
    expect((await get('manager', '/api/admin/roster-approvals/pending/count')).json().count).toBe(1);
    const admins = await pending('sysadmin');
    expect(admins.map((item) => item.rosterId).sort()).toEqual([byManager, byPlanner].sort());
    expect((await get('sysadmin', '/api/admin/roster-approvals/pending/count')).json().count).toBe(2);
  });

  it('describes each item with what a manager decides on, and approves by the id the queue shows', async () => {
    const [item] = await pending('manager');
    expect(item).toMatchObject({
      version: 1,
      department: { code: expect.any(String), Name_1_English: expect.any(String) },
      publishedBy: { displayName: expect.any(String) },
      previousVersion: null,
      changes: null,
    });
    expect(item!.coverage.required).toBeGreaterThan(0);
    expect(item!.coverage.assigned).toBeGreaterThan(0);
    expect(item!.coverage.assigned).toBeLessThanOrEqual(item!.coverage.required);
    expect(item!.id).not.toBe(item!.rosterId);
    const approved = await post('manager', `/api/admin/roster-approvals/${item!.id}/approve`, {});
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json()).toMatchObject({ id: byPlanner, approval: { id: item!.id, status: 'Approved' } });
    expect(await pending('manager')).toEqual([]);
  });

  it('shows a republished version with its changes, and a reject needs a comment and withdraws it', async () => {
    const own = { id: (await get('employee', '/api/me/profile')).json().employeeId as string };
    const mine = (
      await get('planner', `/api/shift-assignments?runId=${runA.id}&employeeId=${own.id}&pageSize=1`)
    ).json().items[0];
    expect(mine, 'the demo employee works in the first week').toBeDefined();
    const readOwn = async () =>
      (await get('employee', `/api/me/roster?from=${runA.from}&to=${runA.to}`)).json().lines as {
        date: string;
        rosterVersion: number;
      }[];
    expect((await readOwn()).some((line) => line.date === mine.date)).toBe(true);

    expect((await del('planner', `/api/shift-assignments/${mine.id}`)).statusCode).toBe(204);
    const v2 = await post('planner', '/api/admin/roster/republish', { runId: runA.id, reason: 'Sick' });
    expect(v2.statusCode, v2.body).toBe(201);
    expect((await readOwn()).some((line) => line.date === mine.date)).toBe(false);

    const [item] = (await pending('manager')).filter((entry) => entry.rosterId === v2.json().id);
    expect(item).toMatchObject({ version: 2, previousVersion: 1 });
    expect(item!.changes!.removed).toEqual([
      expect.objectContaining({ employeeId: own.id, date: mine.date }),
    ]);

    const bare = await post('manager', `/api/admin/roster-approvals/${item!.id}/reject`, {});
    expect(bare.statusCode).toBe(422);
    expect(bare.json().code).toBe('COMMENT_REQUIRED');
    const blank = await post('manager', `/api/admin/roster-approvals/${item!.id}/reject`, { comment: '  ' });
    expect(blank.json().code).toBe('COMMENT_REQUIRED');
    const rejected = await post('manager', `/api/admin/roster-approvals/${item!.id}/reject`, {
      comment: 'The sick call was withdrawn',
    });
    expect(rejected.statusCode, rejected.body).toBe(200);
    expect(rejected.json()).toMatchObject({ current: false, approval: { status: 'Rejected' } });

    // Readers fall back to version 1, which waits for its own decision again.
    const lines = await readOwn();
    expect(lines.find((line) => line.date === mine.date)).toMatchObject({ rosterVersion: 1 });
    const versions = (await get('planner', `/api/admin/published-rosters?runId=${runA.id}`)).json().items;
    expect(versions.map((v: { version: number; current: boolean }) => [v.version, v.current])).toEqual([
      [2, false],
      [1, true],
    ]);
    expect((await pending('sysadmin')).map((entry) => entry.rosterId)).toEqual([byManager]);
  });
});
