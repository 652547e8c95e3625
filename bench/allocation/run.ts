/**
 * An allocation run through the API: create → execute → review → lock for a month of demand staffed by
 * about 2,000 ramp employees (the demo set grown to EMPLOYEES, spread over three departments), each step
 * timed, with the engine's share, and the health endpoint's latency sampled while the run executes; then
 * the compliance list of the locked run against the plain read of the version it publishes (issue 53):
 * and the per-person figures of the live roster's month against the plain read of its assignments, every
 * page as the grid reads them; the publish with a mail queued for every ramp employee (issue 55):
 * `DATABASE_URL=postgres://… npm run bench:allocation` (BENCH_DATABASES=pglite,postgres to choose; RUN_OPTIONS
 * for the run's options).
 */
import { sql } from 'drizzle-orm';
import { queryRows } from '../../src/core/db/database.ts';
import { addDays } from '../../src/core/time/dates.ts';
import { NOTIFICATION_MAIL_JOB } from '../../src/modules/notifications/mail/job.ts';
import { preparedDatabase, withSignedInApp } from '../database.ts';

const EMPLOYEES = Number(process.env.EMPLOYEES ?? 6_000);
const DAYS = 31;
/** The run's options as JSON (`RUN_OPTIONS='{"exactWindows":true,"timeLimitSeconds":60}'`), else the defaults. */
const OPTIONS = process.env.RUN_OPTIONS ? (JSON.parse(process.env.RUN_OPTIONS) as object) : undefined;
/** Headcount per terminal and shift and day: about 90 % of what a third of the staff can work. */
const REQUIRED = { MORNING: 0.3, EVENING: 0.25, NIGHT: 0.15 } as const;

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return Math.round((sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))] ?? 0) * 10) / 10;
};

