import { sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { queryRows } from '../../src/core/db/database.ts';
import { describeEachDatabase, type TestContext } from '../helpers/app.ts';

async function departmentId(t: TestContext, code: string, unit = 'MAIN') {
  const [row] = await queryRows<{ id: string }>(
    t.database.db,
    sql`select n.id from org_nodes n join business_units b on b.id = n.bu_id where n.code = ${code} and b.code = ${unit}`,
  );
  return row!.id;
}

interface Plan {
  id: string;
  version: number;
  Status: string;
  lines: {
    date: string;
    terminalCode: string;
    shiftTemplateCode: string;
    skillCode: string | null;
    required: number;
  }[];
  matrix: {
    dates: string[];
    cells: { date: string; terminalCode: string; shiftTemplateCode: string; required: number }[];
  };
  totals: {
    byDate: { date: string; required: number }[];
    byShift: { shiftTemplateCode: string; required: number }[];
    total: number;
  };
}

async function createPlan(
  t: TestContext,
  payload: { name?: string; department?: string; from: string; to: string },
  user = 'planner',
) {
  const response = await t.request(user, {
    method: 'POST',
    url: '/api/demand/plans',
    payload: {
      name: payload.name ?? 'Plan',
      departmentId: await departmentId(t, payload.department ?? 'RAMP'),
      from: payload.from,
      to: payload.to,
    },
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<Plan>();
}

const patch = (t: TestContext, id: string, payload: unknown, version?: number, user = 'planner') =>
  t.request(user, {
    method: 'PATCH',
    url: `/api/demand/plans/${id}`,
    headers: version === undefined ? {} : { 'if-match': `"${version}"` },
    payload: payload as Record<string, unknown>,
  });

describeEachDatabase('demand plans', (t) => {
  it('round-trips cells through the matrix, with totals per date and per shift', async () => {
    const plan = await createPlan(t, { from: '2027-03-01', to: '2027-03-03' });
    expect(plan).toMatchObject({ Status: 'Draft', lines: [], totals: { total: 0 } });
    expect(plan.matrix.dates).toEqual(['2027-03-01', '2027-03-02', '2027-03-03']);
    const cells = [
      { date: '2027-03-01', terminalCode: 'T1', shiftTemplateCode: 'MORNING', required: 3 },
      {
        date: '2027-03-01',
        terminalCode: 'T1',
        shiftTemplateCode: 'MORNING',
        skillCode: 'MARSHALLING',
        required: 2,
      },
      {
        date: '2027-03-02',
        terminalCode: 'T2',
        shiftTemplateCode: 'NIGHT',
        required: 4,
        reasonCode: 'PEAK_SEASON',
      },
    ];
    const updated = await patch(t, plan.id, { cells }, plan.version);
    expect(updated.statusCode, updated.body).toBe(200);
    const read = (
      await t.request('planner', { method: 'GET', url: `/api/demand/plans/${plan.id}` })
    ).json<Plan>();
    expect(read.version).toBe(plan.version + 1);
    expect(
      read.lines.map(({ date, terminalCode, shiftTemplateCode, skillCode, required }) => ({
        date,
        terminalCode,
        shiftTemplateCode,
        skillCode,
        required,
      })),
    ).toEqual([
      { date: '2027-03-01', terminalCode: 'T1', shiftTemplateCode: 'MORNING', skillCode: null, required: 3 },
      {
        date: '2027-03-01',
        terminalCode: 'T1',
        shiftTemplateCode: 'MORNING',
        skillCode: 'MARSHALLING',
        required: 2,
      },
      { date: '2027-03-02', terminalCode: 'T2', shiftTemplateCode: 'NIGHT', skillCode: null, required: 4 },
    ]);
    expect(read.matrix.cells).toEqual([
      { date: '2027-03-01', terminalCode: 'T1', shiftTemplateCode: 'MORNING', required: 5 },
      { date: '2027-03-02', terminalCode: 'T2', shiftTemplateCode: 'NIGHT', required: 4 },
    ]);
    expect(read.totals).toEqual({
      byDate: [
        { date: '2027-03-01', required: 5 },
        { date: '2027-03-02', required: 4 },
        { date: '2027-03-03', required: 0 },
      ],
      byShift: [
        { shiftTemplateCode: 'MORNING', required: 5 },
        { shiftTemplateCode: 'NIGHT', required: 4 },
      ],
      total: 9,
    });
    // Upsert changes a cell in place; required 0 removes one.
    const second = await patch(t, plan.id, {
      cells: [
        { date: '2027-03-01', terminalCode: 'T1', shiftTemplateCode: 'MORNING', required: 6 },
        { date: '2027-03-02', terminalCode: 'T2', shiftTemplateCode: 'NIGHT', required: 0 },
      ],
    });
    expect(second.statusCode).toBe(200);
    expect(second.json().lines.map((l: { required: number }) => l.required)).toEqual([6, 2]);
    expect(second.json().totals.total).toBe(8);
  });

  it('refuses cells naming unknown lookups or dates outside the period, listing each offender', async () => {
    const plan = await createPlan(t, { from: '2027-04-01', to: '2027-04-07' });
    const response = await patch(t, plan.id, {
      cells: [
        { date: '2027-04-01', terminalCode: 'T1', shiftTemplateCode: 'MORNING', required: 1 },
        { date: '2027-04-09', terminalCode: 'T1', shiftTemplateCode: 'MORNING', required: 1 },
        { date: '2027-04-02', terminalCode: 'T9', shiftTemplateCode: 'LUNCH', required: 1 },
        {
          date: '2027-04-02',
          terminalCode: 'T1',
          shiftTemplateCode: 'MORNING',
          skillCode: 'JUGGLING',
          reasonCode: 'NOPE',
          required: 1,
        },
      ],
    });
    expect(response.statusCode).toBe(422);
    const problem = response.json();
    expect(problem.code).toBe('DEMAND_CELLS_INVALID');
    expect(problem.cells.map((cell: { index: number }) => cell.index)).toEqual([1, 2, 3]);
    expect(problem.errors.map((error: { path: string }) => error.path).sort()).toEqual([
      '/cells/1/date',
      '/cells/2/shiftTemplateCode',
      '/cells/2/terminalCode',
      '/cells/3/reasonCode',
      '/cells/3/skillCode',
    ]);
    const unchanged = (
      await t.request('planner', { method: 'GET', url: `/api/demand/plans/${plan.id}` })
    ).json();
    expect(unchanged.lines).toEqual([]);
    expect(unchanged.version).toBe(plan.version);
  });

  it('refuses a period longer than 92 days and an inverted one', async () => {
    const long = await t.request('planner', {
      method: 'POST',
      url: '/api/demand/plans',
      payload: {
        name: 'Long',
        departmentId: await departmentId(t, 'RAMP'),
        from: '2027-01-01',
        to: '2027-04-03',
      },
    });
    expect(long.statusCode).toBe(422);
    expect(long.json().code).toBe('PLAN_PERIOD_TOO_LONG');
    await createPlan(t, { from: '2028-01-01', to: '2028-04-01' });
    const inverted = await t.request('planner', {
      method: 'POST',
      url: '/api/demand/plans',
      payload: {
        name: 'Back',
        departmentId: await departmentId(t, 'RAMP'),
        from: '2027-02-01',
        to: '2027-01-01',
      },
    });
    expect(inverted.json().code).toBe('INVALID_DATE_RANGE');
  });

  it('moves Draft → Approved → Locked, refuses cell edits once Locked and archives from any state', async () => {
    const plan = await createPlan(t, { from: '2027-05-01', to: '2027-05-02' });
    const backwards = await patch(t, plan.id, { status: 'Locked' });
    expect(backwards.statusCode).toBe(409);
    expect(backwards.json().code).toBe('INVALID_STATE_TRANSITION');
    const empty = await patch(t, plan.id, { status: 'Approved' });
    expect(empty.statusCode).toBe(422);
    expect(empty.json()).toMatchObject({ code: 'DEMAND_PLAN_EMPTY' });
    expect(
      (await t.request('planner', { method: 'GET', url: `/api/demand/plans/${plan.id}` })).json(),
    ).toMatchObject({
      Status: 'Draft',
      version: plan.version,
    });
    const approved = await patch(t, plan.id, {
      status: 'Approved',
      cells: [{ date: '2027-05-01', terminalCode: 'T1', shiftTemplateCode: 'EVENING', required: 1 }],
    });
    expect(approved.json().Status).toBe('Approved');
    const locked = await patch(t, plan.id, {
      status: 'Locked',
      cells: [{ date: '2027-05-01', terminalCode: 'T1', shiftTemplateCode: 'EVENING', required: 2 }],
    });
    expect(locked.statusCode).toBe(200);
    expect(locked.json()).toMatchObject({ Status: 'Locked', totalRequired: 2 });
    const edit = await patch(t, plan.id, {
      cells: [{ date: '2027-05-01', terminalCode: 'T1', shiftTemplateCode: 'EVENING', required: 3 }],
    });
    expect(edit.statusCode).toBe(409);
    expect(edit.json().code).toBe('DEMAND_PLAN_LOCKED');
    const draft = await patch(t, plan.id, { status: 'Draft' });
    expect(draft.json().code).toBe('INVALID_STATE_TRANSITION');
    const archived = await patch(t, plan.id, { status: 'Archived' });
    expect(archived.json().Status).toBe('Archived');
    const revive = await patch(t, plan.id, { status: 'Approved' });
    expect(revive.json().code).toBe('INVALID_STATE_TRANSITION');
    const draftArchived = await createPlan(t, { from: '2027-05-01', to: '2027-05-02' });
    expect((await patch(t, draftArchived.id, { status: 'Archived' })).statusCode).toBe(200);
  });

  it('refuses a plan overlapping a live plan of the same department with DEMAND_PLAN_OVERLAP, naming it', async () => {
    const first = await createPlan(t, { name: 'First half', from: '2035-01-01', to: '2035-01-15' });
    const overlapping = await t.request('planner', {
      method: 'POST',
      url: '/api/demand/plans',
      payload: {
        name: 'Second',
        departmentId: await departmentId(t, 'RAMP'),
        from: '2035-01-15',
        to: '2035-01-31',
      },
    });
    expect(overlapping.statusCode).toBe(409);
    expect(overlapping.json()).toMatchObject({
      code: 'DEMAND_PLAN_OVERLAP',
      demandPlan: { id: first.id, name: 'First half', from: '2035-01-01', to: '2035-01-15' },
    });
    // Another department, the next day, or once the first is archived: accepted.
    await createPlan(t, { name: 'Pax', department: 'PAX', from: '2035-01-10', to: '2035-01-20' });
    await createPlan(t, { name: 'Next', from: '2035-01-16', to: '2035-01-31' });
    expect((await patch(t, first.id, { status: 'Archived' })).statusCode).toBe(200);
    await createPlan(t, { name: 'Again', from: '2035-01-01', to: '2035-01-15' });
  });

  it('answers 412 to a stale If-Match and keeps the plan as it was', async () => {
    const plan = await createPlan(t, { from: '2027-06-01', to: '2027-06-02' });
    const stale = await patch(
      t,
      plan.id,
      { cells: [{ date: '2027-06-01', terminalCode: 'T1', shiftTemplateCode: 'MORNING', required: 1 }] },
      plan.version + 1,
    );
    expect(stale.statusCode).toBe(412);
    const fresh = await patch(t, plan.id, { name: 'Renamed' }, plan.version);
    expect(fresh.statusCode).toBe(200);
    expect(fresh.headers.etag).toBe(`"${plan.version + 1}"`);
    expect(fresh.json().lines).toEqual([]);
  });

  it('filters the list by date covered, terminal, department and state', async () => {
    const a = await createPlan(t, { name: 'Filter A', from: '2030-01-01', to: '2030-01-10' });
    const b = await createPlan(t, {
      name: 'Filter B',
      department: 'PAX',
      from: '2030-01-05',
      to: '2030-01-20',
    });
    await patch(t, a.id, {
      cells: [{ date: '2030-01-02', terminalCode: 'T3', shiftTemplateCode: 'NIGHT', required: 1 }],
    });
    await patch(t, b.id, {
      status: 'Approved',
      cells: [{ date: '2030-01-06', terminalCode: 'T1', shiftTemplateCode: 'MORNING', required: 1 }],
    });
    const list = async (query: string) =>
      (await t.request('planner', { method: 'GET', url: `/api/demand/plans?pageSize=500&${query}` }))
        .json()
        .items.map((plan: { id: string }) => plan.id)
        .filter((id: string) => id === a.id || id === b.id)
        .sort();
    expect(await list('date=2030-01-03')).toEqual([a.id]);
    expect(await list('date=2030-01-07')).toEqual([a.id, b.id].sort());
    expect(await list('date=2030-01-15')).toEqual([b.id]);
    expect(await list('terminal=T3')).toEqual([a.id]);
    expect(await list(`departmentId=${await departmentId(t, 'PAX')}`)).toEqual([b.id]);
    expect(await list('state=Approved')).toEqual([b.id]);
    expect(await list('state=Draft&date=2030-01-07')).toEqual([a.id]);
    // `status`, the name before the spec's `state`, still filters the same.
    expect(await list('status=Approved')).toEqual([b.id]);
    expect(await list('state=Draft&status=Draft&date=2030-01-07')).toEqual([a.id]);
    const both = await t.request('planner', {
      method: 'GET',
      url: '/api/demand/plans?state=Draft&status=Approved',
    });
    expect(both.statusCode).toBe(400);
    expect(both.json()).toMatchObject({ code: 'VALIDATION_FAILED' });
  });

  it('shows a department-scoped caller only the plans of their department', async () => {
    const pax = await createPlan(t, {
      name: 'PAX only',
      department: 'PAX',
      from: '2031-01-01',
      to: '2031-01-02',
    });
    const ramp = await createPlan(t, { name: 'RAMP only', from: '2031-01-01', to: '2031-01-02' });
    const seen = (
      await t.request('manager', { method: 'GET', url: '/api/demand/plans?pageSize=500' })
    ).json();
    const ids = seen.items.map((plan: { id: string }) => plan.id);
    expect(ids).toContain(ramp.id);
    expect(ids).not.toContain(pax.id);
    expect(seen.items.every((plan: { departmentCode: string }) => plan.departmentCode === 'RAMP')).toBe(true);
    expect(
      (await t.request('manager', { method: 'GET', url: `/api/demand/plans/${pax.id}` })).statusCode,
    ).toBe(404);
  });

  it('keeps units apart on every read and write', async () => {
    const plan = await createPlan(t, { from: '2032-01-01', to: '2032-01-02' });
    const list = await t.request('north.admin', { method: 'GET', url: '/api/demand/plans' });
    expect(list.json().total).toBe(0);
    for (const request of [
      { method: 'GET' as const, url: `/api/demand/plans/${plan.id}` },
      { method: 'PATCH' as const, url: `/api/demand/plans/${plan.id}`, payload: { name: 'Mine now' } },
      { method: 'DELETE' as const, url: `/api/demand/plans/${plan.id}` },
    ]) {
      expect((await t.request('north.admin', request)).statusCode).toBe(404);
    }
    // A NORTH plan cannot name MAIN's department.
    const cross = await t.request('north.admin', {
      method: 'POST',
      url: '/api/demand/plans',
      payload: {
        name: 'x',
        departmentId: await departmentId(t, 'RAMP'),
        from: '2032-01-01',
        to: '2032-01-02',
      },
    });
    expect(cross.statusCode).toBe(422);
  });

  it('deletes a plan with its lines and audits every write', async () => {
    const plan = await createPlan(t, { from: '2033-01-01', to: '2033-01-02' });
    await patch(t, plan.id, {
      cells: [{ date: '2033-01-01', terminalCode: 'T1', shiftTemplateCode: 'MORNING', required: 1 }],
    });
    const deleted = await t.request('planner', { method: 'DELETE', url: `/api/demand/plans/${plan.id}` });
    expect(deleted.statusCode).toBe(204);
    expect(
      (await t.request('planner', { method: 'GET', url: `/api/demand/plans/${plan.id}` })).statusCode,
    ).toBe(404);
    const lines = await queryRows<{ n: number }>(
      t.database.db,
      sql`select count(*)::int as n from demand_lines where plan_id = ${plan.id}`,
    );
    expect(lines[0]!.n).toBe(0);
    const audit = await queryRows<{ action: string }>(
      t.database.db,
      sql`select action from audit_events where entity_id = ${plan.id} order by at`,
    );
    expect(audit.map((row) => row.action)).toEqual([
      'demand_plan.create',
      'demand_plan.update',
      'demand_plan.delete',
    ]);
  });

  it('writes 10,000 cells in one PATCH', async () => {
    const plan = await createPlan(t, { from: '2034-01-01', to: '2034-04-02' });
    const extra = Array.from({ length: 10 }, (_, i) => `BULK_${i}`);
    await t.database.db.execute(sql`insert into skills (bu_id, code, name_en, name_ar)
      select b.id, s.code, s.code, s.code from business_units b,
        unnest(${sql.raw(`array['${extra.join("','")}']`)}) as s(code)
      where b.code = 'MAIN'`);
    const skills = ['MARSHALLING', 'PUSHBACK', 'CHECK_IN', 'BOARDING', 'FORKLIFT', ...extra];
    const cells = [];
    for (let day = 0; cells.length < 10_000; day++) {
      const date = new Date(Date.UTC(2034, 0, 1 + day)).toISOString().slice(0, 10);
      for (const terminalCode of ['T1', 'T2', 'T3'])
        for (const shiftTemplateCode of ['MORNING', 'EVENING', 'NIGHT'])
          for (const skillCode of [null, ...skills]) {
            if (cells.length < 10_000)
              cells.push({ date, terminalCode, shiftTemplateCode, skillCode, required: 1 });
          }
    }
    const response = await patch(t, plan.id, { cells });
    expect(response.statusCode, response.body.slice(0, 300)).toBe(200);
    expect(response.json().lineCount).toBe(10_000);
  });
});

describeEachDatabase('demand templates', (t) => {
  const weekCells = [
    { weekday: 1, terminalCode: 'T1', shiftTemplateCode: 'MORNING', required: 2 },
    { weekday: 1, terminalCode: 'T1', shiftTemplateCode: 'MORNING', skillCode: 'PUSHBACK', required: 1 },
    { weekday: 3, terminalCode: 'T2', shiftTemplateCode: 'NIGHT', required: 3, reasonCode: 'PEAK_SEASON' },
  ];

  it('lists the dry run of an apply, writes nothing, and then commits exactly those cells', async () => {
    const created = await t.request('planner', {
      method: 'POST',
      url: '/api/demand/templates',
      payload: { name: 'Week', departmentId: await departmentId(t, 'RAMP'), cells: weekCells },
    });
    expect(created.statusCode, created.body).toBe(201);
    const template = created.json();
    expect(template.cells).toHaveLength(3);
    const plan = await createPlan(t, { from: '2027-03-01', to: '2027-03-14' }); // 2027-03-01 is a Monday
    await patch(t, plan.id, {
      cells: [
        { date: '2027-03-01', terminalCode: 'T1', shiftTemplateCode: 'MORNING', required: 5 },
        {
          date: '2027-03-03',
          terminalCode: 'T2',
          shiftTemplateCode: 'NIGHT',
          required: 3,
          reasonCode: 'PEAK_SEASON',
        },
      ],
    });
    const before = (
      await t.request('planner', { method: 'GET', url: `/api/demand/plans/${plan.id}` })
    ).json();
    const apply = (dryRun: boolean) =>
      t.request('planner', {
        method: 'POST',
        url: `/api/demand/templates/${template.id}/apply`,
        payload: { planId: plan.id, from: '2027-03-01', to: '2027-03-10', dryRun },
      });
    const dry = await apply(true);
    expect(dry.statusCode, dry.body).toBe(200);
    expect(dry.json()).toMatchObject({
      dryRun: true,
      added: 4,
      changed: 1,
      unchanged: 1,
      planVersion: before.version,
    });
    expect(dry.json().cells[0]).toEqual({
      change: 'change',
      date: '2027-03-01',
      terminalCode: 'T1',
      shiftTemplateCode: 'MORNING',
      skillCode: null,
      required: 2,
      previousRequired: 5,
      reasonCode: null,
    });
    const untouched = (
      await t.request('planner', { method: 'GET', url: `/api/demand/plans/${plan.id}` })
    ).json();
    expect(untouched.lines).toEqual(before.lines);
    expect(untouched.version).toBe(before.version);

    const commit = await apply(false);
    expect(commit.json()).toMatchObject({
      dryRun: false,
      added: 4,
      changed: 1,
      planVersion: before.version + 1,
    });
    expect(commit.json().cells).toEqual(dry.json().cells);
    const after = (await t.request('planner', { method: 'GET', url: `/api/demand/plans/${plan.id}` })).json();
    expect(after.totals.total).toBe(2 + 1 + 3 + 2 + 1 + 3);
    const again = await apply(true);
    expect(again.json()).toMatchObject({ added: 0, changed: 0, unchanged: 6, cells: [] });

    await patch(t, plan.id, { status: 'Approved' });
    await patch(t, plan.id, { status: 'Locked' });
    const locked = await apply(false);
    expect(locked.statusCode).toBe(409);
    expect(locked.json().code).toBe('DEMAND_PLAN_LOCKED');
    const outside = await t.request('planner', {
      method: 'POST',
      url: `/api/demand/templates/${template.id}/apply`,
      payload: { planId: plan.id, from: '2027-03-10', to: '2027-03-20', dryRun: true },
    });
    expect(outside.json().code).toBe('APPLY_RANGE_OUTSIDE_PLAN');
  });

  it('reads, changes with If-Match and deletes templates, refusing invalid cells', async () => {
    const created = (
      await t.request('planner', {
        method: 'POST',
        url: '/api/demand/templates',
        payload: { name: 'Edit me', cells: weekCells },
      })
    ).json();
    const list = await t.request('planner', { method: 'GET', url: '/api/demand/templates' });
    expect(list.statusCode).toBe(200);
    const read = await t.request('planner', { method: 'GET', url: `/api/demand/templates/${created.id}` });
    expect(read.headers.etag).toBe(`"${created.version}"`);
    const invalid = await t.request('planner', {
      method: 'PATCH',
      url: `/api/demand/templates/${created.id}`,
      payload: { cells: [{ weekday: 2, terminalCode: 'T7', shiftTemplateCode: 'MORNING', required: 1 }] },
    });
    expect(invalid.statusCode).toBe(422);
    expect(invalid.json().code).toBe('DEMAND_CELLS_INVALID');
    const stale = await t.request('planner', {
      method: 'PATCH',
      url: `/api/demand/templates/${created.id}`,
      headers: { 'if-match': `"${created.version + 5}"` },
      payload: { name: 'Renamed' },
    });
    expect(stale.statusCode).toBe(412);
    const renamed = await t.request('planner', {
      method: 'PATCH',
      url: `/api/demand/templates/${created.id}`,
      headers: { 'if-match': `"${created.version}"` },
      payload: { name: 'Renamed', cells: weekCells.slice(0, 1) },
    });
    expect(renamed.json()).toMatchObject({ name: 'Renamed', version: created.version + 1 });
    expect(renamed.json().cells).toHaveLength(1);
    expect(
      (await t.request('planner', { method: 'DELETE', url: `/api/demand/templates/${created.id}` }))
        .statusCode,
    ).toBe(204);
    expect(
      (await t.request('north.admin', { method: 'GET', url: '/api/demand/templates' })).json().total,
    ).toBe(0);
  });
});
