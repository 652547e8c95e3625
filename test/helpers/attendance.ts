import { expect } from 'vitest';
import type { TestContext } from './app.ts';
import { type AttendanceRow, previewAttendance } from './workbooks.ts';

export interface ListedRecord {
  id: string;
  version: number;
  employee: { id: string; employeeNumber: string; departmentId: string };
  [key: string]: unknown;
}

/** Imports rows through preview and commit as sysadmin; answers the records of that date by number. */
export async function importAttendance(t: TestContext, rows: AttendanceRow[]) {
  const preview = await previewAttendance(t, 'sysadmin', rows);
  expect(preview.statusCode, preview.body).toBe(200);
  const commit = await t.request('sysadmin', {
    method: 'POST',
    url: '/api/admin/attendance/import/commit',
    payload: { previewId: preview.json().previewId },
  });
  expect(commit.statusCode, commit.body).toBe(200);
  const dates = [...new Set(rows.map((row) => row[1]))].sort();
  const listed = await t.request('sysadmin', {
    method: 'GET',
    url: `/api/attendance/all?from=${dates[0]}&to=${dates.at(-1)}&pageSize=500`,
  });
  const byNumber = new Map<string, ListedRecord>();
  for (const record of listed.json().items)
    byNumber.set(`${record.employee.employeeNumber}|${record.date}`, record);
  return byNumber;
}

/** Imports rows as `importAttendance` does; answers each segment by `number|date|Time_In`. */
export async function importSegments(t: TestContext, rows: AttendanceRow[]) {
  await importAttendance(t, rows);
  const dates = [...new Set(rows.map((row) => row[1]))].sort();
  const listed = await t.request('sysadmin', {
    method: 'GET',
    url: `/api/attendance/all?from=${dates[0]}&to=${dates.at(-1)}&pageSize=500`,
  });
  const bySegment = new Map<string, ListedRecord>();
  for (const record of listed.json().items)
    bySegment.set(`${record.employee.employeeNumber}|${record.date}|${record.Time_In}`, record);
  return bySegment;
}
