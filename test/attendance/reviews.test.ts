import { expect, it } from 'vitest';
import { describeEachDatabase } from '../helpers/app.ts';
import { importAttendance } from '../helpers/attendance.ts';

describeEachDatabase('attendance edits and their review', (t) => {
  let day = 0;
  /** A fresh date per test, so the records of one test never meet another's. */
  const nextDay = () => {
    day += 1;
    return `2026-02-${String(day).padStart(2, '0')}`;
  };
  const seedRecord = async (employeeNumber = 'E00002') => {
    const date = nextDay();
    const records = await importAttendance(t, [[employeeNumber, date, '06:00', '14:00', 'PRESENT']]);
    return records.get(`${employeeNumber}|${date}`)!;
  };
  const edit = (user: string, id: string, payload: Record<string, unknown>, version?: number) =>
    t.request(user, {
      method: 'PUT',
      url: `/api/admin/attendance/${id}`,
      payload,
      ...(version === undefined ? {} : { headers: { 'if-match': `"${version}"` } }),
    });
  const decide = (user: string, reviewId: string, action: 'acknowledge' | 'revert', comment?: string) =>
    t.request(user, {
      method: 'POST',
      url: `/api/admin/attendance/pending-reviews/${reviewId}/${action}`,
      payload: comment ? { comment } : {},
    });
  const pendingCount = async (user = 'coo') =>
    (await t.request(user, { method: 'GET', url: '/api/admin/attendance/pending-reviews/count' })).json()
      .count;
  const trail = async (id: string) =>
    (await t.request('hradmin', { method: 'GET', url: `/api/attendance/${id}/audit` })).json().items;

  it('applies an edit at once, opens a pending review holding before and after, and acknowledges it', async () => {
    const record = await seedRecord();
    const countBefore = await pendingCount();
    const edited = await edit(
      'hrdirector',
      record.id,
      { Time_In: '06:40', Time_Out: '14:00', statusCode: 'late', reason: 'Badge reader was down' },
      1,
    );
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.headers.etag).toBe('"2"');
    expect(edited.json()).toMatchObject({ Time_In: '06:40', statusCode: 'LATE', source: 'edit', version: 2 });
    const reviewId = edited.json().pendingReviewId;
    expect(reviewId).toBeTruthy();
    expect(await pendingCount()).toBe(countBefore + 1);

    const queue = await t.request('coo', {
      method: 'GET',
      url: `/api/admin/attendance/pending-reviews?from=${record.date}&to=${record.date}`,
    });
    expect(queue.statusCode).toBe(200);
    expect(queue.json().items).toHaveLength(1);
    expect(queue.json().items[0]).toMatchObject({
      id: reviewId,
      status: 'Pending',
      before: { Time_In: '06:00', Time_Out: '14:00', statusCode: 'PRESENT', source: 'import' },
      after: { Time_In: '06:40', Time_Out: '14:00', statusCode: 'LATE', source: 'edit' },
      edits: 1,
      reason: 'Badge reader was down',
      firstEditedBy: { username: 'hrdirector' },
      record: { id: record.id, version: 2 },
    });

    const own = await decide('hrdirector', reviewId, 'acknowledge');
    expect(own.statusCode).toBe(422);
    expect(own.json().code).toBe('OWN_ATTENDANCE_EDIT');
    const acknowledged = await decide('coo', reviewId, 'acknowledge', 'Checked with the supervisor');
    expect(acknowledged.statusCode, acknowledged.body).toBe(200);
    expect(acknowledged.json()).toMatchObject({
      status: 'Acknowledged',
      closedBy: { username: 'coo' },
      comment: 'Checked with the supervisor',
      record: { Time_In: '06:40', statusCode: 'LATE', pendingReviewId: null, version: 2 },
    });
    expect(await pendingCount()).toBe(countBefore);

    for (const action of ['acknowledge', 'revert'] as const) {
      const again = await decide('sysadmin', reviewId, action);
      expect(again.statusCode).toBe(409);
      expect(again.json().code).toBe('ATTENDANCE_REVIEW_CLOSED');
    }
    const changes = await trail(record.id);
    expect(changes.map((change: { action: string }) => change.action)).toEqual(['import', 'edit']);
    expect(changes[1]).toMatchObject({
      by: { username: 'hrdirector' },
      before: { Time_In: '06:00', statusCode: 'PRESENT' },
      after: { Time_In: '06:40', statusCode: 'LATE' },
      reviewId,
    });
    expect(changes[0].before).toBeNull();

    const events = await t.request('sysadmin', {
      method: 'GET',
      url: `/api/audit/events?entityType=attendance_review&entityId=${reviewId}`,
    });
    expect(events.json().items.map((event: { action: string }) => event.action)).toEqual([
      'attendance.review.acknowledge',
    ]);
  });

  it('extends a pending review with a second edit, keeping the first before, and reverts to it', async () => {
    const record = await seedRecord('E00003');
    const first = await edit(
      'hrdirector',
      record.id,
      { Time_In: '07:00', Time_Out: '14:00', statusCode: 'LATE' },
      1,
    );
    const reviewId = first.json().pendingReviewId;
    const stale = await edit('coo', record.id, { Time_In: null, Time_Out: null, statusCode: 'ABSENT' }, 1);
    expect(stale.statusCode).toBe(412);
    expect(stale.json().code).toBe('PRECONDITION_FAILED');
    const second = await edit('coo', record.id, { Time_In: null, Time_Out: null, statusCode: 'ABSENT' }, 2);
    expect(second.statusCode, second.body).toBe(200);
    expect(second.json().pendingReviewId).toBe(reviewId);

    const review = (
      await t.request('sysadmin', {
        method: 'GET',
        url: `/api/admin/attendance/pending-reviews?employeeId=${record.employee.id}&from=${record.date}&to=${record.date}`,
      })
    ).json().items[0];
    expect(review).toMatchObject({
      id: reviewId,
      edits: 2,
      before: { Time_In: '06:00', Time_Out: '14:00', statusCode: 'PRESENT', source: 'import' },
      after: { Time_In: null, Time_Out: null, statusCode: 'ABSENT', source: 'edit' },
      firstEditedBy: { username: 'hrdirector' },
      lastEditedBy: { username: 'coo' },
    });
    // Both editors are out of acknowledging; reverting is open to either.
    expect((await decide('coo', reviewId, 'acknowledge')).json().code).toBe('OWN_ATTENDANCE_EDIT');
    const reverted = await decide('hrdirector', reviewId, 'revert');
    expect(reverted.statusCode, reverted.body).toBe(200);
    expect(reverted.json()).toMatchObject({
      status: 'Reverted',
      record: { Time_In: '06:00', Time_Out: '14:00', statusCode: 'PRESENT', source: 'import', version: 4 },
    });
    const changes = await trail(record.id);
    expect(changes.map((change: { action: string }) => change.action)).toEqual([
      'import',
      'edit',
      'edit',
      'revert',
    ]);
    expect(changes[3]).toMatchObject({
      before: { statusCode: 'ABSENT', source: 'edit' },
      after: { Time_In: '06:00', statusCode: 'PRESENT', source: 'import' },
    });
    expect((await decide('sysadmin', reviewId, 'acknowledge')).json().code).toBe('ATTENDANCE_REVIEW_CLOSED');

    // After the close, the next edit opens a new review.
    const again = await edit('hrdirector', record.id, {
      Time_In: '06:00',
      Time_Out: '13:00',
      statusCode: 'EARLY_LEAVE',
    });
    expect(again.json().pendingReviewId).not.toBe(reviewId);
  });

  it('does not revert over an import that changed the record after the edit', async () => {
    const record = await seedRecord('E00005');
    const edited = await edit('hrdirector', record.id, {
      Time_In: '06:30',
      Time_Out: '14:00',
      statusCode: 'LATE',
    });
    // The clock system sends the segment again (its key is now the edited Time_In) with another clock-out.
    await importAttendance(t, [['E00005', record.date as string, '06:30', '14:10', 'PRESENT']]);
    const reverted = await decide('coo', edited.json().pendingReviewId, 'revert');
    expect(reverted.statusCode).toBe(409);
    expect(reverted.json().code).toBe('ATTENDANCE_RECORD_CHANGED');
    expect((await decide('coo', edited.json().pendingReviewId, 'acknowledge')).statusCode).toBe(200);
  });

  it('refuses an edit whose Time_Out crosses midnight or has no Time_In, and unknown statuses', async () => {
    const record = await seedRecord('E00006');
    const crossing = await edit('hrdirector', record.id, {
      Time_In: '22:00',
      Time_Out: '06:00',
      statusCode: 'PRESENT',
    });
    expect(crossing.statusCode).toBe(422);
    expect(crossing.json().code).toBe('TIME_OUT_CROSSES_MIDNIGHT');
    const noIn = await edit('hrdirector', record.id, {
      Time_In: null,
      Time_Out: '06:00',
      statusCode: 'PRESENT',
    });
    expect(noIn.json().code).toBe('TIME_OUT_WITHOUT_TIME_IN');
    const unknown = await edit('hrdirector', record.id, {
      Time_In: null,
      Time_Out: null,
      statusCode: 'ON_STRIKE',
    });
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json().code).toBe('ATTENDANCE_STATUS_UNKNOWN');
    for (const payload of [
      { Time_In: '25:00', Time_Out: null, statusCode: 'PRESENT' },
      { Time_In: '6:00', Time_Out: null, statusCode: 'PRESENT' },
      { Time_In: null, Time_Out: null },
      { Time_In: null, Time_Out: null, statusCode: 'ABSENT', employeeId: record.employee.id },
    ]) {
      expect((await edit('hrdirector', record.id, payload)).statusCode).toBe(400);
    }
    const unchanged = await t.request('hradmin', { method: 'GET', url: `/api/attendance/${record.id}` });
    expect(unchanged.json()).toMatchObject({ version: 1, pendingReviewId: null, Time_In: '06:00' });
    expect(
      (await edit('hrdirector', crypto.randomUUID(), { Time_In: null, Time_Out: null, statusCode: 'ABSENT' }))
        .statusCode,
    ).toBe(404);
    expect((await decide('coo', crypto.randomUUID(), 'revert')).statusCode).toBe(404);
  });

  it('opens no review for an edit that changes nothing', async () => {
    const record = await seedRecord('E00008');
    const same = await edit(
      'hrdirector',
      record.id,
      { Time_In: '06:00', Time_Out: '14:00', statusCode: 'PRESENT' },
      1,
    );
    expect(same.statusCode).toBe(200);
    expect(same.json()).toMatchObject({ version: 1, pendingReviewId: null, source: 'import' });
  });

  it('keeps the review queue and edits to their permissions: managers neither edit nor review', async () => {
    const record = await seedRecord('E00007');
    expect(
      (await edit('manager', record.id, { Time_In: null, Time_Out: null, statusCode: 'ABSENT' })).statusCode,
    ).toBe(403);
    expect(
      (await t.request('manager', { method: 'GET', url: '/api/admin/attendance/pending-reviews/count' }))
        .statusCode,
    ).toBe(403);
    expect(
      (
        await t.request('north.admin', { method: 'GET', url: '/api/admin/attendance/pending-reviews/count' })
      ).json(),
    ).toEqual({
      count: 0,
    });
  });
});
