import { sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { queryRows } from '../../src/core/db/database.ts';
import { describeEachDatabase } from '../helpers/app.ts';
import { DAY1, DAY2, NOW, publishTinyRoster } from '../helpers/roster.ts';

/*
 * The manager's approval card (issue 53): what a version costs against the one it replaces, priced here by
 * hand from its lines and the rates set below; what it breaks or comes near; and a comment on approval.
 */

const NIGHT_PERCENT = 25n;

interface Line {
  employee: { id: string; employeeNumber: string };
  date: string;
  shift: { code: string; paidHours: number };
}

interface Item {
  id: string;
  rosterId: string;
  version: number;
  changes: { removed: { employeeId: string; date: string }[] } | null;
  cost: {
    cost: Record<string, string>;
    previous: Record<string, string> | null;
    difference: Record<string, string> | null;
  } | null;
}

const money = (minor: bigint) => {
  const sign = minor < 0n ? '-' : '';
  const abs = minor < 0n ? -minor : minor;
  return `${sign}${abs / 100n}.${String(abs % 100n).padStart(2, '0')}`;
};

describeEachDatabase(
  "the manager's approval card",
  (t) => {
    const call = (
      user: string,
      method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE',
      url: string,
      payload?: object,
    ) => t.request(user, { method, url, ...(payload ? { payload } : {}) });
    const pending = async () =>
      (await call('manager', 'GET', '/api/admin/roster-approvals/pending')).json().items as Item[];
    const rateOf = new Map<string, bigint>();

    /** By hand: each line's paid hours at its grade's rate, and a night's hours at a quarter more. */
    const byHand = async (lines: Line[]) => {
      const grades = await queryRows<{ id: string; grade: string }>(
        t.database.db,
        sql`select e.id, g.code as grade from employees e join grades g on g.id = e.grade_id
             where e.id in (${sql.join(
               lines.map((line) => sql`${line.employee.id}`),
               sql`, `,
             )})`,
      );
      const gradeOf = new Map(grades.map((row) => [row.id, row.grade]));
      let base = 0n;
      let night = 0n;
      for (const line of lines) {
        const hourly = rateOf.get(gradeOf.get(line.employee.id)!)!;
        const hours = BigInt(line.shift.paidHours);
        base += hours * hourly;
        if (line.shift.code === 'NIGHT') night += (hours * hourly * NIGHT_PERCENT) / 100n;
      }
      return { base, night, total: base + night, hours: lines.length * 8 };
    };

    let v1: { rosterId: string; approvalId: string; lines: Line[] };
    let runId: string;
    let evening: Line;

    it('prices a first version in the queue by its lines and rates, in the unit’s currency', async () => {
      await publishTinyRoster(t);
      const grades = await queryRows<{ id: string; code: string }>(
        t.database.db,
        sql`select id, code from grades where bu_id = (select id from business_units where code = 'MAIN') order by code`,
      );
      for (const [index, grade] of grades.entries()) {
        const minor = 3000n + 137n * BigInt(index);
        rateOf.set(grade.code, minor);
        const created = await call('hradmin', 'POST', '/api/labour-rates', {
          gradeId: grade.id,
          effectiveFrom: '2027-01-01',
          hourlyRate: money(minor),
        });
        expect(created.statusCode, created.body).toBe(201);
      }
      const night = await call('hradmin', 'PUT', '/api/labour-premiums/NIGHT', {
        nameEn: 'Night',
        nameAr: 'علاوة ليلية',
        basis: 'PERCENT',
        percent: String(NIGHT_PERCENT),
        windowStart: '22:00',
        windowEnd: '06:00',
      });
      expect(night.statusCode, night.body).toBe(200);
      // Each person's one shift of 8 hours comes near a week of at most 8: a warning for everyone.
      const settings = await call('sysadmin', 'GET', '/api/settings');
      const patched = await t.request('sysadmin', {
        method: 'PATCH',
        url: '/api/settings',
        headers: { 'if-match': `"${settings.json().version}"` },
        payload: { maxWeeklyHours: 8 },
      });
      expect(patched.statusCode, patched.body).toBe(200);

      const [item] = (await pending()).filter((entry) => entry.version === 1);
      expect(item, 'the planner’s version waits for the manager').toBeDefined();
      const detail = (await call('manager', 'GET', `/api/admin/published-rosters/${item!.rosterId}`)).json();
      v1 = { rosterId: item!.rosterId, approvalId: item!.id, lines: detail.lines };
      runId = detail.runId;
      const expected = await byHand(v1.lines);
      expect(item!.cost).toMatchObject({
        cost: {
          currency: 'SAR',
          hours: `${expected.hours}.00`,
          base: money(expected.base),
          night: money(expected.night),
          total: money(expected.total),
        },
        previous: null,
        difference: null,
      });
      expect(item!.changes).toBeNull();
    });

    it('lists what the version breaks or comes near by its own lines, whatever the live roster did since', async () => {
      evening = v1.lines.find((line) => line.date === DAY2 && line.shift.code === 'EVENING')!;
      const [live] = await queryRows<{ id: string }>(
        t.database.db,
        sql`select id from shift_assignments where employee_id = ${evening.employee.id} and date = ${DAY2}`,
      );
      expect((await call('planner', 'DELETE', `/api/shift-assignments/${live!.id}`)).statusCode).toBe(204);

      const url = `/api/admin/roster-approvals/${v1.approvalId}/compliance`;
      const answer = await call('manager', 'GET', url);
      expect(answer.statusCode, answer.body).toBe(200);
      const body = answer.json();
      expect(body).toMatchObject({ runId, from: DAY1, to: DAY2, brokenCount: 0, warningCount: 4 });
      const people = body.people as { employee: { id: string }; warnings: unknown[] }[];
      expect(people).toHaveLength(4);
      expect(people.find((person) => person.employee.id === evening.employee.id)?.warnings).toEqual([
        {
          rule: 'WEEKLY_HOURS_NEAR_LIMIT',
          dates: [DAY2],
          value: 8,
          limit: 8,
          certification: null,
          validTo: null,
        },
      ]);
      // The live roster no longer holds the evening: what a publication now would say leaves it out.
      const live2 = (
        await call('planner', 'GET', `/api/admin/roster/publication-compliance?runId=${runId}`)
      ).json();
      expect(live2.people.map((person: { employee: { id: string } }) => person.employee.id)).not.toContain(
        evening.employee.id,
      );

      expect((await call('employee', 'GET', url)).statusCode).toBe(403);
      const unknown = await call(
        'manager',
        'GET',
        `/api/admin/roster-approvals/${crypto.randomUUID()}/compliance`,
      );
      expect(unknown.statusCode).toBe(404);
      expect(
        (await call('manager', 'GET', '/api/admin/roster-approvals/not-an-id/compliance')).statusCode,
      ).toBe(400);
    });

    it('prices a republished version against the one it replaces: the difference is what its changes cost', async () => {
      const v2 = await call('planner', 'POST', '/api/admin/roster/republish', {
        runId,
        reason: 'Evening dropped',
      });
      expect(v2.statusCode, v2.body).toBe(201);
      const queue = await pending();
      expect(queue.map((entry) => entry.rosterId)).toEqual([v2.json().id]);
      const [item] = queue;
      expect(item!.changes!.removed).toEqual([
        expect.objectContaining({ employeeId: evening.employee.id, date: DAY2 }),
      ]);
      const lines = (await call('manager', 'GET', `/api/admin/published-rosters/${item!.rosterId}`)).json()
        .lines as Line[];
      expect(lines).toHaveLength(3);
      const now = await byHand(lines);
      const before = await byHand(v1.lines);
      const eveningCost = await byHand([evening]);
      expect(item!.cost!.cost).toMatchObject({ total: money(now.total), base: money(now.base) });
      expect(item!.cost!.previous).toMatchObject({ total: money(before.total), night: money(before.night) });
      expect(item!.cost!.difference).toMatchObject({
        hours: '-8.00',
        base: money(-eveningCost.base),
        night: '0.00',
        total: money(-eveningCost.total),
      });
    });

    it('takes a comment on approval, keeps it with the decision, audits it and shows it with the version', async () => {
      const [item] = await pending();
      const url = `/api/admin/roster-approvals/${item!.id}/approve`;
      const long = await call('manager', 'POST', url, { comment: 'x'.repeat(1001) });
      expect(long.statusCode).toBe(400);
      expect(long.json().code).toBe('VALIDATION_FAILED');
      expect((await call('manager', 'POST', url, { comment: { text: 'x' } })).statusCode).toBe(400);
      expect((await call('manager', 'POST', url, { comment: 'a\u0000b' })).statusCode).toBe(400);
      expect((await call('manager', 'POST', url, { note: 'unknown field' })).statusCode).toBe(400);
      expect((await pending()).map((entry) => entry.id)).toEqual([item!.id]);

      const comment = 'Night premium checked; the evening is covered by T1';
      const approved = await call('manager', 'POST', url, { comment: `  ${comment} ` });
      expect(approved.statusCode, approved.body).toBe(200);
      expect(approved.json().approval).toMatchObject({ status: 'Approved', comment });
      const read = (await call('planner', 'GET', `/api/admin/published-rosters/${item!.rosterId}`)).json();
      expect(read.approval).toMatchObject({ status: 'Approved', comment });
      const listed = (await call('planner', 'GET', `/api/admin/published-rosters?runId=${runId}`)).json()
        .items;
      expect(listed.find((version: { id: string }) => version.id === item!.rosterId).approval.comment).toBe(
        comment,
      );
      const audit = await queryRows<{ details: { approvalId: string; comment: string } }>(
        t.database.db,
        sql`select details from audit_events where action = 'roster.approve' and entity_id = ${item!.rosterId}`,
      );
      expect(audit.map((row) => row.details)).toEqual([{ approvalId: item!.id, comment }]);
      const again = await call('manager', 'POST', url, { comment: 'twice' });
      expect(again.statusCode).toBe(409);
      expect(again.json().code).toBe('APPROVAL_ALREADY_DECIDED');
    });
  },
  { now: () => NOW },
);
