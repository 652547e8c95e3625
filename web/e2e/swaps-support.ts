import { type APIRequestContext, expect } from '@playwright/test';
import { addDays } from '../src/lib/dates.ts';
import { apiAs, type Lang } from './support.ts';

export interface SwapScene {
  date: string;
  departmentId: string;
  planName: string;
  /** `employee` (E00007): the evening they offer. */
  offered: string;
  /** `supervisor` (E00004), their colleague on the ramp: the morning taken in return. */
  wanted: string;
}

async function employeeId(planner: APIRequestContext, number: string): Promise<string> {
  const page = (await (await planner.get(`/api/employees?q=${number}`)).json()) as {
    items: { id: string; employeeNumber: string }[];
  };
  return page.items.find((e) => e.employeeNumber === number)!.id;
}

async function lookupId(planner: APIRequestContext, path: string, code: string): Promise<string> {
  const page = (await (await planner.get(`${path}?pageSize=500`)).json()) as {
    items: { id: string; code: string }[];
  };
  return page.items.find((item) => item.code === code)!.id;
}

/**
 * A published one-day ramp roster of each language's own day within the next six weeks (what the Swaps
 * page offers), on which `employee` works the evening and `supervisor` the morning at T1, so that their
 * swap changes a published version and the planner is told to republish.
 */
export async function swapScene(lang: Lang): Promise<SwapScene> {
  const planner = await apiAs('planner');
  const ramp = await lookupId(planner, '/api/lookups/departments', 'RAMP');
  const t1 = await lookupId(planner, '/api/admin/terminals', 'T1');
  const morning = await lookupId(planner, '/api/shift-templates', 'MORNING');
  const evening = await lookupId(planner, '/api/shift-templates', 'EVENING');
  const e7 = await employeeId(planner, 'E00007');
  const e4 = await employeeId(planner, 'E00004');
  const today = new Date().toISOString().slice(0, 10);
  for (let attempt = 0; attempt < 2; attempt += 1) {
    // Three days apart: the two languages' shifts never meet each other's rest rules.
    // After the demo's four published weeks, within the six weeks the Swaps page offers.
    const date = addDays(today, 30 + (lang === 'ar' ? 3 : 0) + attempt * 6);
    const planName = `Swap day ${lang} ${date}`;
    const plan = await planner.post('/api/demand/plans', {
      data: { name: planName, departmentId: ramp, from: date, to: date },
    });
    if (plan.status() === 409) continue;
    expect(plan.status(), await plan.text()).toBe(201);
    const { id: planId } = (await plan.json()) as { id: string };
    const cells = [{ date, terminalCode: 'T2', shiftTemplateCode: 'MORNING', required: 1 }];
    const patched = await planner.patch(`/api/demand/plans/${planId}`, { data: { cells } });
    expect(patched.status(), await patched.text()).toBe(200);
    const assign = async (employee: string, shiftTemplateId: string) => {
      const answer = await planner.post(`/api/employees/${employee}/shift-assignments`, {
        data: { date, shiftTemplateId, terminalId: t1 },
      });
      expect(answer.status(), await answer.text()).toBe(201);
      return ((await answer.json()) as { id: string }).id;
    };
    const offered = await assign(e7, evening);
    const wanted = await assign(e4, morning);
    const run = await planner.post('/api/allocation-runs', { data: { planId, from: date, to: date } });
    expect(run.status(), await run.text()).toBe(201);
    const { id: runId } = (await run.json()) as { id: string };
    for (const action of ['execute', 'review', 'lock']) {
      const step = await planner.post(`/api/allocation-runs/${runId}/${action}`, {
        headers: { prefer: 'wait=120' },
      });
      expect(step.status(), await step.text()).toBe(200);
    }
    const published = await planner.post('/api/admin/roster/publish', { data: { runId } });
    expect(published.status(), await published.text()).toBe(201);
    await planner.dispose();
    return { date, departmentId: ramp, planName, offered, wanted };
  }
  throw new Error('no free day for a ramp plan');
}

/** The swap the employee proposed of this scene's shift. */
export async function proposedSwapId(scene: SwapScene): Promise<string> {
  const employee = await apiAs('employee');
  const page = (await (await employee.get('/api/me/shift-swaps?role=proposed&pageSize=200')).json()) as {
    items: { id: string; offered: { assignmentId: string | null } }[];
  };
  await employee.dispose();
  return page.items.find((swap) => swap.offered.assignmentId === scene.offered)!.id;
}
