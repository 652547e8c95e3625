import { sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { describeEachDatabase } from '../helpers/app.ts';

/** The engine works in a worker thread: the service keeps answering while a large run executes. */
describeEachDatabase('allocation beside the request path', (t) => {
  it('answers health while a 2,000-employee, 31-day run executes', async () => {
    const db = t.database.db;
    await db.execute(sql`
      insert into employees (bu_id, employee_number, name_en, name_ar, department_id, grade_id, status, hire_date)
      select d.bu_id, 'B' || lpad(g::text, 5, '0'), 'Bench agent ' || g, 'موظف ' || g, d.id,
             (select id from grades where bu_id = d.bu_id order by code limit 1), 'ACTIVE', date '2020-01-01'
        from org_nodes d join business_units b on b.id = d.bu_id and b.code = 'MAIN',
             generate_series(1, 2000) g
       where d.code = 'RAMP'`);
    const plans = await t.request('planner', {
      method: 'POST',
      url: '/api/demand/plans',
      payload: { name: 'Bench month', departmentId: await rampId(), from: '2031-01-01', to: '2031-01-31' },
    });
    expect(plans.statusCode, plans.body).toBe(201);
    const planId = plans.json().id;
    await db.execute(sql`
      insert into demand_lines (bu_id, plan_id, date, terminal_id, shift_template_id, required)
      select p.bu_id, p.id, p.period_from + day, x.id, s.id, 45
        from demand_plans p, generate_series(0, 30) day, terminals x, shift_templates s
       where p.id = ${planId} and x.bu_id = p.bu_id and s.bu_id = p.bu_id`);
    const run = await t.request('planner', {
      method: 'POST',
      url: '/api/allocation-runs',
      payload: { planId, from: '2031-01-01', to: '2031-01-31', options: { timeLimitSeconds: 2 } },
    });
    let finished = false;
    const executing = t
      .request('planner', {
        method: 'POST',
        url: `/api/allocation-runs/${run.json().id}/execute`,
        headers: { prefer: 'wait=120' },
      })
      .finally(() => {
        finished = true;
      });
    const answeredMeanwhile: number[] = [];
    while (!finished) {
      const health = await t.request(null, { method: 'GET', url: '/api/health' });
      if (!finished) answeredMeanwhile.push(health.statusCode);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    const executed = await executing;
    expect(executed.statusCode, executed.body).toBe(200);
    expect(executed.json().result.employees).toBeGreaterThan(2000);
    expect(answeredMeanwhile.length).toBeGreaterThan(0);
    expect(new Set(answeredMeanwhile)).toEqual(new Set([200]));
  });

  async function rampId() {
    const [row] = (
      (await t.database.db.execute(
        sql`select n.id from org_nodes n join business_units b on b.id = n.bu_id where n.code = 'RAMP' and b.code = 'MAIN'`,
      )) as unknown as { rows: { id: string }[] }
    ).rows;
    return row!.id;
  }
});
