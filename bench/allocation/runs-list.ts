/**
 * The runs list with what changed under each run (issue 53): a page of RUNS executed runs of the ramp over
 * the demo grown to EMPLOYEES, with staff, availability and leave changed after them; the page's plain read
 * (the query and views the list had before) against the changes' one statement, and the list through the
 * API: `npx tsx bench/allocation/runs-list.ts` (BENCH_DATABASES=pglite,postgres with DATABASE_URL).
 */
import { sql } from 'drizzle-orm';
import { queryRows } from '../../src/core/db/database.ts';
import { addDays } from '../../src/core/time/dates.ts';
import * as repo from '../../src/modules/allocation/repository.ts';
import { runView } from '../../src/modules/allocation/runs-service.ts';
import { changesSinceRuns } from '../../src/modules/allocation/staleness.ts';
import { preparedDatabase, withSignedInApp } from '../database.ts';

const EMPLOYEES = Number(process.env.EMPLOYEES ?? 2_000);
const RUNS = Number(process.env.RUNS ?? 50);
const READS = 30;

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return Math.round(sorted[Math.floor(sorted.length / 2)]! * 10) / 10;
};

async function timed(work: () => Promise<unknown>): Promise<number> {
  for (let i = 0; i < 3; i++) await work();
  const times: number[] = [];
  for (let i = 0; i < READS; i++) {
    const started = performance.now();
    await work();
    times.push(performance.now() - started);
  }
  return median(times);
}

async function benchmark(driver: 'pglite' | 'postgres') {
  const prepared = await preparedDatabase(driver, 'runs_list', { employees: EMPLOYEES });
  const { db } = prepared.database;
  await withSignedInApp(prepared, 'planner', async (app, headers) => {
    const call = async (method: 'GET' | 'POST', url: string, payload?: object) => {
      const response = await app.inject({
        method,
        url,
        headers: { ...headers, prefer: 'wait=300' },
        ...(payload ? { payload } : {}),
      });
      if (response.statusCode >= 300) throw new Error(`${method} ${url}: ${response.body}`);
      return response.json();
    };
    const plans = (await call('GET', '/api/demand/plans?pageSize=50')).items;
    const plan = plans.find((p: { name: string }) => p.name.startsWith('Ramp'));
    const run = await call('POST', '/api/allocation-runs', {
      planId: plan.id,
      from: plan.from,
      to: addDays(plan.from, 2),
    });
    await call('POST', `/api/allocation-runs/${run.id}/execute`);
    // The other runs of the page: copies of the executed one, as many executions of the same period.
    await db.execute(sql`
      insert into allocation_runs (bu_id, plan_id, department_id, period_from, period_to, status, options,
                                   summary, executions, staff_ids, created_by, executed_by, executed_at)
      select bu_id, plan_id, department_id, period_from, period_to, status, options, summary, executions,
             staff_ids, created_by, executed_by, executed_at
        from allocation_runs, generate_series(2, ${RUNS}) where id = ${run.id}`);
    // After them: a tenth of the department's records changed, and stated unavailability.
    await db.execute(sql`
      update employees set updated_at = now()
       where id in (select e.id from employees e where e.department_id = ${run.departmentId}
                     order by e.employee_number limit ${Math.round(EMPLOYEES / 30)})`);
    await db.execute(sql`
      insert into unavailability (bu_id, employee_id, from_date, to_date, reason, created_by)
      select e.bu_id, e.id, ${plan.from}::date, ${plan.from}::date, 'bench', ${run.created.by}
        from employees e where e.department_id = ${run.departmentId}
       order by e.employee_number limit 20`);
    const [unit] = await queryRows<{ buId: string }>(
      db,
      sql`select bu_id as "buId" from allocation_runs limit 1`,
    );
    const page = () => repo.listRuns(db, unit!.buId, { kind: 'unit' }, {}, RUNS, 0);
    const now = new Date();
    const plain = await timed(async () => (await page()).rows.map((row) => runView(row, now)));
    const { rows } = await page();
    const changes = await timed(() => changesSinceRuns(db, rows));
    const listed = await timed(() => call('GET', `/api/allocation-runs?pageSize=${RUNS}`));
    const sample = (await call('GET', `/api/allocation-runs?pageSize=${RUNS}`)).items[0].changedSinceRun;
    console.log(
      JSON.stringify({
        driver,
        employees: EMPLOYEES,
        runs: RUNS,
        plainPageReadMs: plain,
        changesStatementMs: changes,
        listThroughApiMs: listed,
        sample,
      }),
    );
  });
}

for (const driver of (process.env.BENCH_DATABASES ?? 'pglite').split(',')) {
  await benchmark(driver as 'pglite' | 'postgres');
}
