import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import { queryRows } from '../../src/core/db/database.ts';
import type { TestContext } from './app.ts';

/** Dates of the tiny published roster below, and a service clock a week after them (both closed). */
export const NOW = new Date('2027-03-15T09:00:00Z');
export const DAY1 = '2027-03-07';
export const DAY2 = '2027-03-08';

interface PlannedLine {
  employee: { id: string; employeeNumber: string };
  date: string;
  shift: { code: string };
  terminal: { code: string };
}

export async function departmentId(t: TestContext, code: string) {
  const [row] = await queryRows<{ id: string }>(
    t.database.db,
    sql`select id from org_nodes where code = ${code} and bu_id = (select id from business_units where code = 'MAIN')`,
  );
  return row!.id;
}

/** The id of a MAIN lookup row by its code. */
export async function mainIdOf(t: TestContext, table: 'shift_templates' | 'terminals', code: string) {
  const [row] = await queryRows<{ id: string }>(
    t.database.db,
    sql`select x.id from ${sql.raw(table)} x join business_units b on b.id = x.bu_id
        where x.code = ${code} and b.code = 'MAIN'`,
  );
  return row!.id;
}

/** The active employee of a MAIN department at `offset` in employee-number order. */
export async function activeEmployeeOf(t: TestContext, department: string, offset: number) {
  const [row] = await queryRows<{ id: string }>(
    t.database.db,
    sql`select e.id from employees e join org_nodes d on d.id = e.department_id
        join business_units b on b.id = e.bu_id
        where d.code = ${department} and b.code = 'MAIN' and e.status = 'ACTIVE'
        order by e.employee_number offset ${offset} limit 1`,
  );
  return row!.id;
}

/**
 * A tiny published ramp roster: two on the morning and one on the night of day 1 at T1, one on the
 * evening of day 2 at T2 (each line required once or twice, all filled by the engine).
 */
export async function publishTinyRoster(t: TestContext) {
  const plan = await t.request('planner', {
    method: 'POST',
    url: '/api/demand/plans',
    payload: { name: 'Reconciliation', departmentId: await departmentId(t, 'RAMP'), from: DAY1, to: DAY2 },
  });
  expect(plan.statusCode, plan.body).toBe(201);
  const cells = [
    { date: DAY1, terminalCode: 'T1', shiftTemplateCode: 'MORNING', required: 2 },
    { date: DAY1, terminalCode: 'T1', shiftTemplateCode: 'NIGHT', required: 1 },
    { date: DAY2, terminalCode: 'T2', shiftTemplateCode: 'EVENING', required: 1 },
  ];
  const filled = await t.request('planner', {
    method: 'PATCH',
    url: `/api/demand/plans/${plan.json().id}`,
    headers: { 'if-match': `"${plan.json().version}"` },
    payload: { cells },
  });
  expect(filled.statusCode, filled.body).toBe(200);
  const run = await t.request('planner', {
    method: 'POST',
    url: '/api/allocation-runs',
    payload: { planId: plan.json().id, from: DAY1, to: DAY2 },
  });
  expect(run.statusCode, run.body).toBe(201);
  for (const action of ['execute', 'review', 'lock']) {
    const step = await t.request('planner', {
      method: 'POST',
      url: `/api/allocation-runs/${run.json().id}/${action}`,
      headers: { prefer: 'wait=120' },
    });
    expect(step.statusCode, step.body).toBe(200);
  }
  const published = await t.request('planner', {
    method: 'POST',
    url: '/api/admin/roster/publish',
    payload: { runId: run.json().id },
  });
  expect(published.statusCode, published.body).toBe(201);
  const detail = await t.request('planner', {
    method: 'GET',
    url: `/api/admin/published-rosters/${published.json().id}`,
  });
  const lines = detail.json().lines as PlannedLine[];
  const pick = (date: string, shift: string) =>
    lines
      .filter((line) => line.date === date && line.shift.code === shift)
      .map((line) => line.employee.employeeNumber);
  const [early, late] = pick(DAY1, 'MORNING');
  const [night] = pick(DAY1, 'NIGHT');
  const [evening] = pick(DAY2, 'EVENING');
  expect([early, late, night, evening].every(Boolean), JSON.stringify(lines)).toBe(true);
  expect(lines).toHaveLength(4);
  return { early: early!, late: late!, night: night!, evening: evening! };
}

/** A run over the plan's dates executed, reviewed and locked into the live roster, as a planner does it. */
export async function lockedRun(t: TestContext, planId: string, from: string, to: string) {
  const run = await t.request('planner', {
    method: 'POST',
    url: '/api/allocation-runs',
    payload: { planId, from, to },
  });
  expect(run.statusCode, run.body).toBe(201);
  for (const action of ['execute', 'review', 'lock']) {
    const step = await t.request('planner', {
      method: 'POST',
      url: `/api/allocation-runs/${run.json().id}/${action}`,
      headers: { prefer: 'wait=120' },
    });
    expect(step.statusCode, step.body).toBe(200);
  }
  return run.json() as { id: string };
}

/**
 * The employee's day 2 of the tiny roster changed on the live roster: the shift the engine gave taken off,
 * or a night at T1 added. Answers which.
 */
export async function changeDay2(t: TestContext, employeeId: string): Promise<'removed' | 'added'> {
  const [held] = await queryRows<{ id: string }>(
    t.database.db,
    sql`select id from shift_assignments where employee_id = ${employeeId} and date = ${DAY2}`,
  );
  if (held) {
    const removed = await t.request('planner', {
      method: 'DELETE',
      url: `/api/shift-assignments/${held.id}`,
    });
    expect(removed.statusCode).toBe(204);
    return 'removed';
  }
  const added = await t.request('planner', {
    method: 'POST',
    url: `/api/employees/${employeeId}/shift-assignments`,
    payload: {
      date: DAY2,
      shiftTemplateId: await mainIdOf(t, 'shift_templates', 'NIGHT'),
      terminalId: await mainIdOf(t, 'terminals', 'T1'),
    },
  });
  expect(added.statusCode, added.body).toBe(201);
  return 'added';
}

/** Publishes the latest published run again, as the planner does after changing the live roster. */
export async function republishLatest(t: TestContext) {
  const [run] = await queryRows<{ id: string }>(
    t.database.db,
    sql`select run_id as id from published_rosters order by published_at desc limit 1`,
  );
  const republished = await t.request('planner', {
    method: 'POST',
    url: '/api/admin/roster/republish',
    payload: { runId: run!.id, reason: 'Day 2 changed' },
  });
  expect(republished.statusCode, republished.body).toBe(201);
}
