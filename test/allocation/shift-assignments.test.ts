import { sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { queryRows } from '../../src/core/db/database.ts';
import { describeEachDatabase } from '../helpers/app.ts';

describeEachDatabase('shift assignments', (t) => {
  const employeeOf = async (department: string, offset = 0, skill?: string) => {
    const [row] = await queryRows<{ id: string }>(
      t.database.db,
      sql`select e.id from employees e join org_nodes d on d.id = e.department_id
          join business_units b on b.id = e.bu_id
          where d.code = ${department} and b.code = 'MAIN'
            and (${skill ?? null}::text is null or exists (select 1 from employee_skills es
                 join skills s on s.id = es.skill_id where es.employee_id = e.id and s.code = ${skill ?? ''}))
          order by e.employee_number offset ${offset} limit 1`,
    );
    return row!.id;
  };
  const idOf = async (table: 'shift_templates' | 'terminals' | 'skills', code: string) => {
    const [row] = await queryRows<{ id: string }>(
      t.database.db,
      sql`select x.id from ${sql.raw(table)} x join business_units b on b.id = x.bu_id
          where x.code = ${code} and b.code = 'MAIN'`,
    );
    return row!.id;
  };
  const shift = async (code = 'MORNING', terminal = 'T1') => ({
    shiftTemplateId: await idOf('shift_templates', code),
    terminalId: await idOf('terminals', terminal),
  });
  const assign = (employeeId: string, payload: Record<string, unknown>, username = 'planner') =>
    t.request(username, { method: 'POST', url: `/api/employees/${employeeId}/shift-assignments`, payload });
  const reasonsOf = async (employeeId: string, payload: Record<string, unknown>) => {
    const response = await assign(employeeId, payload);
    expect(response.statusCode, response.body).toBe(422);
    expect(response.json().code).toBe('NOT_ELIGIBLE');
    return response.json().reasons as string[];
  };

  it('assigns a shift by hand, lists it, shows it in the schedule and removes it', async () => {
    const employee = await employeeOf('RAMP', 10);
    const created = await assign(employee, { date: '2031-03-02', ...(await shift()) });
    expect(created.statusCode, created.body).toBe(201);
    const body = created.json();
    expect(created.headers.location).toBe(`/api/shift-assignments/${body.id}`);
    expect(body).toMatchObject({
      date: '2031-03-02',
      source: 'Manual',
      shiftTemplate: { code: 'MORNING', start: '06:00' },
      terminal: { code: 'T1' },
      skill: null,
      runId: null,
    });
    const listed = await t.request('planner', {
      method: 'GET',
      url: `/api/employees/${employee}/shift-assignments?from=2031-03-01&to=2031-03-31`,
    });
    expect(listed.json().items.map((item: { id: string }) => item.id)).toEqual([body.id]);
    const schedule = await t.request('planner', {
      method: 'GET',
      url: `/api/employees/${employee}/shift-schedule?from=2031-03-01&to=2031-03-07`,
    });
    expect(schedule.statusCode).toBe(200);
    const days = schedule.json().days as {
      date: string;
      shifts: unknown[];
      dayOff: boolean;
      weekday: string;
    }[];
    expect(days).toHaveLength(7);
    expect(days[1]).toMatchObject({ date: '2031-03-02', weekday: 'Sunday', dayOff: false });
    expect(days[0]).toMatchObject({ date: '2031-03-01', shifts: [], dayOff: true });
    expect(schedule.json().totals).toMatchObject({ shifts: 1, paidHours: 8 });

    const removed = await t.request('planner', {
      method: 'DELETE',
      url: `/api/shift-assignments/${body.id}`,
    });
    expect(removed.statusCode).toBe(204);
    const again = await t.request('planner', { method: 'DELETE', url: `/api/shift-assignments/${body.id}` });
    expect(again.statusCode).toBe(404);
  });

  it('refuses a second shift on the same date with ALREADY_ASSIGNED', async () => {
    const employee = await employeeOf('RAMP', 11);
    expect((await assign(employee, { date: '2031-04-01', ...(await shift()) })).statusCode).toBe(201);
    expect(await reasonsOf(employee, { date: '2031-04-01', ...(await shift('EVENING', 'T2')) })).toEqual([
      'ALREADY_ASSIGNED',
    ]);
  });

  it('refuses a morning straight after a night with REST_TOO_SHORT', async () => {
    const employee = await employeeOf('RAMP', 12);
    const night = await assign(employee, { date: '2031-04-10', ...(await shift('NIGHT')) });
    expect(night.statusCode, night.body).toBe(201);
    expect(await reasonsOf(employee, { date: '2031-04-11', ...(await shift('MORNING')) })).toEqual([
      'REST_TOO_SHORT',
    ]);
    expect(await reasonsOf(employee, { date: '2031-04-11', ...(await shift('EVENING')) })).toEqual([
      'REST_TOO_SHORT',
    ]);
    // The next night starts 16 hours after the first one ends.
    const next = await assign(employee, { date: '2031-04-11', ...(await shift('NIGHT')) });
    expect(next.statusCode, next.body).toBe(201);
  });

  it('refuses a seventh day in a row with MAX_CONSECUTIVE_DAYS, after the run and before it, and in a gap', async () => {
    const employee = await employeeOf('RAMP', 13);
    const morning = await shift();
    for (const day of ['05', '06', '07', '08', '09', '10', '20', '21', '22', '24', '25', '26']) {
      const response = await assign(employee, { date: `2031-05-${day}`, ...morning });
      expect(response.statusCode, response.body).toBe(201);
    }
    expect(await reasonsOf(employee, { date: '2031-05-11', ...morning })).toEqual(['MAX_CONSECUTIVE_DAYS']);
    expect(await reasonsOf(employee, { date: '2031-05-04', ...morning })).toEqual(['MAX_CONSECUTIVE_DAYS']);
    expect(await reasonsOf(employee, { date: '2031-05-23', ...morning })).toEqual(['MAX_CONSECUTIVE_DAYS']);
  });

  it('refuses hours beyond the weekly limit with MAX_WEEKLY_HOURS', async () => {
    const settings = await t.request('sysadmin', { method: 'GET', url: '/api/settings' });
    const patch = (maxWeeklyHours: number, version: number) =>
      t.request('sysadmin', {
        method: 'PATCH',
        url: '/api/settings',
        headers: { 'if-match': `"${version}"` },
        payload: { maxWeeklyHours },
      });
    const lowered = await patch(16, settings.json().version);
    expect(lowered.statusCode).toBe(200);
    try {
      const employee = await employeeOf('RAMP', 14);
      const morning = await shift();
      expect((await assign(employee, { date: '2031-06-01', ...morning })).statusCode).toBe(201);
      expect((await assign(employee, { date: '2031-06-02', ...morning })).statusCode).toBe(201);
      expect(await reasonsOf(employee, { date: '2031-06-04', ...morning })).toEqual(['MAX_WEEKLY_HOURS']);
    } finally {
      expect((await patch(60, lowered.json().version)).statusCode).toBe(200);
    }
  });

  it('names missing skills and certifications, and expired certifications', async () => {
    const pax = await employeeOf('PAX', 5);
    const marshalling = await idOf('skills', 'MARSHALLING');
    expect(await reasonsOf(pax, { date: '2031-07-01', ...(await shift()), skillId: marshalling })).toEqual([
      'SKILL_MISSING',
    ]);
    const pushback = await idOf('skills', 'PUSHBACK');
    // Every ramp agent drives the tug in the demo; a passenger agent has neither the skill nor its licence.
    expect(
      await reasonsOf(await employeeOf('PAX', 9), {
        date: '2031-07-02',
        ...(await shift()),
        skillId: pushback,
      }),
    ).toEqual(['SKILL_MISSING', 'CERTIFICATION_MISSING']);
    // Every demo licence has run out by 2031.
    const driver = await employeeOf('RAMP', 0, 'PUSHBACK');
    expect(await reasonsOf(driver, { date: '2031-07-03', ...(await shift()), skillId: pushback })).toEqual([
      'CERTIFICATION_EXPIRED',
    ]);
  });

  it('names the certification type a certification refusal is about', async () => {
    const pushback = await idOf('skills', 'PUSHBACK');
    const [licence] = await queryRows<{ code: string }>(
      t.database.db,
      sql`select certification_code as code from skill_certification_requirements where skill_id = ${pushback}`,
    );
    const driver = await employeeOf('RAMP', 0, 'PUSHBACK');
    const expired = await assign(driver, { date: '2031-07-04', ...(await shift()), skillId: pushback });
    expect(expired.json()).toMatchObject({
      reasons: ['CERTIFICATION_EXPIRED'],
      certification: licence!.code,
    });
    const missing = await assign(await employeeOf('PAX', 9), {
      date: '2031-07-05',
      ...(await shift()),
      skillId: pushback,
    });
    expect(missing.json()).toMatchObject({ certification: licence!.code });
    const skillOnly = await assign(await employeeOf('PAX', 5), {
      date: '2031-07-06',
      ...(await shift()),
      skillId: await idOf('skills', 'MARSHALLING'),
    });
    expect(skillOnly.json().reasons).toEqual(['SKILL_MISSING']);
    expect(skillOnly.json()).not.toHaveProperty('certification');
  });

  it('refuses an inactive employee with EMPLOYEE_INACTIVE', async () => {
    const employee = await employeeOf('PAX', 6);
    await t.database.db.execute(sql`update employees set status = 'SUSPENDED' where id = ${employee}`);
    try {
      expect(await reasonsOf(employee, { date: '2031-08-01', ...(await shift()) })).toEqual([
        'EMPLOYEE_INACTIVE',
      ]);
    } finally {
      await t.database.db.execute(sql`update employees set status = 'ACTIVE' where id = ${employee}`);
    }
  });

  it('staffs a demand line only from its pool or through a lending rule', async () => {
    const [line] = await queryRows<{ id: string; date: string }>(
      t.database.db,
      sql`select l.id, l.date::text as date from demand_lines l join demand_plans p on p.id = l.plan_id
          where p.name like 'Ramp%' and l.skill_id is null order by l.date desc, l.id limit 1`,
    );
    const pax = await employeeOf('PAX', 7);
    expect(await reasonsOf(pax, { date: line!.date, demandLineId: line!.id })).toEqual(['POOL_NOT_ALLOWED']);
    const cargo = await employeeOf('CARGO', 7);
    const lent = await assign(cargo, { date: line!.date, demandLineId: line!.id });
    expect(lent.statusCode, lent.body).toBe(201);
    expect(lent.json().lendingRuleId).not.toBeNull();
    expect(lent.json().demandLineId).toBe(line!.id);
    const mismatch = await assign(pax, { date: '2031-01-01', demandLineId: line!.id });
    expect(mismatch.json().code).toBe('LINE_DATE_MISMATCH');
  });

  it('refuses a third lent employee on a day the lending rule caps at two, naming the rule', async () => {
    const [line] = await queryRows<{ id: string; date: string }>(
      t.database.db,
      sql`select l.id, l.date::text as date from demand_lines l join demand_plans p on p.id = l.plan_id
          where p.name like 'Ramp%' and l.skill_id is null
            and l.date = (select max(date) - 3 from demand_lines where plan_id = p.id)
          order by l.id limit 1`,
    );
    const lentStaff = [
      await employeeOf('CARGO', 1),
      await employeeOf('CARGO', 2),
      await employeeOf('CARGO', 3),
    ];
    for (const employee of lentStaff.slice(0, 2)) {
      const lent = await assign(employee, { date: line!.date, demandLineId: line!.id });
      expect(lent.statusCode, lent.body).toBe(201);
      expect(lent.json().lendingRuleId).not.toBeNull();
    }
    const third = await assign(lentStaff[2]!, { date: line!.date, demandLineId: line!.id });
    expect(third.statusCode, third.body).toBe(422);
    expect(third.json()).toMatchObject({
      code: 'NOT_ELIGIBLE',
      reasons: ['LENDING_LIMIT_REACHED'],
      lendingRule: { maxPerDay: 2, lent: 2 },
    });
  });

  it('refuses a shift during approved leave with ON_LEAVE; step 1 lists the live shifts as conflicts and the final approval removes them', async () => {
    const [me] = await queryRows<{ id: string }>(
      t.database.db,
      sql`select employee_id as id from users where username = 'employee'`,
    );
    const employee = me!.id;
    const before = await assign(employee, { date: '2031-09-02', ...(await shift()) });
    expect(before.statusCode).toBe(201);
    const submitted = await t.request('employee', {
      method: 'POST',
      url: '/api/leave-requests',
      payload: { from: '2031-09-01', to: '2031-09-05' },
    });
    expect(submitted.statusCode).toBe(201);
    const id = submitted.json().id;
    const first = await t.request('manager', {
      method: 'PATCH',
      url: `/api/leave-requests/${id}/approve`,
      payload: {},
    });
    expect(first.json()).toMatchObject({ Status: 'ManagerApproved', removedAssignments: [] });
    expect(first.json().conflicts).toEqual([expect.objectContaining({ assignmentId: before.json().id })]);
    const second = await t.request('hradmin', {
      method: 'PATCH',
      url: `/api/leave-requests/${id}/approve`,
      payload: {},
    });
    expect(second.json()).toMatchObject({ Status: 'Approved', conflicts: [] });
    expect(second.json().removedAssignments).toEqual([
      expect.objectContaining({
        assignmentId: before.json().id,
        date: '2031-09-02',
        shiftTemplateCode: 'MORNING',
      }),
    ]);
    expect(await reasonsOf(employee, { date: '2031-09-03', ...(await shift()) })).toEqual(['ON_LEAVE']);
    const schedule = await t.request('planner', {
      method: 'GET',
      url: `/api/employees/${employee}/shift-schedule?from=2031-09-01&to=2031-09-03`,
    });
    expect(schedule.json().days[2]).toMatchObject({ leave: { requestId: id }, dayOff: false });
  });

  it('refuses a request naming neither a line nor a shift and terminal, and unknown lookups', async () => {
    const employee = await employeeOf('RAMP', 15);
    const bare = await assign(employee, { date: '2031-10-01' });
    expect(bare.statusCode).toBe(422);
    expect(bare.json().code).toBe('ASSIGNMENT_INVALID');
    const unknown = await assign(employee, {
      date: '2031-10-01',
      shiftTemplateId: '00000000-0000-4000-8000-000000000000',
      terminalId: (await shift()).terminalId,
    });
    expect(unknown.json().errors).toEqual([expect.objectContaining({ path: '/shiftTemplateId' })]);
    const count = await queryRows<{ n: number }>(
      t.database.db,
      sql`select count(*)::int as n from shift_assignments where employee_id = ${employee} and date = '2031-10-01'`,
    );
    expect(count[0]!.n).toBe(0);
  });

  it('keeps the roster within the caller’s scope and unit', async () => {
    const pax = await employeeOf('PAX', 8);
    const created = await assign(pax, { date: '2031-11-01', ...(await shift()) });
    expect(created.statusCode).toBe(201);
    // The demo supervisor sees the ramp only.
    const seen = await t.request('supervisor', {
      method: 'GET',
      url: `/api/employees/${pax}/shift-assignments`,
    });
    expect(seen.statusCode).toBe(404);
    const listed = await t.request('supervisor', {
      method: 'GET',
      url: '/api/shift-assignments?from=2031-11-01&to=2031-11-01',
    });
    expect(listed.json().total).toBe(0);
    const north = await t.request('north.admin', {
      method: 'DELETE',
      url: `/api/shift-assignments/${created.json().id}`,
    });
    expect(north.statusCode).toBe(404);
    const employee = await t.request('employee', { method: 'GET', url: '/api/shift-assignments' });
    expect(employee.statusCode).toBe(403);
    const supervisorWrite = await assign(pax, { date: '2031-11-02', ...(await shift()) }, 'supervisor');
    expect(supervisorWrite.statusCode).toBe(403);
  });
});
