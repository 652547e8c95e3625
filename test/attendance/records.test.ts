import { expect, it } from 'vitest';
import { describeEachDatabase } from '../helpers/app.ts';
import { importAttendance } from '../helpers/attendance.ts';
import type { AttendanceRow } from '../helpers/workbooks.ts';

describeEachDatabase('attendance records', (t) => {
  const day = '2026-01-05';
  // E00007 is the demo employee (ramp), E00001 the ramp manager; E00002 works in PAX, E00003 in CARGO.
  const rows: AttendanceRow[] = [
    ['E00007', day, '06:02', '14:00', null],
    ['E00001', day, '06:00', '14:05', 'PRESENT'],
    ['E00002', day, '14:25', '22:00', 'LATE'],
    ['E00003', day, null, null, 'ABSENT'],
  ];
  let records: Awaited<ReturnType<typeof importAttendance>>;
  const list = (user: string, path: string) =>
    t.request(user, { method: 'GET', url: `${path}?from=${day}&to=${day}&pageSize=100` });
  const numbers = (response: { json(): { items: { employee: { employeeNumber: string } }[] } }) =>
    response
      .json()
      .items.map((item) => item.employee.employeeNumber)
      .sort();

  it('shows all records to attendance.view.all, the scoped department to a manager, and own to everyone', async () => {
    records = await importAttendance(t, rows);
    expect(records.size).toBe(4);
    expect(numbers(await list('hradmin', '/api/attendance/all'))).toEqual([
      'E00001',
      'E00002',
      'E00003',
      'E00007',
    ]);
    expect(numbers(await list('manager', '/api/attendance/scoped'))).toEqual(['E00001', 'E00007']);
    expect(numbers(await list('supervisor', '/api/attendance/scoped'))).toEqual(['E00001', 'E00007']);
    expect(numbers(await list('employee', '/api/me/attendance'))).toEqual(['E00007']);
    expect(numbers(await list('manager', '/api/me/attendance'))).toEqual(['E00001']);
    expect((await list('manager', '/api/attendance/all')).statusCode).toBe(403);
    expect((await list('employee', '/api/attendance/scoped')).statusCode).toBe(403);
    expect((await list('north.admin', '/api/attendance/all')).json().total).toBe(0);
  });

  it('answers a record with its employee, times and status, and 404 to another business unit', async () => {
    const record = records.get(`E00002|${day}`)!;
    const response = await t.request('hrdirector', { method: 'GET', url: `/api/attendance/${record.id}` });
    expect(response.statusCode).toBe(200);
    expect(response.headers.etag).toBe('"1"');
    expect(response.json()).toMatchObject({
      date: day,
      Time_In: '14:25',
      Time_Out: '22:00',
      statusCode: 'LATE',
      source: 'import',
      pendingReviewId: null,
      employee: { employeeNumber: 'E00002' },
    });
    expect(records.get(`E00007|${day}`)!.statusCode).toBe('PRESENT');
    expect(
      (await t.request('north.admin', { method: 'GET', url: `/api/attendance/${record.id}` })).statusCode,
    ).toBe(404);
    expect(
      (await t.request('manager', { method: 'GET', url: `/api/attendance/${record.id}` })).statusCode,
    ).toBe(403);
  });

  it('filters by employee, department and status, and pages', async () => {
    const pax = records.get(`E00002|${day}`)!.employee as { id: string; departmentId: string };
    const byEmployee = await t.request('hradmin', {
      method: 'GET',
      url: `/api/attendance/all?from=${day}&to=${day}&employeeId=${pax.id}`,
    });
    expect(numbers(byEmployee)).toEqual(['E00002']);
    const byDepartment = await t.request('hradmin', {
      method: 'GET',
      url: `/api/attendance/all?from=${day}&to=${day}&departmentId=${pax.departmentId}`,
    });
    expect(numbers(byDepartment)).toEqual(['E00002']);
    const byStatus = await t.request('hradmin', {
      method: 'GET',
      url: `/api/attendance/all?from=${day}&to=${day}&statusCode=ABSENT`,
    });
    expect(numbers(byStatus)).toEqual(['E00003']);
    const paged = await t.request('hradmin', {
      method: 'GET',
      url: `/api/attendance/all?from=${day}&to=${day}&page=2&pageSize=3`,
    });
    expect(paged.json()).toMatchObject({ page: 2, pageSize: 3, total: 4 });
    expect(paged.json().items).toHaveLength(1);
  });

  it('refuses malformed filters with 400 and unknown records with 404', async () => {
    expect(
      (await t.request('hradmin', { method: 'GET', url: '/api/attendance/all?from=2026-02-30' })).statusCode,
    ).toBe(400);
    expect(
      (await t.request('hradmin', { method: 'GET', url: '/api/attendance/all?pageSize=501' })).statusCode,
    ).toBe(400);
    const unknown = await t.request('hradmin', {
      method: 'GET',
      url: `/api/attendance/${crypto.randomUUID()}`,
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.headers['content-type']).toContain('application/problem+json');
    expect(
      (await t.request('hradmin', { method: 'GET', url: '/api/attendance/not-a-uuid/audit' })).statusCode,
    ).toBe(400);
  });

  it('holds two weeks of demo attendance with absences, late arrivals and early departures, two edits in review', async () => {
    const counts: Record<string, number> = {};
    for (const status of ['PRESENT', 'LATE', 'EARLY_LEAVE', 'ABSENT']) {
      const response = await t.request('hradmin', {
        method: 'GET',
        url: `/api/attendance/all?from=2026-06-01&statusCode=${status}&pageSize=1`,
      });
      counts[status] = response.json().total;
    }
    expect(counts.PRESENT).toBeGreaterThan(100);
    for (const status of ['LATE', 'EARLY_LEAVE', 'ABSENT']) expect(counts[status]).toBeGreaterThan(0);
    const own = await t.request('employee', { method: 'GET', url: '/api/me/attendance?from=2026-06-01' });
    expect(own.json().total).toBeGreaterThanOrEqual(8);
    expect(own.json().items[0]).toMatchObject({ source: 'edit' });
    expect(own.json().items[0].pendingReviewId).toBeTruthy();
    const queue = await t.request('coo', { method: 'GET', url: '/api/admin/attendance/pending-reviews' });
    expect(queue.json().total).toBeGreaterThanOrEqual(2);
  });
});
