import { expect } from '@playwright/test';
import { addDays } from '../src/lib/dates.ts';
import { apiAs, type Lang } from './support.ts';

export interface OneDayPlan {
  id: string;
  date: string;
  departmentId: string;
}

/**
 * A ramp plan of one day for one language (the demo employee works on the ramp): one head on T1's
 * morning, which nobody staffs yet, so it is a gap of the live roster. Each language its own day, moved on
 * when another test holds it.
 */
export async function createGapDay(lang: Lang): Promise<OneDayPlan> {
  const planner = await apiAs('planner');
  const departments = (await (await planner.get('/api/lookups/departments?pageSize=500')).json()) as {
    items: { id: string; code: string }[];
  };
  const ramp = departments.items.find((d) => d.code === 'RAMP')!;
  const today = new Date().toISOString().slice(0, 10);
  for (let attempt = 0; attempt < 10; attempt += 1) {
    const date = addDays(today, 40 + (lang === 'ar' ? 1 : 0) + attempt * 2);
    const created = await planner.post('/api/demand/plans', {
      data: { name: `Open shift ${lang} ${date}`, departmentId: ramp.id, from: date, to: date },
    });
    if (created.status() === 409) continue;
    expect(created.status(), await created.text()).toBe(201);
    const plan = (await created.json()) as { id: string; version: number };
    const patched = await planner.patch(`/api/demand/plans/${plan.id}`, {
      headers: { 'if-match': `"${plan.version}"` },
      data: { cells: [{ date, terminalCode: 'T1', shiftTemplateCode: 'MORNING', required: 1 }] },
    });
    expect(patched.status(), await patched.text()).toBe(200);
    await planner.dispose();
    return { id: plan.id, date, departmentId: ramp.id };
  }
  throw new Error('no free day for a plan');
}

/**
 * Runs, locks and publishes the day, so that the employee's own roster (read from published versions)
 * shows what the approved claim put on the live roster: the run keeps that live assignment as it is.
 */
export async function publishDay(plan: OneDayPlan): Promise<void> {
  const planner = await apiAs('planner');
  const run = await planner.post('/api/allocation-runs', {
    data: { planId: plan.id, from: plan.date, to: plan.date },
  });
  expect(run.status(), await run.text()).toBe(201);
  const { id } = (await run.json()) as { id: string };
  for (const action of ['execute', 'review', 'lock']) {
    const step = await planner.post(`/api/allocation-runs/${id}/${action}`, {
      headers: { prefer: 'wait=120' },
      data: {},
    });
    expect(step.status(), await step.text()).toBe(200);
  }
  const published = await planner.post('/api/admin/roster/publish', { data: { runId: id } });
  expect(published.status(), await published.text()).toBe(201);
  await planner.dispose();
}
