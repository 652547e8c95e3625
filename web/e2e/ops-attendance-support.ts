import { type APIRequestContext, expect } from '@playwright/test';
import ExcelJS from 'exceljs';
import { addDays } from '../src/lib/dates.ts';
import { apiAs, type Lang } from './support.ts';

/**
 * What the attendance flows stand on, through the API: a past day of one department published (the
 * demo's past roster is the ramp's, whose every planned shift already has attendance), and the
 * attendance workbook built as the template shapes it.
 */

const weekday = (day: string) => new Date(`${day}T00:00:00Z`).getUTCDay();

export const addMinutes = (time: string, minutes: number) => {
  const [h, m] = time.split(':').map(Number) as [number, number];
  const total = h * 60 + m + minutes;
  return `${String(Math.floor(total / 60)).padStart(2, '0')}:${String(total % 60).padStart(2, '0')}`;
};

async function json<T>(answer: Awaited<ReturnType<APIRequestContext['get']>>): Promise<T> {
  expect(answer.ok(), await answer.text()).toBe(true);
  return (await answer.json()) as T;
}

/** A weekday (Sunday to Thursday) in the past, three weeks back for English and four for Arabic. */
export function pastDay(lang: Lang, today: string): string {
  let day = addDays(today, lang === 'en' ? -21 : -28);
  while (weekday(day) === 5 || weekday(day) === 6) day = addDays(day, -1);
  return day;
}

export interface Planned {
  employeeNumber: string;
  employeeId: string;
  start: string;
  end: string;
}

/**
 * Publishes one day of the passenger department: a plan asking for eight on T1's morning, its run
 * executed, reviewed, locked (rerun when the other language's lock came between) and published.
 * Answers the people planned, the demo users' own employees left out.
 */
export async function publishPastDay(day: string): Promise<Planned[]> {
  const planner = await apiAs('planner');
  const departments = await json<{ items: { id: string; code: string }[] }>(
    await planner.get('/api/lookups/departments?pageSize=500'),
  );
  const pax = departments.items.find((node) => node.code === 'PAX')!;
  const created = await planner.post('/api/demand/plans', {
    data: { name: `Attendance e2e ${day}`, departmentId: pax.id, from: day, to: day },
  });
  expect(created.status(), await created.text()).toBe(201);
  const plan = (await created.json()) as { id: string };
  const cells = await planner.patch(`/api/demand/plans/${plan.id}`, {
    data: { cells: [{ date: day, terminalCode: 'T1', shiftTemplateCode: 'MORNING', required: 8 }] },
  });
  expect(cells.status(), await cells.text()).toBe(200);
  const run = await json<{ id: string }>(
    await planner.post('/api/allocation-runs', { data: { planId: plan.id, from: day, to: day } }),
  );
  const status = async () =>
    (await json<{ Status: string }>(await planner.get(`/api/allocation-runs/${run.id}`))).Status;
  for (let attempt = 0; ; attempt += 1) {
    const executed = await planner.post(`/api/allocation-runs/${run.id}/${attempt ? 'rerun' : 'execute'}`, {
      headers: { prefer: 'wait=120' },
    });
    expect([200, 202], await executed.text()).toContain(executed.status());
    await expect.poll(status, { timeout: 120_000 }).toBe('Executed');
    const reviewed = await planner.post(`/api/allocation-runs/${run.id}/review`, { data: {} });
    expect(reviewed.status(), await reviewed.text()).toBe(200);
    const locked = await planner.post(`/api/allocation-runs/${run.id}/lock`, { data: {} });
    if (locked.status() === 200) break;
    expect(locked.status(), await locked.text()).toBe(409);
    expect(attempt, 'locks after a rerun').toBeLessThan(3);
  }
  const published = await planner.post('/api/admin/roster/publish', { data: { runId: run.id } });
  expect(published.status(), await published.text()).toBe(201);
  const assignments = await json<{
    items: {
      employee: { id: string; employeeNumber: string };
      shiftTemplate: { start: string; end: string };
    }[];
  }>(await planner.get(`/api/shift-assignments?from=${day}&to=${day}&runId=${run.id}&pageSize=100`));
  return assignments.items
    .filter((a) => Number(a.employee.employeeNumber.replace(/\D/g, '')) > 8)
    .map((a) => ({
      employeeNumber: a.employee.employeeNumber,
      employeeId: a.employee.id,
      start: a.shiftTemplate.start,
      end: a.shiftTemplate.end,
    }))
    .sort((a, b) => a.employeeNumber.localeCompare(b.employeeNumber));
}

export interface Recorded {
  id: string;
  date: string;
  Time_In: string | null;
  Time_Out: string | null;
  statusCode: string;
  version: number;
  employee: { employeeNumber: string };
}

/** Two recorded day segments of the ramp on a date of the demo's past fortnight, one per language. */
export async function rampSegments(lang: Lang, today: string): Promise<Recorded[]> {
  const hr = await apiAs('hrdirector');
  let day = addDays(today, lang === 'en' ? -9 : -10);
  while (weekday(day) === 5 || weekday(day) === 6) day = addDays(day, -1);
  const page = await json<{ items: Recorded[] }>(
    await hr.get(`/api/attendance/all?from=${day}&to=${day}&statusCode=PRESENT&pageSize=200`),
  );
  const daytime = page.items.filter(
    (r) => r.Time_In && r.Time_Out && r.Time_In >= '05:00' && r.Time_Out <= '23:00' && r.Time_In < r.Time_Out,
  );
  expect(daytime.length, `present day segments on ${day}`).toBeGreaterThan(1);
  return daytime.slice(0, 2);
}

export type Row = [string, string, string | null, string | null, string | null];

/** An attendance workbook of the template's shape: sheet Attendance, its five headers, the rows. */
export async function attendanceWorkbook(rows: Row[]): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Attendance');
  sheet.addRow(['employeeNumber', 'date', 'Time_In', 'Time_Out', 'statusCode']);
  for (const row of rows) sheet.addRow(row.map((cell) => cell ?? null));
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
