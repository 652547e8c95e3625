import { sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { queryRows } from '../../src/core/db/database.ts';
import { addDays } from '../../src/core/time/dates.ts';
import { describeEachDatabase } from '../helpers/app.ts';

interface Published {
  id: string;
  version: number;
  Status: string;
  statusValue: number;
  current: boolean;
  lineCount: number;
  approval: { id: string; status: string };
  changes: {
    added: { employeeId: string; date: string }[];
    removed: { employeeId: string; date: string }[];
    moved: { employeeId: string; date: string }[];
  } | null;
}

describeEachDatabase('publishing and approvals', (t) => {
  const post = (username: string, url: string, payload: object = {}) =>
    t.request(username, { method: 'POST', url, payload });
  const get = (username: string, url: string) => t.request(username, { method: 'GET', url });

  /** A locked run over part of the demo ramp plan. */
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
    return (await get('planner', `/api/allocation-runs/${run.id}`)).json() as {
      id: string;
      lockedAssignments: number;
      from: string;
    };
  };
  let first: { id: string; lockedAssignments: number; from: string };

  it('publishes a locked run as version 1, queues it for approval and lets a manager approve it', async () => {
    first = await lockedRun(0, 5);
    // The preview the planner confirms lists every line version 1 will hold, lent staff included.
    const lent = await queryRows<{ n: number }>(
      t.database.db,
      sql`select count(*)::int as n from shift_assignments a join employees e on e.id = a.employee_id
           join allocation_runs r on r.id = a.run_id where r.id = ${first.id} and e.department_id <> r.department_id`,
    );
    expect(lent[0]!.n).toBeGreaterThan(0);
    const preview = await get('planner', `/api/admin/roster/publication-preview?runId=${first.id}`);
    expect(preview.statusCode, preview.body).toBe(200);
    expect(preview.json()).toMatchObject({ version: 1, standing: null, lineCount: first.lockedAssignments });
    expect(preview.json().changes.added).toHaveLength(first.lockedAssignments);
    const published = await post('planner', '/api/admin/roster/publish', { runId: first.id });
    expect(published.statusCode, published.body).toBe(201);
    const roster = published.json<Published>();
    expect(published.headers.location).toBe(`/api/admin/published-rosters/${roster.id}`);
    expect(roster).toMatchObject({
      version: 1,
      Status: 'Published',
      statusValue: 2,
      current: true,
      lineCount: first.lockedAssignments,
      approval: { status: 'Pending' },
      changes: null,
    });
    expect((await get('manager', '/api/admin/roster-approvals/pending/count')).json().count).toBe(1);
    const pending = (await get('manager', '/api/admin/roster-approvals/pending')).json();
    expect(pending.items.map((item: { id: string; rosterId: string }) => [item.id, item.rosterId])).toEqual([
      [roster.approval.id, roster.id],
    ]);
    const detail = (await get('supervisor', `/api/admin/published-rosters/${roster.id}`)).json();
    expect(detail.lines).toHaveLength(first.lockedAssignments);
    expect(detail.lines[0]).toMatchObject({
      shift: { code: expect.any(String) },
      terminal: { code: expect.any(String) },
    });

    const again = await post('planner', '/api/admin/roster/publish', { runId: first.id });
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('ALREADY_PUBLISHED');

    const approved = await post('manager', `/api/admin/roster-approvals/${roster.approval.id}/approve`, {
      comment: 'موافق',
    });
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json()).toMatchObject({
      Status: 'Published',
      approval: { status: 'Approved', comment: 'موافق' },
    });
    const twice = await post('sysadmin', `/api/admin/roster-approvals/${roster.approval.id}/reject`, {
      comment: 'no',
    });
    expect(twice.json().code).toBe('APPROVAL_ALREADY_DECIDED');
    expect((await get('manager', '/api/admin/roster-approvals/pending/count')).json().count).toBe(0);
  });

  it('lists per person what publishing the run would break or come near, before it is published', async () => {
    const url = `/api/admin/roster/publication-compliance?runId=${first.id}`;
    const clean = await get('planner', url);
    expect(clean.statusCode, clean.body).toBe(200);
    expect(clean.json()).toMatchObject({ runId: first.id, from: first.from, brokenCount: 0 });
    // A certification someone's work in the period needs ends on its second day.
    const [needed] = await queryRows<{ employeeId: string; code: string; id: string; expiresOn: string }>(
      t.database.db,
      sql`select a.employee_id as "employeeId", c.certification_code as code, c.id, c.expires_on::text as "expiresOn"
            from shift_assignments a
            join skill_certification_requirements r on r.skill_id = a.skill_id
            join certifications c on c.employee_id = a.employee_id and c.certification_code = r.certification_code
           where a.run_id = ${first.id} and c.status = 'Active' and c.expires_on > ${addDays(first.from, 10)}
           order by a.date desc limit 1`,
    );
    expect(needed, 'the demo ramp works a certified skill').toBeDefined();
    const second = addDays(first.from, 1);
    await t.database.db.execute(
      sql`update certifications set expires_on = ${second} where id = ${needed!.id}`,
    );
    try {
      const answer = (await get('planner', url)).json();
      const person = answer.people.find(
        (p: { employee: { id: string } }) => p.employee.id === needed!.employeeId,
      );
      expect(person.warnings).toContainEqual(
        expect.objectContaining({
          rule: 'CERTIFICATION_EXPIRES',
          certification: needed!.code,
          validTo: second,
        }),
      );
      const after = person.warnings.find((w: { rule: string }) => w.rule === 'CERTIFICATION_EXPIRES').dates;
      // The shifts after its last day break the rule: the same days, named as broken.
      expect(after.length).toBeGreaterThan(0);
      expect(person.broken).toContainEqual({ rule: 'CERTIFICATION_EXPIRED', dates: after });
      expect(answer.brokenCount).toBeGreaterThan(0);
      expect(answer.warningCount).toBeGreaterThanOrEqual(person.warnings.length);
      // Only the planner who may publish reads it; an unlocked run has nothing to publish.
      expect((await get('employee', url)).statusCode).toBe(403);
    } finally {
      await t.database.db.execute(
        sql`update certifications set expires_on = ${needed!.expiresOn} where id = ${needed!.id}`,
      );
    }
  });

  it('shows an employee only their own lines of the latest published roster', async () => {
    const own = await get('employee', `/api/me/roster?from=${first.from}&to=${addDays(first.from, 4)}`);
    expect(own.statusCode).toBe(200);
    const [me] = await queryRows<{ id: string }>(
      t.database.db,
      sql`select employee_id as id from users where username = 'employee'`,
    );
    const lines = own.json().lines as { employee: { id: string }; rosterVersion: number }[];
    expect(lines.every((line) => line.employee.id === me!.id)).toBe(true);
    const [{ n }] = (await queryRows<{ n: number }>(
      t.database.db,
      sql`select count(*)::int as n from shift_assignments where employee_id = ${me!.id} and run_id = ${first.id}`,
    )) as [{ n: number }];
    expect(lines).toHaveLength(n);
    expect((await get('employee', '/api/me/roster?from=2031-02-01&to=2031-01-01')).json().code).toBe(
      'INVALID_DATE_RANGE',
    );
  });

  it('republishes after a correction with the change list, superseding version 1', async () => {
    const live = (await get('planner', `/api/shift-assignments?runId=${first.id}&pageSize=1`)).json()
      .items[0];
    expect(
      (await t.request('planner', { method: 'DELETE', url: `/api/shift-assignments/${live.id}` })).statusCode,
    ).toBe(204);
    const refused = await post('planner', '/api/admin/roster/republish', { runId: first.id, reason: ' ' });
    expect(refused.statusCode).toBe(400);
    const preview = (await get('planner', `/api/admin/roster/publication-preview?runId=${first.id}`)).json();
    const republished = await post('planner', '/api/admin/roster/republish', {
      runId: first.id,
      reason: 'Sick call on the first day',
    });
    expect(republished.statusCode, republished.body).toBe(201);
    const second = republished.json<Published>();
    expect(second).toMatchObject({ version: 2, current: true, lineCount: first.lockedAssignments - 1 });
    expect(second.changes).toEqual({
      added: [],
      moved: [],
      removed: [expect.objectContaining({ employeeId: live.employee.id, date: live.date })],
    });
    expect(preview).toMatchObject({ version: 2, standing: { version: 1 }, lineCount: second.lineCount });
    expect(preview.changes).toEqual(second.changes);
    const list = (await get('planner', `/api/admin/published-rosters?runId=${first.id}`)).json();
    expect(list.items.map((item: Published) => [item.version, item.current])).toEqual([
      [2, true],
      [1, false],
    ]);
    const current = (
      await get('planner', `/api/admin/published-rosters?runId=${first.id}&currentOnly=true`)
    ).json();
    expect(current.total).toBe(1);
  });

  it('refuses self-approval and a republish that changes nothing, and a superseded version’s approval closes by itself', async () => {
    const run = await lockedRun(5, 2);
    const v1 = (await post('manager', '/api/admin/roster/publish', { runId: run.id })).json<Published>();
    const self = await post('manager', `/api/admin/roster-approvals/${v1.approval.id}/approve`);
    expect(self.statusCode).toBe(422);
    expect(self.json().code).toBe('SAME_APPROVER');
    const unchanged = await post('planner', '/api/admin/roster/republish', {
      runId: run.id,
      reason: 'again',
    });
    expect(unchanged.statusCode).toBe(409);
    expect(unchanged.json()).toMatchObject({ code: 'NO_CHANGES', publishedRosterId: v1.id });
    const live = (await get('planner', `/api/shift-assignments?runId=${run.id}&pageSize=1`)).json().items[0];
    await t.request('planner', { method: 'DELETE', url: `/api/shift-assignments/${live.id}` });
    const v2 = await post('planner', '/api/admin/roster/republish', { runId: run.id, reason: 'again' });
    expect(v2.json().changes.removed).toHaveLength(1);
    const closed = await post('sysadmin', `/api/admin/roster-approvals/${v1.approval.id}/approve`);
    expect(closed.json().code).toBe('APPROVAL_ALREADY_DECIDED');
    expect((await get('sysadmin', `/api/admin/published-rosters/${v1.id}`)).json().approval.status).toBe(
      'Superseded',
    );
  });

  it('publishes exactly one version 1 when twenty publishes of one run arrive at once', async () => {
    const run = await lockedRun(7, 2);
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => post('planner', '/api/admin/roster/publish', { runId: run.id })),
    );
    expect(answers.filter((a) => a.statusCode === 201)).toHaveLength(1);
    expect(
      answers.filter((a) => a.statusCode === 409).every((a) => a.json().code === 'ALREADY_PUBLISHED'),
    ).toBe(true);
    const versions = await queryRows<{ n: number }>(
      t.database.db,
      sql`select count(*)::int as n from published_rosters where run_id = ${run.id}`,
    );
    expect(versions[0]!.n).toBe(1);
  });

  it('refuses to publish a run that is not locked', async () => {
    const plan = (await get('planner', '/api/demand/plans'))
      .json()
      .items.find((p: { name: string }) => p.name.startsWith('Ramp'));
    const run = (
      await post('planner', '/api/allocation-runs', { planId: plan.id, from: plan.from, to: plan.from })
    ).json();
    const refused = await post('planner', '/api/admin/roster/publish', { runId: run.id });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: 'RUN_NOT_LOCKED', state: 'Draft' });
    expect((await post('employee', '/api/admin/roster/publish', { runId: run.id })).statusCode).toBe(403);
    const preview = `/api/admin/roster/publication-preview?runId=`;
    expect((await get('planner', preview + run.id)).json()).toMatchObject({ code: 'RUN_NOT_LOCKED' });
    expect((await get('employee', preview + run.id)).statusCode).toBe(403);
    expect((await get('planner', `${preview}00000000-0000-4000-8000-000000000000`)).statusCode).toBe(404);
  });

  it('keeps published headers and lines immutable in the database itself', async () => {
    const [roster] = await queryRows<{ id: string }>(
      t.database.db,
      sql`select id from published_rosters limit 1`,
    );
    await expect(
      t.database.db.execute(sql`update published_rosters set reason = 'edited' where id = ${roster!.id}`),
    ).rejects.toThrow();
    await expect(
      t.database.db.execute(sql`delete from published_roster_lines where roster_id = ${roster!.id}`),
    ).rejects.toThrow();
    await expect(
      t.database.db.execute(sql`delete from published_rosters where id = ${roster!.id}`),
    ).rejects.toThrow();
    const [{ n }] = (await queryRows<{ n: number }>(
      t.database.db,
      sql`select count(*)::int as n from published_roster_lines where roster_id = ${roster!.id}`,
    )) as [{ n: number }];
    expect(n).toBeGreaterThan(0);
  });
});