async function benchmark(driver: 'pglite' | 'postgres') {
  const { database, drop } = await preparedDatabase(driver, 'allocation', { employees: EMPLOYEES });
  await withSignedInApp({ database, drop }, 'planner', async (app, headers) => {
    const call = async (method: 'GET' | 'POST' | 'PATCH', url: string, payload?: object) => {
      const started = performance.now();
      const response = await app.inject({ method, url, headers, ...(payload ? { payload } : {}) });
      if (response.statusCode >= 300) throw new Error(`${method} ${url}: ${response.body}`);
      return { body: response.json(), ms: Math.round(performance.now() - started) };
    };
    const ramp = (await call('GET', '/api/employees?pageSize=1')).body.items[0].departmentId as string;
    const staff = (await call('GET', `/api/employees?pageSize=1&departmentId=${ramp}`)).body.total as number;
    const from = '2031-03-01';
    const to = addDays(from, DAYS - 1);
    const plan = (
      await call('POST', '/api/demand/plans', { name: 'Bench month', departmentId: ramp, from, to })
    ).body;
    const cells = [];
    for (let day = 0; day < DAYS; day++) {
      for (const terminalCode of ['T1', 'T2', 'T3']) {
        for (const [shiftTemplateCode, share] of Object.entries(REQUIRED)) {
          const required = Math.max(1, Math.round((staff * share * 5) / 7 / 3));
          cells.push({ date: addDays(from, day), terminalCode, shiftTemplateCode, required });
        }
      }
    }
    await call('PATCH', `/api/demand/plans/${plan.id}`, { cells });

    const created = await call('POST', '/api/allocation-runs', {
      planId: plan.id,
      from,
      to,
      ...(OPTIONS ? { options: OPTIONS } : {}),
    });
    const id = created.body.id as string;
    // The execution runs in the background: sample the health check and the run's own GET (what a
    // planner's screen polls) until it is Executed, recording how the progress moved.
    const started = performance.now();
    const accepted = await call('POST', `/api/allocation-runs/${id}/execute`);
    const health: number[] = [];
    const polls: number[] = [];
    const phases: string[] = [];
    const coverageSeen: number[] = [];
    let executed = accepted;
    while (executed.body.executing) {
      const healthStarted = performance.now();
      await app.inject({ method: 'GET', url: '/api/health' });
      health.push(performance.now() - healthStarted);
      executed = await call('GET', `/api/allocation-runs/${id}`);
      polls.push(executed.ms);
      const phase = executed.body.progress?.phase;
      if (phase && phases.at(-1) !== phase) phases.push(phase);
      const assigned = executed.body.progress?.coverage?.assigned;
      if (typeof assigned === 'number' && coverageSeen.at(-1) !== assigned) coverageSeen.push(assigned);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    executed = { ...executed, ms: Math.round(performance.now() - started) };
    const reviewed = await call('POST', `/api/allocation-runs/${id}/review`);
    const firstCandidates = await call('GET', `/api/allocation-runs/${id}/candidates?pageSize=50`);
    const againCandidates = await call('GET', `/api/allocation-runs/${id}/candidates?pageSize=50`);
    const locked = await call('POST', `/api/allocation-runs/${id}/lock`);
    // Issue 53: what publishing would break or come near, against the plain read of the version it makes.
    const compliance = await call('GET', `/api/admin/roster/publication-compliance?runId=${id}`);
    const complianceAgain = await call('GET', `/api/admin/roster/publication-compliance?runId=${id}`);
    // Issue 53: the grid's figures of the month against the plain read of its assignments (every page).
    const figuresUrl = `/api/roster/person-figures?departmentId=${ramp}&from=${from}&to=${to}`;
    const figures = await call('GET', figuresUrl);
    const figuresAgain = await call('GET', figuresUrl);
    const readAssignments = async () => {
      const started = performance.now();
      const page = (n: number) =>
        call(
          'GET',
          `/api/shift-assignments?departmentId=${ramp}&from=${from}&to=${to}&pageSize=500&page=${n}`,
        );
      const first = await page(1);
      for (let n = 2; n <= Math.ceil(first.body.total / 500); n++) await page(n);
      return { ms: Math.round(performance.now() - started), total: first.body.total as number };
    };
    const assignmentsRead = await readAssignments();
    const assignmentsReadAgain = await readAssignments();
    // Issue 55: every ramp employee has an account with an address, so the publish queues one mail each.
    await database.db.execute(
      sql`insert into users (bu_id, username, display_name, email, password_hash, employee_id)
          select e.bu_id, 'bench.' || e.employee_number, e.employee_number,
                 'bench.' || e.employee_number || '@example.com', 'x', e.id
            from employees e
           where e.department_id = ${ramp} and not exists (select 1 from users u where u.employee_id = e.id)`,
    );
    const published = await call('POST', '/api/admin/roster/publish', { runId: id });
    const [queued] = await queryRows<{ jobs: number; sent: number }>(
      database.db,
      sql`select count(*)::int as jobs, count(*) filter (where status <> 'Queued')::int as sent
            from jobs where kind = ${NOTIFICATION_MAIL_JOB}`,
    );
    const versionRead = await call('GET', `/api/admin/published-rosters/${published.body.id}`);
    const versionReadAgain = await call('GET', `/api/admin/published-rosters/${published.body.id}`);
    const result = executed.body.result;
    console.log(
      JSON.stringify({
        database: driver,
        employeesConsidered: result.employees,
        days: DAYS,
        required: result.coverage.required,
        assigned: result.coverage.assigned,
        options: OPTIONS ?? null,
        search: result.search,
        createMs: created.ms,
        executeMs: executed.ms,
        engineMs: result.durationMs,
        engineShare: Math.round((result.durationMs / executed.ms) * 100) / 100,
        reviewMs: reviewed.ms,
        candidatesFirstMs: firstCandidates.ms,
        candidatesCachedMs: againCandidates.ms,
        lockMs: locked.ms,
        publishMs: published.ms,
        mailJobsWhenPublishAnswered: queued,
        complianceMs: [compliance.ms, complianceAgain.ms],
        complianceListed: { people: compliance.body.people.length, warnings: compliance.body.warningCount },
        versionReadMs: [versionRead.ms, versionReadAgain.ms],
        complianceToVersionRead:
          Math.round(
            (Math.min(compliance.ms, complianceAgain.ms) / Math.min(versionRead.ms, versionReadAgain.ms)) *
              100,
          ) / 100,
        figuresMs: [figures.ms, figuresAgain.ms],
        figuresPeople: figures.body.people.length,
        assignmentsReadMs: [assignmentsRead.ms, assignmentsReadAgain.ms],
        assignmentsRead: assignmentsRead.total,
        figuresToAssignmentsRead:
          Math.round(
            (Math.min(figures.ms, figuresAgain.ms) / Math.min(assignmentsRead.ms, assignmentsReadAgain.ms)) *
              100,
          ) / 100,
        written: locked.body.lockedAssignments,
        acceptMs: accepted.ms,
        phasesSeen: phases,
        coverageSeen,
        runGetDuringExecute: {
          samples: polls.length,
          p50Ms: percentile(polls, 0.5),
          p95Ms: percentile(polls, 0.95),
          maxMs: percentile(polls, 1),
        },
        healthDuringExecute: {
          samples: health.length,
          p50Ms: percentile(health, 0.5),
          p95Ms: percentile(health, 0.95),
          maxMs: percentile(health, 1),
        },
      }),
    );
  });
}

const drivers = (process.env.BENCH_DATABASES?.split(',') ??
  (process.env.DATABASE_URL ? ['postgres'] : ['pglite'])) as ('pglite' | 'postgres')[];
for (const driver of drivers) await benchmark(driver);
