import { expect, it } from 'vitest';
import { openXlsx } from '../../src/core/xlsx/index.ts';
import { describeEachDatabase, type TestContext } from '../helpers/app.ts';
import { attendanceWorkbook, multipartBody, previewAttendance } from '../helpers/workbooks.ts';

const commit = (t: TestContext, user: string, previewId: string) =>
  t.request(user, { method: 'POST', url: '/api/admin/attendance/import/commit', payload: { previewId } });

const verdicts = (response: {
  json(): { rows: { rowNumber: number; verdict: string; errors: { code: string }[] }[] };
}) =>
  response.json().rows.map((row) => [row.rowNumber, row.verdict, ...row.errors.map((error) => error.code)]);

describeEachDatabase('attendance import', (t) => {
  it('previews a verdict per row, rejecting a Time_Out that crosses midnight, and commits the valid rows', async () => {
    const day = '2026-03-02';
    const preview = await previewAttendance(t, 'hrdirector', [
      ['E00010', day, '06:00', '14:00', 'PRESENT'],
      ['E00011', day, '22:00', '06:00', 'PRESENT'],
      ['E00012', day, '14:20', '22:00', null],
      ['E00013', day, null, null, 'absent'],
      ['E99999', day, '06:00', '14:00', 'PRESENT'],
      ['E00014', '2026-02-30', '06:00', '14:00', 'PRESENT'],
      ['E00015', day, '6h', '14:00', 'PRESENT'],
      ['E00016', day, null, null, null],
      ['E00017', day, null, '14:00', 'PRESENT'],
      ['E00018', '2099-01-01', '06:00', '14:00', 'PRESENT'],
      ['E00019', day, '06:00', '14:00', 'WORKING'],
      ['E00020', day, '06:00', '14:00', 'PRESENT'],
      ['E00020', day, '06:05', '14:00', 'PRESENT'],
      ['E00021', '46084', '0.25', '0.5', 'PRESENT'],
    ]);
    expect(preview.statusCode, preview.body).toBe(200);
    expect(verdicts(preview)).toEqual([
      [2, 'new'],
      [3, 'rejected', 'TIME_OUT_CROSSES_MIDNIGHT'],
      [4, 'new'],
      [5, 'new'],
      [6, 'rejected', 'EMPLOYEE_UNKNOWN'],
      [7, 'rejected', 'DATE_INVALID'],
      [8, 'rejected', 'TIME_INVALID'],
      [9, 'rejected', 'REQUIRED'],
      [10, 'rejected', 'TIME_OUT_WITHOUT_TIME_IN'],
      [11, 'rejected', 'DATE_IN_FUTURE'],
      [12, 'rejected', 'ATTENDANCE_STATUS_UNKNOWN'],
      [13, 'rejected', 'SEGMENT_OVERLAP'],
      [14, 'rejected', 'SEGMENT_OVERLAP'],
      [15, 'new'],
    ]);
    expect(preview.json().rows[2]).toMatchObject({ statusCode: 'PRESENT', Time_In: '14:20' });
    expect(preview.json().rows[13]).toMatchObject({
      date: '2026-03-03',
      Time_In: '06:00',
      Time_Out: '12:00',
    });
    expect(preview.json().summary).toEqual({ rows: 14, new: 4, changed: 0, unchanged: 0, rejected: 10 });
    const { previewId, expiresAt } = preview.json();
    expect(new Date(expiresAt).getTime()).toBeGreaterThan(Date.now() + 59 * 60_000);

    // Nothing is written by the preview.
    const before = await t.request('hradmin', {
      method: 'GET',
      url: `/api/attendance/all?from=${day}&to=${day}`,
    });
    expect(before.json().total).toBe(0);

    expect((await commit(t, 'coo', previewId)).statusCode).toBe(404);
    const committed = await commit(t, 'hrdirector', previewId);
    expect(committed.statusCode, committed.body).toBe(200);
    expect(committed.json()).toMatchObject({
      previewId,
      inserted: 4,
      updated: 0,
      unchanged: 0,
      rejected: 10,
    });
    const after = await t.request('hradmin', {
      method: 'GET',
      url: `/api/attendance/all?from=${day}&to=2026-03-03&pageSize=100`,
    });
    expect(
      after
        .json()
        .items.map((item: { employee: { employeeNumber: string } }) => item.employee.employeeNumber)
        .sort(),
    ).toEqual(['E00010', 'E00012', 'E00013', 'E00021']);

    const twice = await commit(t, 'hrdirector', previewId);
    expect(twice.statusCode).toBe(409);
    expect(twice.json().code).toBe('IMPORT_PREVIEW_COMMITTED');

    const events = await t.request('sysadmin', {
      method: 'GET',
      url: `/api/audit/events?entityType=attendance_import&entityId=${previewId}`,
    });
    expect(
      events
        .json()
        .items.map((event: { action: string }) => event.action)
        .sort(),
    ).toEqual(['attendance.import.commit', 'attendance.import.preview']);
  });

  it('upserts by employee and date: an equal row changes nothing, a different one updates the record', async () => {
    const day = '2026-03-09';
    const first = await previewAttendance(t, 'sysadmin', [
      ['E00030', day, '06:00', '14:00', 'PRESENT'],
      ['E00031', day, '06:00', '14:00', 'PRESENT'],
    ]);
    await commit(t, 'sysadmin', first.json().previewId);
    const second = await previewAttendance(t, 'sysadmin', [
      ['E00030', day, '06:00', '14:00', 'PRESENT'],
      ['E00031', day, '06:00', '12:30', 'EARLY_LEAVE'],
      ['E00032', day, '06:00', '14:00', 'PRESENT'],
    ]);
    expect(verdicts(second)).toEqual([
      [2, 'unchanged'],
      [3, 'changed'],
      [4, 'new'],
    ]);
    // A changed row says what it replaces, so a person reads the change as before and after.
    expect(second.json().rows.map((row: { before: unknown }) => row.before)).toEqual([
      { Time_In: '06:00', Time_Out: '14:00', statusCode: 'PRESENT' },
      { Time_In: '06:00', Time_Out: '14:00', statusCode: 'PRESENT' },
      null,
    ]);
    const result = await commit(t, 'sysadmin', second.json().previewId);
    expect(result.json()).toMatchObject({ inserted: 1, updated: 1, unchanged: 1, rejected: 0 });
    const records = (
      await t.request('hradmin', { method: 'GET', url: `/api/attendance/all?from=${day}&to=${day}` })
    ).json().items as {
      id: string;
      version: number;
      Time_Out: string;
      employee: { employeeNumber: string };
    }[];
    const byNumber = Object.fromEntries(records.map((record) => [record.employee.employeeNumber, record]));
    expect(byNumber.E00030).toMatchObject({ version: 1 });
    expect(byNumber.E00031).toMatchObject({ version: 2, Time_Out: '12:30', statusCode: 'EARLY_LEAVE' });
    const changes = (
      await t.request('hradmin', { method: 'GET', url: `/api/attendance/${byNumber.E00031!.id}/audit` })
    ).json().items;
    expect(changes).toHaveLength(2);
    expect(changes[1]).toMatchObject({
      action: 'import',
      by: { username: 'sysadmin' },
      before: { Time_Out: '14:00', statusCode: 'PRESENT' },
      after: { Time_Out: '12:30', statusCode: 'EARLY_LEAVE', source: 'import' },
      importId: second.json().previewId,
    });
  });

  it('commits exactly the rows its preview listed as new or changed: records under review stay as they are', async () => {
    interface Record {
      id: string;
      date: string;
      Time_In: string | null;
      Time_Out: string | null;
      statusCode: string;
      source: string;
      version: number;
      pendingReviewId: string | null;
      employee: { employeeNumber: string };
    }
    const own = (
      await t.request('employee', { method: 'GET', url: '/api/me/attendance?pageSize=100' })
    ).json().items as Record[];
    const inReview = own.filter((record) => record.pendingReviewId);
    expect(inReview.length).toBeGreaterThanOrEqual(2);
    const settled = own.find(
      (record) =>
        !record.pendingReviewId &&
        record.statusCode === 'PRESENT' &&
        !inReview.some((other) => other.date === record.date),
    )!;
    expect(settled).toBeTruthy();
    const row = (record: Record, timeOut = record.Time_Out, status = record.statusCode) =>
      [record.employee.employeeNumber, record.date, record.Time_In, timeOut, status] as [
        string,
        string,
        string | null,
        string | null,
        string,
      ];
    const preview = await previewAttendance(t, 'hrdirector', [
      ...inReview.map((record) => row(record)),
      row(settled, settled.Time_Out, 'LATE'),
      ['E00040', '2026-03-16', '06:00', '14:00', 'PRESENT'],
    ]);
    expect(preview.statusCode, preview.body).toBe(200);
    const listed = preview.json().rows as { rowNumber: number; verdict: string; errors: unknown[] }[];
    expect(listed.flatMap((item) => item.errors)).toEqual([]);
    expect(listed.map((item) => item.verdict)).toEqual([
      ...inReview.map(() => 'unchanged'),
      'changed',
      'new',
    ]);
    const committed = await commit(t, 'hrdirector', preview.json().previewId);
    expect(committed.statusCode, committed.body).toBe(200);
    const { summary } = preview.json();
    expect(committed.json()).toMatchObject({
      inserted: summary.new,
      updated: summary.changed,
      unchanged: summary.unchanged,
      rejected: summary.rejected,
    });

    const trailOf = async (id: string) =>
      (await t.request('hradmin', { method: 'GET', url: `/api/attendance/${id}/audit` })).json().items as {
        importId: string | null;
      }[];
    const after = (
      await t.request('employee', { method: 'GET', url: '/api/me/attendance?pageSize=100' })
    ).json().items as Record[];
    for (const before of inReview) {
      const now = after.find((record) => record.id === before.id)!;
      expect(now).toMatchObject({
        source: before.source,
        version: before.version,
        pendingReviewId: before.pendingReviewId,
      });
      expect((await trailOf(before.id)).some((change) => change.importId === preview.json().previewId)).toBe(
        false,
      );
    }
    const changed = after.find((record) => record.id === settled.id)!;
    expect(changed).toMatchObject({
      Time_Out: settled.Time_Out,
      statusCode: 'LATE',
      version: settled.version + 1,
    });
    expect(
      (await trailOf(settled.id)).filter((change) => change.importId === preview.json().previewId),
    ).toHaveLength(1);
  });

  it('takes a unit status of its own, which then cannot be deleted while a record uses it', async () => {
    const created = await t.request('sysadmin', {
      method: 'POST',
      url: '/api/admin/attendance-statuses',
      payload: { code: 'REMOTE', Name_1_English: 'Remote work', Name_2_Arabic: 'عمل عن بعد' },
    });
    expect(created.statusCode, created.body).toBe(201);
    const preview = await previewAttendance(t, 'sysadmin', [
      ['E00035', '2026-03-23', '08:00', '16:00', 'remote'],
    ]);
    expect(verdicts(preview)).toEqual([[2, 'new']]);
    expect((await commit(t, 'sysadmin', preview.json().previewId)).statusCode).toBe(200);
    const removed = await t.request('sysadmin', {
      method: 'DELETE',
      url: `/api/admin/attendance-statuses/${created.json().id}`,
    });
    expect(removed.statusCode).toBe(409);
    expect(removed.json().code).toBe('ATTENDANCE_STATUS_REFERENCED');
  });

  it('serves a template with the sheet and headers the preview expects', async () => {
    const response = await t.request('coo', { method: 'GET', url: '/api/admin/attendance/template' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('spreadsheetml');
    const workbook = await openXlsx(response.rawPayload);
    expect(workbook.sheetNames).toEqual(['Attendance']);
    expect((await workbook.readAll('Attendance'))[0]!.cells).toEqual([
      'employeeNumber',
      'date',
      'Time_In',
      'Time_Out',
      'statusCode',
    ]);
    workbook.close();
    expect(
      (await t.request('manager', { method: 'GET', url: '/api/admin/attendance/template' })).statusCode,
    ).toBe(403);
  });

  it('refuses what is not an attendance workbook before any preview', async () => {
    const send = (payload: Buffer, headers: Record<string, string>) =>
      t.request('sysadmin', {
        method: 'POST',
        url: '/api/admin/attendance/import/preview',
        payload,
        headers,
      });
    const json = await t.request('sysadmin', {
      method: 'POST',
      url: '/api/admin/attendance/import/preview',
      payload: { rows: [] },
    });
    expect(json.statusCode).toBe(415);
    const notXlsx = multipartBody(Buffer.from('employeeNumber,date\nE00001,2026-01-01\n'), 'a.xlsx');
    expect((await send(notXlsx.payload, notXlsx.headers)).json().code).toBe('UNSUPPORTED_MEDIA_TYPE');
    const wrongHeaders = multipartBody(
      await attendanceWorkbook([], {
        headers: ['employeeNumber', 'day', 'Time_In', 'Time_Out', 'statusCode'],
      }),
    );
    const schema = await send(wrongHeaders.payload, wrongHeaders.headers);
    expect(schema.statusCode).toBe(422);
    expect(schema.json().code).toBe('IMPORT_SCHEMA_INVALID');
    expect(
      schema
        .json()
        .errors.map((error: { path: string }) => error.path)
        .sort(),
    ).toEqual(['Attendance/date', 'Attendance/day']);
    const wrongSheet = multipartBody(await attendanceWorkbook([], { sheet: 'Sheet1' }));
    expect((await send(wrongSheet.payload, wrongSheet.headers)).json().errors).toEqual([
      { path: 'Attendance', message: 'missing sheet Attendance' },
    ]);
    const tooLarge = multipartBody(Buffer.alloc(10 * 1024 * 1024 + 10, 1));
    expect((await send(tooLarge.payload, tooLarge.headers)).statusCode).toBe(413);
    expect((await commit(t, 'sysadmin', 'not-a-uuid')).statusCode).toBe(400);
    expect((await commit(t, 'sysadmin', crypto.randomUUID())).statusCode).toBe(404);
    const extra = await t.request('sysadmin', {
      method: 'POST',
      url: '/api/admin/attendance/import/commit',
      payload: { previewId: crypto.randomUUID(), force: true },
    });
    expect(extra.statusCode).toBe(400);
  });
});

let offsetMs = 0;
describeEachDatabase(
  'attendance import on the clock',
  (t) => {
    it('refuses to commit a preview older than an hour', async () => {
      offsetMs = 0;
      const preview = await previewAttendance(t, 'sysadmin', [
        ['E00040', '2026-03-16', '06:00', '14:00', 'PRESENT'],
      ]);
      expect(preview.statusCode).toBe(200);
      offsetMs = 61 * 60_000;
      const late = await commit(t, 'sysadmin', preview.json().previewId);
      expect(late.statusCode).toBe(409);
      expect(late.json().code).toBe('IMPORT_PREVIEW_EXPIRED');
      offsetMs = 0;
      const listed = await t.request('hradmin', {
        method: 'GET',
        url: '/api/attendance/all?from=2026-03-16&to=2026-03-16',
      });
      expect(listed.json().total).toBe(0);
      const fresh = await previewAttendance(t, 'sysadmin', [
        ['E00040', '2026-03-16', '06:00', '14:00', 'PRESENT'],
      ]);
      offsetMs = 59 * 60_000;
      expect((await commit(t, 'sysadmin', fresh.json().previewId)).statusCode).toBe(200);
    });
  },
  { now: () => new Date(Date.now() + offsetMs) },
);
