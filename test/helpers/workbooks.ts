import type { LightMyRequestResponse } from 'fastify';
import { writeXlsx, type XlsxCell } from '../../src/core/xlsx/index.ts';
import { EMPLOYEE_COLUMNS, ORG_NODE_COLUMNS, SKILL_COLUMNS } from '../../src/modules/imports/workbook.ts';
import type { TestContext } from './app.ts';

export type EmployeeRow = [
  employeeNumber: string,
  nameEn: string,
  nameAr: string,
  departmentCode?: string | null,
  gradeCode?: string | null,
  status?: string | null,
  hireDate?: string | null,
  endDate?: string | null,
];

/** An import workbook of the template's shape (headers overridable to test the 422); OrgNodes when given. */
export async function importWorkbook(
  employees: Iterable<readonly XlsxCell[]>,
  skills: Iterable<readonly XlsxCell[]> = [],
  headers: { employees?: readonly string[]; skills?: readonly string[]; orgNodes?: readonly string[] } = {},
  orgNodes?: Iterable<readonly XlsxCell[]>,
): Promise<Buffer> {
  return (await writeXlsx([
    {
      name: 'Employees',
      columns: (headers.employees ?? EMPLOYEE_COLUMNS).map((header) => ({ header })),
      rows: employees,
    },
    {
      name: 'EmployeeSkills',
      columns: (headers.skills ?? SKILL_COLUMNS).map((header) => ({ header })),
      rows: skills,
    },
    ...(orgNodes
      ? [
          {
            name: 'OrgNodes',
            columns: (headers.orgNodes ?? ORG_NODE_COLUMNS).map((header) => ({ header })),
            rows: orgNodes,
          },
        ]
      : []),
  ]))!;
}

/** A multipart/form-data body with one file field. */
export function multipartBody(bytes: Buffer, fileName = 'people.xlsx', field = 'file') {
  const boundary = `----rostering${Math.random().toString(16).slice(2)}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${fileName}"\r\n` +
      'Content-Type: application/vnd.openxmlformats-officedocument.spreadsheetml.sheet\r\n\r\n',
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return {
    payload: Buffer.concat([head, bytes, tail]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

export function upload(
  t: TestContext,
  user: string,
  bytes: Buffer,
  fileName?: string,
): Promise<LightMyRequestResponse> {
  const body = multipartBody(bytes, fileName);
  return t.request(user, { method: 'POST', url: '/api/imports/employees', ...body });
}

/** Polls a job until it leaves Queued and Running. */
export async function waitForJob(t: TestContext, user: string, id: string, timeoutMs = 120_000) {
  const started = Date.now();
  for (;;) {
    const job = (await t.request(user, { method: 'GET', url: `/api/imports/jobs/${id}` })).json();
    if (job.status !== 'Queued' && job.status !== 'Running') return job;
    if (Date.now() - started > timeoutMs)
      throw new Error(`job ${id} still ${job.status}: ${JSON.stringify(job)}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

export type AttendanceRow = [
  employeeNumber: string,
  date: string,
  timeIn?: string | null,
  timeOut?: string | null,
  statusCode?: string | null,
];

/** An attendance workbook of the template's shape (sheet and headers overridable to test the 422). */
export async function attendanceWorkbook(
  rows: Iterable<readonly XlsxCell[]>,
  options: { sheet?: string; headers?: readonly string[] } = {},
): Promise<Buffer> {
  return (await writeXlsx([
    {
      name: options.sheet ?? 'Attendance',
      columns: (options.headers ?? ['employeeNumber', 'date', 'Time_In', 'Time_Out', 'statusCode']).map(
        (header) => ({ header }),
      ),
      rows,
    },
  ]))!;
}

export async function previewAttendance(
  t: TestContext,
  user: string,
  rows: Iterable<readonly XlsxCell[]>,
): Promise<LightMyRequestResponse> {
  const body = multipartBody(await attendanceWorkbook(rows), 'attendance.xlsx');
  return t.request(user, { method: 'POST', url: '/api/admin/attendance/import/preview', ...body });
}
