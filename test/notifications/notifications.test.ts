import { sql } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import { queryRows } from '../../src/core/db/database.ts';
import { type NotificationEvent, notify } from '../../src/modules/notifications/service.ts';
import { describeEachDatabase } from '../helpers/app.ts';
import { changeDay2, DAY1, DAY2, mainIdOf, publishTinyRoster, republishLatest } from '../helpers/roster.ts';
import { importWorkbook, upload, waitForJob } from '../helpers/workbooks.ts';

/** A clock before the tiny roster's days, so the planner may still change them. */
const NOW = new Date('2027-03-01T08:00:00Z');

interface Told {
  id: string;
  kind: string;
  link: string;
  readAt: string | null;
  data: Record<string, unknown> & { changes?: { date: string; change: string }[] };
}
interface Inbox {
  items: Told[];
  total: number;
  unread: number;
}

describeEachDatabase(
  'notifications',
  (t) => {
    const ids: Record<string, string> = {};
    const as = (username: string, method: 'GET' | 'POST' | 'PATCH', url: string, payload?: object) =>
      t.request(username, { method, url, ...(payload ? { payload } : {}) });
    const inboxOf = async (username: string, query = '') => {
      const answer = await as(username, 'GET', `/api/me/notifications${query}`);
      expect(answer.statusCode, answer.body).toBe(200);
      return answer.json<Inbox>();
    };
    const employeeId = async (number: string) =>
      (
        await queryRows<{ id: string }>(
          t.database.db,
          sql`select id from employees where employee_number = ${number}
                and bu_id = (select id from business_units where code = 'MAIN')`,
        )
      )[0]!.id;
    const assign = async (employee: string, date: string, shift: string) => {
      const response = await as('planner', 'POST', `/api/employees/${employee}/shift-assignments`, {
        date,
        shiftTemplateId: ids[shift],
        terminalId: ids.T1,
      });
      expect(response.statusCode, response.body).toBe(201);
      return response.json().id as string;
    };

    beforeAll(async () => {
      ids.E7 = await employeeId('E00007');
      ids.E4 = await employeeId('E00004');
      for (const code of ['MORNING', 'NIGHT']) ids[code] = await mainIdOf(t, 'shift_templates', code);
      ids.T1 = await mainIdOf(t, 'terminals', 'T1');
    });

    it('tells the employee once what a republished version changes of their shifts, with the dates and a link', async () => {
      await publishTinyRoster(t);
      // The demo employee's day 2 changes: a shift added, or the one the engine gave taken off.
      const held = (await changeDay2(t, ids.E7!)) === 'removed';
      const before = (await inboxOf('employee')).items.filter((item) => item.kind === 'ROSTER_CHANGED');
      await republishLatest(t);
      const told = (await inboxOf('employee')).items.filter(
        (item) => item.kind === 'ROSTER_CHANGED' && item.data.version === 2,
      );
      expect(told).toHaveLength(1);
      expect(told[0]).toMatchObject({ link: '/my/roster?month=2027-03', readAt: null });
      expect(told[0]!.data.changes).toEqual([
        expect.objectContaining({
          date: DAY2,
          change: held ? 'removed' : 'added',
          [held ? 'after' : 'before']: null,
          [held ? 'before' : 'after']: expect.objectContaining({
            shiftNameEn: expect.any(String),
            terminalCode: held ? expect.any(String) : 'T1',
            start: expect.stringMatching(/^\d\d:\d\d/),
          }),
        }),
      ]);
      // Version 1 told only those on it: the employee heard of it once at most.
      expect(before.length).toBeLessThanOrEqual(1);
      expect(
        before.every((item) => item.data.version === 1 && item.link.startsWith('/my/roster?month=2027-03')),
      ).toBe(true);
      // The department's manager is asked to approve each version; the planner who published is not.
      const asked = (await inboxOf('manager')).items.filter((item) => item.kind === 'ROSTER_AWAITING');
      expect(asked.map((item) => [item.data.version, item.link])).toEqual([
        [2, '/approvals/rosters'],
        [1, '/approvals/rosters'],
      ]);
      expect(asked[0]!.data).toMatchObject({ from: DAY1, to: DAY2 });
      // Nobody else hears of the employee's change: the planner, who has no employee, is told only that
      // the run they executed finished, with its coverage and a link to it.
      const planned = (await inboxOf('planner')).items;
      const [executed] = await queryRows<{ id: string }>(
        t.database.db,
        sql`select run_id as id from published_rosters order by published_at desc limit 1`,
      );
      expect(planned).toMatchObject([
        {
          kind: 'RUN_FINISHED',
          link: `/runs/${executed!.id}`,
          data: { runId: executed!.id, outcome: 'Executed', coverage: { required: 4, assigned: 4 } },
        },
      ]);
      const [day1] = await queryRows<{ n: number }>(
        t.database.db,
        sql`select count(*)::int as n from notifications n
              cross join lateral jsonb_array_elements(n.data->'changes') c
             where (n.data->>'version')::int = 2 and c->>'date' = ${DAY1}`,
      );
      expect(day1!.n).toBe(0);
    });

    it('tells the employee each step of their leave decided, in their words, and nobody twice', async () => {
      const created = await as('employee', 'POST', '/api/leave-requests', {
        from: '2031-02-01',
        to: '2031-02-03',
      });
      expect(created.statusCode, created.body).toBe(201);
      const id = created.json().id as string;
      const awaiting = async (username: string) =>
        (await inboxOf(username)).items.filter(
          (item) => item.kind === 'LEAVE_AWAITING' && item.data.from === '2031-02-01',
        );
      expect(await awaiting('manager')).toMatchObject([
        { link: '/approvals/leave', data: { step: 1, to: '2031-02-03', by: { employeeNumber: 'E00007' } } },
      ]);
      expect(await awaiting('hradmin')).toEqual([]);
      expect(await awaiting('employee')).toEqual([]);
      const first = await as('manager', 'PATCH', `/api/leave-requests/${id}/approve`, { comment: 'Covered' });
      expect(first.statusCode, first.body).toBe(200);
      expect((await awaiting('hradmin')).map((item) => item.data.step)).toEqual([2]);
      expect((await awaiting('manager')).map((item) => item.data.step)).toEqual([1]);
      const rejected = await as('hradmin', 'PATCH', `/api/leave-requests/${id}/reject`, {
        comment: 'لا رصيد',
      });
      expect(rejected.statusCode, rejected.body).toBe(200);
      const told = (await inboxOf('employee')).items.filter((item) => item.kind === 'LEAVE_DECIDED');
      expect(told.map((item) => item.data)).toEqual([
        {
          from: '2031-02-01',
          to: '2031-02-03',
          step: 2,
          final: true,
          decision: 'Rejected',
          comment: 'لا رصيد',
        },
        {
          from: '2031-02-01',
          to: '2031-02-03',
          step: 1,
          final: false,
          decision: 'Approved',
          comment: 'Covered',
        },
      ]);
      expect(told.every((item) => item.link === '/my/leave')).toBe(true);
      expect((await inboxOf('manager')).items.some((item) => item.kind === 'LEAVE_DECIDED')).toBe(false);
    });

    it('tells the colleague of a proposed give-away, the proposer of the answer, both of the decision', async () => {
      const shift = await assign(ids.E7!, '2027-04-10', 'MORNING');
      const given = await as('employee', 'POST', '/api/me/shift-swaps', {
        kind: 'GiveAway',
        assignmentId: shift,
        colleagueId: ids.E4,
      });
      expect(given.statusCode, given.body).toBe(201);
      const proposed = (await inboxOf('supervisor')).items.filter((item) => item.kind === 'SWAP_PROPOSED');
      expect(proposed).toHaveLength(1);
      expect(proposed[0]).toMatchObject({
        link: '/my/swaps',
        data: {
          swapKind: 'GiveAway',
          offeredDate: '2027-04-10',
          wantedDate: null,
          by: { employeeNumber: 'E00007' },
        },
      });
      expect((await inboxOf('employee')).items.some((item) => item.kind === 'SWAP_PROPOSED')).toBe(false);
      const swap = given.json().id as string;
      expect((await as('supervisor', 'POST', `/api/me/shift-swaps/${swap}/accept`)).statusCode).toBe(200);
      const answered = (await inboxOf('employee')).items.filter((item) => item.kind === 'SWAP_ANSWERED');
      expect(answered).toMatchObject([{ data: { decision: 'Accepted', by: { employeeNumber: 'E00004' } } }]);
      const waiting = (await inboxOf('manager')).items.filter((item) => item.kind === 'SWAP_AWAITING');
      expect(waiting).toMatchObject([
        { link: '/approvals/swaps', data: { offeredDate: '2027-04-10', by: { employeeNumber: 'E00007' } } },
      ]);
      for (const party of ['employee', 'supervisor'])
        expect((await inboxOf(party)).items.some((item) => item.kind === 'SWAP_AWAITING')).toBe(false);
      expect((await as('manager', 'POST', `/api/shift-swaps/${swap}/approve`)).statusCode).toBe(200);
      for (const username of ['employee', 'supervisor']) {
        const decided = (await inboxOf(username)).items.filter((item) => item.kind === 'SWAP_DECIDED');
        expect(decided).toMatchObject([{ data: { decision: 'Approved', offeredDate: '2027-04-10' } }]);
      }
    });

    it('marks one read, then all, unread first, and keeps each person to their own', async () => {
      const mine = await inboxOf('employee');
      expect(mine.unread).toBeGreaterThanOrEqual(3);
      const someone = (await inboxOf('supervisor')).items[0]!;
      for (const stranger of ['employee', 'manager']) {
        const refused = await as(stranger, 'POST', `/api/me/notifications/${someone.id}/read`);
        expect(refused.statusCode).toBe(404);
        expect(refused.headers['content-type']).toContain('application/problem+json');
      }
      expect((await inboxOf('supervisor')).items.find((item) => item.id === someone.id)?.readAt).toBeNull();
      const last = mine.items.at(-1)!;
      const read = await as('employee', 'POST', `/api/me/notifications/${last.id}/read`);
      expect(read.statusCode, read.body).toBe(200);
      expect(read.json().readAt).toEqual(NOW.toISOString());
      const after = await inboxOf('employee');
      expect(after.unread).toBe(mine.unread - 1);
      expect(after.items.at(-1)!.id).toBe(last.id);
      expect((await inboxOf('employee', '?unread=true')).total).toBe(mine.unread - 1);
      const paged = await inboxOf('employee', '?pageSize=1&page=2');
      expect(paged.items).toHaveLength(1);
      const all = await as('employee', 'POST', '/api/me/notifications/read-all');
      expect(all.json()).toEqual({ marked: mine.unread - 1 });
      expect((await inboxOf('employee')).unread).toBe(0);
      expect((await as('employee', 'POST', '/api/me/notifications/read-all')).json()).toEqual({ marked: 0 });
      expect((await inboxOf('supervisor')).unread).toBeGreaterThan(0);
    });

    it('tells nobody of a change rolled back, and an event written twice once', async () => {
      const [unit] = await queryRows<{ id: string }>(
        t.database.db,
        sql`select bu_id as id from employees where id = ${ids.E7}`,
      );
      const event = (key: string): NotificationEvent => ({
        buId: unit!.id,
        employeeIds: [ids.E7!],
        kind: 'LEAVE_DECIDED',
        data: { from: '2032-01-01', to: '2032-01-01', step: 1, final: false, decision: 'Approved' },
        key,
      });
      const before = (await inboxOf('employee')).total;
      await expect(
        t.database.db.transaction(async (tx) => {
          await notify(tx, [event('test:rolled-back')]);
          throw new Error('the change fails after telling');
        }),
      ).rejects.toThrow('the change fails');
      expect((await inboxOf('employee')).total).toBe(before);
      await t.database.db.transaction((tx) => notify(tx, [event('test:twice'), event('test:twice')]));
      await t.database.db.transaction((tx) => notify(tx, [event('test:twice')]));
      expect((await inboxOf('employee')).total).toBe(before + 1);
    });

    it('tells the author of an import how it ended, with a link to its job', async () => {
      const bytes = await importWorkbook([
        ['N0001', 'New One', 'جديد', 'CARGO', null, null, null, null],
        ['N0002', 'Bad Department', 'قسم', 'NOWHERE', null, null, null, null],
      ]);
      const { job } = (await upload(t, 'hradmin', bytes)).json();
      await waitForJob(t, 'hradmin', job.id);
      const told = (await inboxOf('hradmin')).items.filter((item) => item.kind === 'IMPORT_FINISHED');
      expect(told).toMatchObject([
        {
          link: `/imports/jobs/${job.id}`,
          data: { jobId: job.id, outcome: 'CompletedWithErrors', rowsTotal: 2, rowsFailed: 1 },
        },
      ]);
      expect((await inboxOf('sysadmin')).items.some((item) => item.kind === 'IMPORT_FINISHED')).toBe(false);
    });

    it('keeps the mails in the outbox without SMTP_URL, one per notification, for a system administrator', async () => {
      for (let tries = 0; ; tries++) {
        const [left] = await queryRows<{ n: number }>(
          t.database.db,
          sql`select count(*)::int as n from jobs
               where kind = 'notification-mail' and status in ('Queued', 'Running')`,
        );
        if (left!.n === 0) break;
        expect(tries).toBeLessThan(200);
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      const outbox = await as('sysadmin', 'GET', '/api/admin/mail-outbox?pageSize=200');
      expect(outbox.statusCode, outbox.body).toBe(200);
      const [told] = await queryRows<{ n: number }>(
        t.database.db,
        sql`select count(*)::int as n from notifications n join users u on u.id = n.user_id
             where u.email is not null`,
      );
      expect(outbox.json().total).toBe(told!.n);
      const decided = (outbox.json().items as { recipient: string; subject: string; text: string }[]).find(
        (mail) => mail.recipient === 'employee@example.com' && mail.subject.startsWith('Your leave of'),
      );
      expect(decided?.text).toMatch(/\/my\/leave$/m);
      expect((await as('employee', 'GET', '/api/admin/mail-outbox')).statusCode).toBe(403);
    });

    it('answers and keeps the own choice of what comes by mail', async () => {
      const initial = await as('supervisor', 'GET', '/api/me/notification-preferences');
      expect(initial.statusCode, initial.body).toBe(200);
      expect(initial.json().address).toBe('supervisor@example.com');
      expect(initial.json().kinds.every((kind: { byMail: boolean }) => kind.byMail)).toBe(true);
      const set = await t.request('supervisor', {
        method: 'PUT',
        url: '/api/me/notification-preferences',
        payload: { byMail: ['SWAP_PROPOSED'] },
      });
      expect(set.statusCode, set.body).toBe(200);
      const byMail = (set.json().kinds as { kind: string; byMail: boolean }[]).filter((kind) => kind.byMail);
      expect(byMail.map((kind) => kind.kind)).toEqual(['SWAP_PROPOSED']);
      for (const payload of [
        { byMail: ['NOT_A_KIND'] },
        {},
        { byMail: ['SWAP_PROPOSED', 'SWAP_PROPOSED'] },
      ]) {
        const refused = await t.request('supervisor', {
          method: 'PUT',
          url: '/api/me/notification-preferences',
          payload,
        });
        expect(refused.statusCode, JSON.stringify(payload)).toBe(400);
      }
      const kept = await as('supervisor', 'GET', '/api/me/notification-preferences');
      expect(kept.json()).toEqual(set.json());
    });

    it('refuses bad input with a problem and no change', async () => {
      for (const url of ['/api/me/notifications/not-a-uuid/read']) {
        const answer = await as('employee', 'POST', url);
        expect(answer.statusCode).toBe(400);
      }
      for (const query of ['?pageSize=0', '?page=x', '?unread=maybe']) {
        const answer = await as('employee', 'GET', `/api/me/notifications${query}`);
        expect(answer.statusCode, query).toBe(400);
        expect(answer.headers['content-type']).toContain('application/problem+json');
      }
      const unknown = await as(
        'employee',
        'POST',
        '/api/me/notifications/00000000-0000-4000-8000-000000000000/read',
      );
      expect(unknown.statusCode).toBe(404);
      expect((await t.request(null, { method: 'GET', url: '/api/me/notifications' })).statusCode).toBe(401);
    });
  },
  { now: () => NOW },
);
