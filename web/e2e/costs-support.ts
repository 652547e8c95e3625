import { expect } from '@playwright/test';
import { addDays } from '../src/lib/dates.ts';
import { apiAs, type Lang } from './support.ts';

/**
 * An executed run of the planner's own for one language: two days of PAX far ahead (each language its own
 * dates, moved on when another test holds them), two heads on T1's morning and one on the night.
 */
export async function executedRun(lang: Lang): Promise<string> {
  const planner = await apiAs('planner');
  const departments = (await (await planner.get('/api/lookups/departments?pageSize=500')).json()) as {
    items: { id: string; code: string }[];
  };
  const pax = departments.items.find((d) => d.code === 'PAX')!;
  const today = new Date().toISOString().slice(0, 10);
  for (let attempt = 0; attempt < 8; attempt += 1) {
    const from = addDays(today, 220 + (lang === 'ar' ? 3 : 0) + attempt * 7);
    const to = addDays(from, 1);
    const created = await planner.post('/api/demand/plans', {
      data: { name: `Cost ${lang} ${from}`, departmentId: pax.id, from, to },
    });
    if (created.status() === 409) continue;
    expect(created.status(), await created.text()).toBe(201);
    const plan = (await created.json()) as { id: string };
    const cells = [
      { date: from, terminalCode: 'T1', shiftTemplateCode: 'MORNING', required: 2 },
      { date: from, terminalCode: 'T1', shiftTemplateCode: 'NIGHT', required: 1 },
    ];
    const patched = await planner.patch(`/api/demand/plans/${plan.id}`, { data: { cells } });
    expect(patched.status(), await patched.text()).toBe(200);
    const run = await planner.post('/api/allocation-runs', { data: { planId: plan.id, from, to } });
    expect(run.status(), await run.text()).toBe(201);
    const { id } = (await run.json()) as { id: string };
    const executed = await planner.post(`/api/allocation-runs/${id}/execute`, {
      headers: { prefer: 'wait=120' },
      timeout: 130_000,
    });
    expect(executed.status(), await executed.text()).toBe(200);
    await planner.dispose();
    return id;
  }
  throw new Error('no free dates for a plan');
}
