import type { APIRequestContext } from '@playwright/test';
import { expect } from '@playwright/test';
import { addDays } from '../src/lib/dates.ts';
import { apiAs, type Lang } from './support.ts';

export interface OwnPlan {
  id: string;
  name: string;
  from: string;
  to: string;
  departmentId: string;
}

/**
 * A demand plan of the planner's own for one language: a week of CARGO far ahead (each language its own
 * week, moved on when another test holds those dates), two heads a day on T1's morning and T2's evening,
 * and a night of a skill that nobody in CARGO has, so that some lines stay unfilled with reasons.
 */
export async function createOwnPlan(lang: Lang): Promise<OwnPlan> {
  const planner = await apiAs('planner');
  const departments = (await (await planner.get('/api/lookups/departments?pageSize=500')).json()) as {
    items: { id: string; code: string }[];
  };
  const cargo = departments.items.find((d) => d.code === 'CARGO')!;
  const today = new Date().toISOString().slice(0, 10);
  for (let attempt = 0; attempt < 8; attempt += 1) {
    const from = addDays(today, 150 + (lang === 'ar' ? 7 : 0) + attempt * 14);
    const to = addDays(from, 6);
    const name = `Cargo week ${lang} ${from}`;
    const created = await planner.post('/api/demand/plans', {
      data: { name, departmentId: cargo.id, from, to },
    });
    if (created.status() === 409) continue;
    expect(created.status(), await created.text()).toBe(201);
    const plan = (await created.json()) as { id: string };
    const cells = Array.from({ length: 7 }, (_, day) => [
      { date: addDays(from, day), terminalCode: 'T1', shiftTemplateCode: 'MORNING', required: 2 },
      { date: addDays(from, day), terminalCode: 'T2', shiftTemplateCode: 'EVENING', required: 2 },
      // Cargo staff do not check passengers in: these lines stay unfilled (SKILL_MISSING).
      {
        date: addDays(from, day),
        terminalCode: 'T3',
        shiftTemplateCode: 'NIGHT',
        skillCode: 'CHECK_IN',
        required: 1,
      },
    ]).flat();
    const patched = await planner.patch(`/api/demand/plans/${plan.id}`, { data: { cells } });
    expect(patched.status(), await patched.text()).toBe(200);
    await planner.dispose();
    return { id: plan.id, name, from, to, departmentId: cargo.id };
  }
  throw new Error('no free week for a plan');
}

/** An approved leave over one day for an employee who works it: the approval takes the shift off. */
export async function approvedLeave(employeeId: string, date: string): Promise<void> {
  const hr = await apiAs('hradmin');
  const created = await hr.post('/api/leave-requests', { data: { employeeId, from: date, to: date } });
  expect(created.status(), await created.text()).toBe(201);
  const { id } = (await created.json()) as { id: string };
  const deciders: APIRequestContext[] = [await apiAs('sysadmin'), hr];
  for (const decider of deciders) {
    const decided = await decider.patch(`/api/leave-requests/${id}/approve`, { data: {} });
    expect(decided.status(), await decided.text()).toBe(200);
  }
  const final = (await (await hr.get(`/api/leave-requests/${id}`)).json()) as { Status: string };
  expect(final.Status).toBe('Approved');
}
