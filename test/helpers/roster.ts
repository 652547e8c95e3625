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
