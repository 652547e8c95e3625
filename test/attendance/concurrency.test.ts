import { sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { describeEachDatabase } from '../helpers/app.ts';
import { importAttendance } from '../helpers/attendance.ts';
import { previewAttendance } from '../helpers/workbooks.ts';

/** PGlite serialises transactions; the PostgreSQL run is where these races are real. */
describeEachDatabase('attendance under concurrency', (t) => {
  it('commits a preview once when it is committed several times at the same moment', async () => {
    const preview = await previewAttendance(t, 'sysadmin', [
      ['E00050', '2026-04-06', '06:00', '14:00', 'PRESENT'],
      ['E00051', '2026-04-06', '06:00', '14:00', 'PRESENT'],
    ]);
    const responses = await Promise.all(
      Array.from({ length: 4 }, () =>
        t.request('sysadmin', {
          method: 'POST',
          url: '/api/admin/attendance/import/commit',
          payload: { previewId: preview.json().previewId },
        }),
      ),
    );
    expect(responses.map((response) => response.statusCode).sort()).toEqual([200, 409, 409, 409]);
    const listed = await t.request('hradmin', {
      method: 'GET',
      url: '/api/attendance/all?from=2026-04-06&to=2026-04-06',
    });
    expect(listed.json().total).toBe(2);
  });

  it('keeps one pending review per record when edits arrive together, each extending it', async () => {
    const records = await importAttendance(t, [['E00052', '2026-04-07', '06:00', '14:00', 'PRESENT']]);
    const record = records.get('E00052|2026-04-07')!;
    const times = ['06:10', '06:20', '06:30', '06:40'];
    const responses = await Promise.all(
      times.map((time) =>
        t.request('hrdirector', {
          method: 'PUT',
          url: `/api/admin/attendance/${record.id}`,
          payload: { Time_In: time, Time_Out: '14:00', statusCode: 'LATE' },
        }),
      ),
    );
    expect(responses.map((response) => response.statusCode)).toEqual([200, 200, 200, 200]);
    const reviewIds = new Set(responses.map((response) => response.json().pendingReviewId));
    expect(reviewIds.size).toBe(1);
    const queue = await t.request('coo', {
      method: 'GET',
      url: `/api/admin/attendance/pending-reviews?employeeId=${record.employee.id}`,
    });
    expect(queue.json().items).toHaveLength(1);
    expect(queue.json().items[0]).toMatchObject({ edits: 4, before: { Time_In: '06:00' } });
  });

  it('keeps the trail append-only: the database refuses to change or remove it', async () => {
    await expect(
      t.database.db.execute(sql`update attendance_record_changes set action = 'edit'`),
    ).rejects.toThrow();
    await expect(t.database.db.execute(sql`delete from attendance_record_changes`)).rejects.toThrow();
  });
});
