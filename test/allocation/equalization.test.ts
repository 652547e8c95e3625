import { sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { queryRows } from '../../src/core/db/database.ts';
import { describeEachDatabase } from '../helpers/app.ts';

interface Entry {
  employee: { id: string; departmentId: string };
  scores: { gradeDepartment: number; pool: number; shiftType: number };
  source: string;
  runId: string | null;
}

describeEachDatabase('equalization scores', (t) => {
  const scores = async (query = '') => {
    const response = await t.request('planner', {
      method: 'GET',
      url: `/api/admin/equalization?pageSize=500${query}`,
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json().items as Entry[];
  };
  const cargo = async () => {
    const [row] = await queryRows<{ id: string }>(
      t.database.db,
      sql`select n.id from org_nodes n join business_units b on b.id = n.bu_id where n.code = 'CARGO' and b.code = 'MAIN'`,
    );
    return row!.id;
  };

  it('scores everyone 0 from the database while nobody has history', async () => {
    // The demo's past roster gives the ramp a history; cargo has none.
    const items = await scores(`&departmentId=${await cargo()}`);
    expect(items.length).toBeGreaterThan(5);
    for (const item of items) {
      expect(item).toMatchObject({
        source: 'database',
        runId: null,
        scores: { gradeDepartment: 0, pool: 0, shiftType: 0 },
      });
    }
  });

  it('scores history from the live roster: more hours than the cohort mean is above 0, fewer below', async () => {
    const department = await cargo();
    const staff = await queryRows<{ id: string }>(
      t.database.db, // Staff employed through the whole window, so that no pro-rating for a recent start enters the scores.
      sql`select id from employees where department_id = ${department}
          and (hire_date is null or hire_date < current_date - 100) and end_date is null and status = 'ACTIVE'
          and not exists (select 1 from leave_requests l where l.employee_id = employees.id and l.status = 'Approved')
          order by employee_number`,
    );
    const [worker, idle] = [staff[0]!.id, staff[1]!.id];
    // Ten past mornings for one, one past night for another, inside the 90-day window.
    await t.database.db.execute(sql`
      insert into shift_assignments (bu_id, employee_id, date, shift_template_id, terminal_id, source)
      select e.bu_id, e.id, current_date - g, t.id, x.id, 'Manual'
        from employees e, generate_series(10, 19) g,
             shift_templates t join business_units b on b.id = t.bu_id and b.code = 'MAIN',
             terminals x
       where e.id = ${worker} and t.code = 'MORNING' and x.bu_id = t.bu_id and x.code = 'T1'`);
    await t.database.db.execute(sql`
      insert into shift_assignments (bu_id, employee_id, date, shift_template_id, terminal_id, source)
      select e.bu_id, e.id, current_date - 30, t.id, x.id, 'Manual'
        from employees e, shift_templates t join business_units b on b.id = t.bu_id and b.code = 'MAIN', terminals x
       where e.id = ${idle} and t.code = 'NIGHT' and x.bu_id = t.bu_id and x.code = 'T1'`);
    const items = await scores(`&departmentId=${department}`);
    const of = (id: string) => items.find((item) => item.employee.id === id)!;
    expect(items.every((item) => item.employee.departmentId === department)).toBe(true);
    // Against a cohort that mostly worked nothing: the one with ten shifts is far above, the one with one
    // shift above too, and everyone without a shift below.
    expect(of(worker).scores.pool).toBeGreaterThan(of(idle).scores.pool);
    expect(of(idle).scores.pool).toBeGreaterThan(0);
    expect(of(staff[2]!.id).scores.pool).toBeLessThan(0);
    // Night and weekend hours: the one night counts, and so do the weekend mornings among the ten.
    expect(of(idle).scores.shiftType).toBeGreaterThan(0);
    expect(of(staff[2]!.id).scores.shiftType).toBeLessThan(0);
    expect(of(worker).source).toBe('database');
  });

  it('takes the scores from the latest run of the department where it covered the employee', async () => {
    const plans = await t.request('planner', { method: 'GET', url: '/api/demand/plans' });
    const plan = plans.json().items.find((p: { name: string }) => p.name.startsWith('Ramp'));
    const run = await t.request('planner', {
      method: 'POST',
      url: '/api/allocation-runs',
      payload: { planId: plan.id, from: plan.from, to: plan.to },
    });
    expect(
      (
        await t.request('planner', {
          method: 'POST',
          url: `/api/allocation-runs/${run.json().id}/execute`,
          headers: { prefer: 'wait=120' },
        })
      ).statusCode,
    ).toBe(200);
    const items = await scores(`&departmentId=${plan.departmentId}`);
    expect(items.length).toBeGreaterThan(0);
    for (const item of items) expect(item).toMatchObject({ source: 'run', runId: run.json().id });
    // The run shares the period's work: someone is above and someone below their cohort now.
    expect(items.some((item) => item.scores.gradeDepartment !== 0)).toBe(true);
  });

  it('keeps scores to the caller’s scope and unit, and to reconciliation.view holders', async () => {
    const north = await t.request('north.admin', {
      method: 'GET',
      url: '/api/admin/equalization?pageSize=500',
    });
    const mainIds = new Set((await scores()).map((item) => item.employee.id));
    expect(north.json().items.some((item: Entry) => mainIds.has(item.employee.id))).toBe(false);
    expect((await t.request('employee', { method: 'GET', url: '/api/admin/equalization' })).statusCode).toBe(
      403,
    );
  });
});
