import { sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { queryRows } from '../../src/core/db/database.ts';
import { describeEachDatabase, type TestContext } from '../helpers/app.ts';
import { importSegments } from '../helpers/attendance.ts';
import { previewAttendance } from '../helpers/workbooks.ts';

const commit = (t: TestContext, previewId: string) =>
  t.request('sysadmin', {
    method: 'POST',
    url: '/api/admin/attendance/import/commit',
    payload: { previewId },
  });

const verdicts = (response: {
  json(): { rows: { rowNumber: number; verdict: string; errors: { code: string }[] }[] };
}) =>
  response.json().rows.map((row) => [row.rowNumber, row.verdict, ...row.errors.map((error) => error.code)]);

interface Listed {
  id: string;
  date: string;
  Time_In: string | null;
  Time_Out: string | null;
  statusCode: string;
  version: number;
  pendingReviewId: string | null;
}

/** Records are segments of presence: several a date, keyed by employee, date and Time_In (DESIGN §12). */
describeEachDatabase('attendance segments', (t) => {
  const list = async (employeeNumber: string, from: string, to = from) => {
    const [employee] = await queryRows<{ id: string }>(
      t.database.db,
      sql`select id from employees where employee_number = ${employeeNumber}
        and bu_id = (select id from business_units where code = 'MAIN')`,
    );
    const response = await t.request('hradmin', {
      method: 'GET',
      url: `/api/attendance/all?employeeId=${employee!.id}&from=${from}&to=${to}&pageSize=100`,
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json().items as Listed[];
  };
  const brief = (records: Listed[]) =>
    records.map((record) => `${record.date} ${record.Time_In}–${record.Time_Out} ${record.statusCode}`);
  const trail = async (id: string) =>
    (await t.request('hradmin', { method: 'GET', url: `/api/attendance/${id}/audit` })).json().items;

  it('records back-to-back nights: the tail of one and the start of the next on one date', async () => {
    // Night 1 from 21:55 on the 2nd to 06:03 on the 3rd, night 2 from 22:40 on the 3rd to 06:02 on the 4th.
    const preview = await previewAttendance(t, 'sysadmin', [
      ['E00021', '2026-05-02', '21:55', '24:00', 'PRESENT'],
      ['E00021', '2026-05-03', '00:00', '06:03', 'PRESENT'],
      ['E00021', '2026-05-03', '22:40', '23:59', 'LATE'],
      ['E00021', '2026-05-04', '00:00', '06:02', 'PRESENT'],
    ]);
    expect(preview.statusCode, preview.body).toBe(200);
    expect(verdicts(preview)).toEqual([
      [2, 'new'],
      [3, 'new'],
      [4, 'new'],
      [5, 'new'],
    ]);
    expect((await commit(t, preview.json().previewId)).json()).toMatchObject({ inserted: 4, rejected: 0 });
    expect(brief(await list('E00021', '2026-05-02', '2026-05-04'))).toEqual([
      '2026-05-04 00:00–06:02 PRESENT',
      '2026-05-03 00:00–06:03 PRESENT',
      '2026-05-03 22:40–23:59 LATE',
      '2026-05-02 21:55–24:00 PRESENT',
    ]);
  });

  it('matches an import row to its segment by Time_In: the other segment of the date stays as it is', async () => {
    const day = '2026-05-06';
    const before = await importSegments(t, [
      ['E00022', day, '00:00', '06:00', 'PRESENT'],
      ['E00022', day, '22:00', '24:00', 'PRESENT'],
    ]);
    const preview = await previewAttendance(t, 'sysadmin', [
      ['E00022', day, '22:00', '23:30', 'EARLY_LEAVE'],
    ]);
    expect(verdicts(preview)).toEqual([[2, 'changed']]);
    expect((await commit(t, preview.json().previewId)).json()).toMatchObject({ inserted: 0, updated: 1 });
    const after = await list('E00022', day);
    expect(brief(after)).toEqual([`${day} 00:00–06:00 PRESENT`, `${day} 22:00–23:30 EARLY_LEAVE`]);
    const tail = after.find((record) => record.Time_In === '00:00')!;
    expect(tail).toMatchObject({ id: before.get(`E00022|${day}|00:00`)!.id, version: 1 });
  });

  it('refuses two rows of one segment, overlapping rows, and a row overlapping a recorded segment', async () => {
    const day = '2026-05-07';
    await importSegments(t, [['E00023', day, '06:00', '14:00', 'PRESENT']]);
    const preview = await previewAttendance(t, 'sysadmin', [
      ['E00024', day, '06:00', '10:00', 'PRESENT'],
      ['E00024', day, '06:00', '14:00', 'PRESENT'],
      ['E00025', day, '06:00', '12:00', 'PRESENT'],
      ['E00025', day, '11:30', '14:00', 'PRESENT'],
      // A break with its own clock-out and clock-in: segments that touch do not overlap.
      ['E00026', day, '06:00', '10:00', 'PRESENT'],
      ['E00026', day, '10:00', '14:00', 'PRESENT'],
      // E00023 already has 06:00–14:00 that day; a second clock-in inside it is refused, an evening is not.
      ['E00023', day, '13:00', '15:00', 'PRESENT'],
      ['E00023', day, '18:00', '20:00', 'PRESENT'],
      // A status for the whole day cannot stand beside a segment of presence.
      ['E00027', day, '06:00', '14:00', 'PRESENT'],
      ['E00027', day, null, null, 'ABSENT'],
    ]);
    expect(preview.statusCode, preview.body).toBe(200);
    expect(verdicts(preview)).toEqual([
      [2, 'rejected', 'DUPLICATE_ROW'],
      [3, 'rejected', 'DUPLICATE_ROW'],
      [4, 'rejected', 'SEGMENT_OVERLAP'],
      [5, 'rejected', 'SEGMENT_OVERLAP'],
      [6, 'new'],
      [7, 'new'],
      [8, 'rejected', 'SEGMENT_OVERLAP'],
      [9, 'new'],
      [10, 'rejected', 'SEGMENT_OVERLAP'],
      [11, 'rejected', 'SEGMENT_OVERLAP'],
    ]);
    expect(preview.json().rows[6].errors[0].message).toContain('the recorded segment 06:00–14:00');
    expect(preview.json().rows[2].errors[0].message).toContain('row 5 (11:30–14:00)');
  });

  it('refuses a commit whose segments overlap attendance recorded since the preview, writing nothing', async () => {
    const day = '2026-05-08';
    const preview = await previewAttendance(t, 'sysadmin', [
      ['E00028', day, '06:00', '14:00', 'PRESENT'],
      ['E00029', day, '06:00', '14:00', 'PRESENT'],
    ]);
    expect(verdicts(preview)).toEqual([
      [2, 'new'],
      [3, 'new'],
    ]);
    await importSegments(t, [['E00028', day, '13:00', '18:00', 'PRESENT']]);
    const refused = await commit(t, preview.json().previewId);
    expect(refused.statusCode, refused.body).toBe(409);
    expect(refused.json(), refused.body).toMatchObject({
      code: 'SEGMENT_OVERLAP',
      overlaps: [{ employeeNumber: 'E00028', date: day, segments: ['06:00–14:00', '13:00–18:00'] }],
    });
    expect(await list('E00029', day)).toEqual([]);
  });

  it('edits and reviews one segment without touching the other segment of the date; the trail names it', async () => {
    const day = '2026-05-10';
    const records = await importSegments(t, [
      ['E00030', day, '00:00', '06:03', 'PRESENT'],
      ['E00030', day, '22:40', '24:00', 'PRESENT'],
    ]);
    const tail = records.get(`E00030|${day}|00:00`)!;
    const start = records.get(`E00030|${day}|22:40`)!;

    const edited = await t.request('hrdirector', {
      method: 'PUT',
      url: `/api/admin/attendance/${start.id}`,
      headers: { 'if-match': '"1"' },
      payload: {
        Time_In: '22:05',
        Time_Out: '24:00',
        statusCode: 'PRESENT',
        reason: 'Badge reader at gate 4',
      },
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json()).toMatchObject({ id: start.id, Time_In: '22:05', version: 2, source: 'edit' });
    const reviewId = edited.json().pendingReviewId as string;
    expect(reviewId).toBeTruthy();

    // The other segment of the date: same values, version, no review, and a trail of its import alone.
    const untouched = (await list('E00030', day)).find((record) => record.id === tail.id)!;
    expect(untouched).toMatchObject({
      Time_In: '00:00',
      Time_Out: '06:03',
      version: 1,
      pendingReviewId: null,
    });
    expect((await trail(tail.id)).map((change: { action: string }) => change.action)).toEqual(['import']);

    const changes = await trail(start.id);
    expect(changes).toHaveLength(2);
    expect(changes[0].segment).toEqual({
      recordId: start.id,
      employeeId: start.employee.id,
      date: day,
      Time_In: '22:40',
    });
    expect(changes[1]).toMatchObject({
      action: 'edit',
      segment: { recordId: start.id, date: day, Time_In: '22:05' },
      before: { Time_In: '22:40', Time_Out: '24:00' },
      after: { Time_In: '22:05', Time_Out: '24:00', source: 'edit' },
      reviewId,
    });
    const queue = await t.request('coo', {
      method: 'GET',
      url: `/api/admin/attendance/pending-reviews?employeeId=${start.employee.id}`,
    });
    expect(queue.json().items).toHaveLength(1);
    expect(queue.json().items[0]).toMatchObject({ id: reviewId, record: { id: start.id, Time_In: '22:05' } });

    // Times that would overlap the other segment are refused, naming it.
    const overlapping = await t.request('hrdirector', {
      method: 'PUT',
      url: `/api/admin/attendance/${tail.id}`,
      payload: { Time_In: '00:00', Time_Out: '23:00', statusCode: 'PRESENT' },
    });
    expect(overlapping.statusCode, overlapping.body).toBe(409);
    expect(overlapping.json()).toMatchObject({
      code: 'SEGMENT_OVERLAP',
      segments: [{ id: start.id, Time_In: '22:05', Time_Out: '24:00' }],
    });

    const reverted = await t.request('coo', {
      method: 'POST',
      url: `/api/admin/attendance/pending-reviews/${reviewId}/revert`,
      payload: { comment: 'The reader was right' },
    });
    expect(reverted.statusCode, reverted.body).toBe(200);
    expect(reverted.json().record).toMatchObject({ id: start.id, Time_In: '22:40', source: 'import' });
    expect(brief(await list('E00030', day))).toEqual([
      `${day} 00:00–06:03 PRESENT`,
      `${day} 22:40–24:00 PRESENT`,
    ]);
    expect((await trail(tail.id)).map((change: { action: string }) => change.action)).toEqual(['import']);
    expect((await trail(start.id)).at(-1)).toMatchObject({
      action: 'revert',
      segment: { recordId: start.id, Time_In: '22:40' },
    });
    const events = (
      await t.request('sysadmin', {
        method: 'GET',
        url: `/api/audit/events?entityType=attendance_review&entityId=${reviewId}`,
      })
    ).json().items;
    expect(events[0].details.segment).toMatchObject({
      recordId: start.id,
      employeeNumber: 'E00030',
      date: day,
      Time_In: '22:40',
    });
  });

  it('refuses a revert that would restore times now overlapping another segment', async () => {
    const day = '2026-05-11';
    const records = await importSegments(t, [['E00031', day, '06:00', '14:00', 'PRESENT']]);
    const record = records.get(`E00031|${day}|06:00`)!;
    const edited = await t.request('hrdirector', {
      method: 'PUT',
      url: `/api/admin/attendance/${record.id}`,
      payload: { Time_In: '06:00', Time_Out: '10:00', statusCode: 'EARLY_LEAVE' },
    });
    expect(edited.statusCode, edited.body).toBe(200);
    await importSegments(t, [['E00031', day, '12:00', '16:00', 'PRESENT']]);
    const reverted = await t.request('coo', {
      method: 'POST',
      url: `/api/admin/attendance/pending-reviews/${edited.json().pendingReviewId}/revert`,
    });
    expect(reverted.statusCode, reverted.body).toBe(409);
    expect(reverted.json().code).toBe('SEGMENT_OVERLAP');
  });
});
