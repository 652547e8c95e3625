import { sql } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import { queryRows } from '../../src/core/db/database.ts';
import { findLiveShift, reasonsToTakeOver } from '../../src/modules/roster/checks.ts';
import { describeEachDatabase, type TestContext } from '../helpers/app.ts';

/** A clock before the swapped shifts: only shifts after today may change hands. */
const NOW = new Date('2027-05-01T08:00:00Z');
const day = (n: number) => `2027-05-${String(n).padStart(2, '0')}`;
const june = (n: number) => `2027-06-${String(n).padStart(2, '0')}`;

interface Swap {
  id: string;
  kind: string;
  status: string;
  offered: { assignmentId: string | null; date: string; shiftTemplate: { code: string } };
  wanted: { assignmentId: string | null; date: string; shiftTemplate: { code: string } } | null;
}

async function idOf(t: TestContext, table: 'employees' | 'shift_templates' | 'terminals', key: string) {
  const column = table === 'employees' ? sql`employee_number` : sql`code`;
  const [row] = await queryRows<{ id: string }>(
    t.database.db,
    sql`select id from ${sql.raw(table)} where ${column} = ${key}
          and bu_id = (select id from business_units where code = 'MAIN')`,
  );
  return row!.id;
}

describeEachDatabase(
  'shift swaps and give-aways',
  (t) => {
    // `employee` is E00007 and `supervisor` E00004, both on the ramp, which `manager` leads.
    const ids: Record<string, string> = {};
    const assign = async (employee: string, date: string, shift: string) => {
      const response = await t.request('planner', {
        method: 'POST',
        url: `/api/employees/${ids[employee]}/shift-assignments`,
        payload: { date, shiftTemplateId: ids[shift], terminalId: ids.T1 },
      });
      expect(response.statusCode, response.body).toBe(201);
      return response.json().id as string;
    };
    const as = (username: string, method: 'GET' | 'POST', url: string, payload?: object) =>
      t.request(username, { method, url, ...(payload ? { payload } : {}) });
    const liveOf = async (employee: string, date: string) => {
      const page = (
        await as(
          'planner',
          'GET',
          `/api/shift-assignments?employeeId=${ids[employee]}&from=${date}&to=${date}`,
        )
      ).json();
      return page.items.map((item: { shiftTemplate: { code: string } }) => item.shiftTemplate.code);
    };

    beforeAll(async () => {
      ids.E7 = await idOf(t, 'employees', 'E00007');
      ids.E4 = await idOf(t, 'employees', 'E00004');
      ids.E10 = await idOf(t, 'employees', 'E00010');
      for (const code of ['MORNING', 'EVENING', 'NIGHT']) ids[code] = await idOf(t, 'shift_templates', code);
      ids.T1 = await idOf(t, 'terminals', 'T1');
    });

    it('refuses at proposal a swap that would leave the proposer too little rest, naming the rule', async () => {
      await assign('E7', day(3), 'NIGHT');
      const offered = await assign('E7', day(5), 'EVENING');
      const wanted = await assign('E4', day(4), 'MORNING');
      const refused = await as('employee', 'POST', '/api/me/shift-swaps', {
        kind: 'Swap',
        assignmentId: offered,
        colleagueAssignmentId: wanted,
      });
      expect(refused.statusCode, refused.body).toBe(422);
      expect(refused.headers['content-type']).toContain('application/problem+json');
      expect(refused.json()).toMatchObject({
        code: 'NOT_ELIGIBLE',
        reasons: ['REST_TOO_SHORT'],
        sides: [{ side: 'proposer', employeeId: ids.E7, reasons: ['REST_TOO_SHORT'] }],
      });
      expect((await as('employee', 'GET', '/api/me/shift-swaps')).json().total).toBe(0);
    });

    it('swaps two shifts: proposed, accepted by the colleague, approved by the manager, both moved at once', async () => {
      const offered = await assign('E7', day(10), 'EVENING');
      const wanted = await assign('E4', day(10), 'MORNING');
      const proposed = await as('employee', 'POST', '/api/me/shift-swaps', {
        kind: 'Swap',
        assignmentId: offered,
        colleagueAssignmentId: wanted,
        note: 'Family dinner',
      });
      expect(proposed.statusCode, proposed.body).toBe(201);
      const swap = proposed.json() as Swap;
      expect(swap).toMatchObject({ kind: 'Swap', status: 'Proposed', offered: { assignmentId: offered } });
      expect(proposed.headers.location).toBe(`/api/shift-swaps/${swap.id}`);

      // The same shift cannot be offered twice at once.
      const again = await as('employee', 'POST', '/api/me/shift-swaps', {
        kind: 'GiveAway',
        assignmentId: offered,
        colleagueId: ids.E10,
      });
      expect(again.statusCode, again.body).toBe(409);
      expect(again.json().code).toBe('SWAP_SHIFT_BUSY');

      // The manager cannot decide before the colleague accepts; the proposer cannot accept their own.
      const early = await as('manager', 'POST', `/api/shift-swaps/${swap.id}/approve`);
      expect(early.statusCode, early.body).toBe(409);
      expect(early.json()).toMatchObject({ code: 'INVALID_STATE_TRANSITION', state: 'Proposed' });
      expect((await as('employee', 'POST', `/api/me/shift-swaps/${swap.id}/accept`)).statusCode).toBe(404);

      const incoming = (await as('supervisor', 'GET', '/api/me/shift-swaps?role=incoming')).json();
      expect(incoming.items.map((item: Swap) => item.id)).toEqual([swap.id]);
      const accepted = await as('supervisor', 'POST', `/api/me/shift-swaps/${swap.id}/accept`);
      expect(accepted.statusCode, accepted.body).toBe(200);
      expect(accepted.json().status).toBe('Accepted');
      const twice = await as('supervisor', 'POST', `/api/me/shift-swaps/${swap.id}/decline`);
      expect(twice.statusCode).toBe(409);

      const waiting = (await as('manager', 'GET', '/api/shift-swaps?status=Accepted')).json();
      expect(waiting.items.map((item: Swap) => item.id)).toContain(swap.id);
      const approved = await as('manager', 'POST', `/api/shift-swaps/${swap.id}/approve`, {
        comment: 'Fine',
      });
      expect(approved.statusCode, approved.body).toBe(200);
      expect(approved.json()).toMatchObject({
        status: 'Approved',
        decisionComment: 'Fine',
        offered: { assignmentId: null, date: day(10), shiftTemplate: { code: 'EVENING' } },
        wanted: { assignmentId: null, date: day(10), shiftTemplate: { code: 'MORNING' } },
      });
      expect(await liveOf('E7', day(10))).toEqual(['MORNING']);
      expect(await liveOf('E4', day(10))).toEqual(['EVENING']);

      const again2 = await as('manager', 'POST', `/api/shift-swaps/${swap.id}/reject`);
      expect(again2.statusCode).toBe(409);
      const [audit] = await queryRows<{ n: number }>(
        t.database.db,
        sql`select count(*)::int as n from audit_events where entity_id = ${swap.id}
              and action in ('shift_swap.propose', 'shift_swap.accept', 'shift_swap.approve')`,
      );
      expect(audit!.n).toBe(3);
    });

    it('refuses at approval when the roster changed since so that a rule breaks, and changes nothing', async () => {
      const offered = await assign('E7', day(14), 'EVENING');
      const wanted = await assign('E4', day(16), 'MORNING');
      const swap = (
        await as('employee', 'POST', '/api/me/shift-swaps', {
          kind: 'Swap',
          assignmentId: offered,
          colleagueAssignmentId: wanted,
        })
      ).json() as Swap;
      expect((await as('supervisor', 'POST', `/api/me/shift-swaps/${swap.id}/accept`)).statusCode).toBe(200);
      // Meanwhile the planner gives the proposer a night that ends when the wanted morning starts.
      await assign('E7', day(15), 'NIGHT');
      const refused = await as('manager', 'POST', `/api/shift-swaps/${swap.id}/approve`);
      expect(refused.statusCode, refused.body).toBe(422);
      expect(refused.json()).toMatchObject({ code: 'NOT_ELIGIBLE', reasons: ['REST_TOO_SHORT'] });
      expect(await liveOf('E7', day(14))).toEqual(['EVENING']);
      expect(await liveOf('E4', day(16))).toEqual(['MORNING']);
      expect((await as('employee', 'GET', `/api/shift-swaps/${swap.id}`)).json().status).toBe('Accepted');
      const rejected = await as('manager', 'POST', `/api/shift-swaps/${swap.id}/reject`, { comment: 'Rest' });
      expect(rejected.json().status).toBe('Rejected');
    });

    it('gives a shift away to a colleague, and refuses approval once the shift left the roster', async () => {
      const shift = await assign('E7', day(20), 'MORNING');
      const given = await as('employee', 'POST', '/api/me/shift-swaps', {
        kind: 'GiveAway',
        assignmentId: shift,
        colleagueId: ids.E4,
      });
      expect(given.statusCode, given.body).toBe(201);
      const swap = given.json() as Swap;
      expect(swap.wanted).toBeNull();
      await as('supervisor', 'POST', `/api/me/shift-swaps/${swap.id}/accept`);
      const approved = await as('manager', 'POST', `/api/shift-swaps/${swap.id}/approve`);
      expect(approved.statusCode, approved.body).toBe(200);
      expect(await liveOf('E7', day(20))).toEqual([]);
      expect(await liveOf('E4', day(20))).toEqual(['MORNING']);

      const other = await assign('E7', day(21), 'MORNING');
      const second = (
        await as('employee', 'POST', '/api/me/shift-swaps', {
          kind: 'GiveAway',
          assignmentId: other,
          colleagueId: ids.E4,
        })
      ).json() as Swap;
      await as('supervisor', 'POST', `/api/me/shift-swaps/${second.id}/accept`);
      expect(
        (await t.request('planner', { method: 'DELETE', url: `/api/shift-assignments/${other}` })).statusCode,
      ).toBe(204);
      const stale = await as('manager', 'POST', `/api/shift-swaps/${second.id}/approve`);
      expect(stale.statusCode, stale.body).toBe(409);
      expect(stale.json().code).toBe('SWAP_SHIFT_CHANGED');
    });

    it('lets the proposer cancel before a decision, and only then', async () => {
      const shift = await assign('E7', day(24), 'MORNING');
      const swap = (
        await as('employee', 'POST', '/api/me/shift-swaps', {
          kind: 'GiveAway',
          assignmentId: shift,
          colleagueId: ids.E4,
        })
      ).json() as Swap;
      expect((await as('supervisor', 'POST', `/api/me/shift-swaps/${swap.id}/cancel`)).statusCode).toBe(404);
      const cancelled = await as('employee', 'POST', `/api/me/shift-swaps/${swap.id}/cancel`);
      expect(cancelled.json().status).toBe('Cancelled');
      const late = await as('supervisor', 'POST', `/api/me/shift-swaps/${swap.id}/accept`);
      expect(late.statusCode).toBe(409);
      expect(late.json()).toMatchObject({ code: 'INVALID_STATE_TRANSITION', state: 'Cancelled' });
      // Offered again once the first proposal is closed.
      const again = await as('employee', 'POST', '/api/me/shift-swaps', {
        kind: 'GiveAway',
        assignmentId: shift,
        colleagueId: ids.E4,
      });
      expect(again.statusCode, again.body).toBe(201);
    });

    it('gives one winner when two managers approve the same swap at once', async () => {
      const shift = await assign('E7', day(26), 'MORNING');
      const swap = (
        await as('employee', 'POST', '/api/me/shift-swaps', {
          kind: 'GiveAway',
          assignmentId: shift,
          colleagueId: ids.E4,
        })
      ).json() as Swap;
      await as('supervisor', 'POST', `/api/me/shift-swaps/${swap.id}/accept`);
      const answers = await Promise.all([
        as('manager', 'POST', `/api/shift-swaps/${swap.id}/approve`),
        as('sysadmin', 'POST', `/api/shift-swaps/${swap.id}/approve`),
        as('manager', 'POST', `/api/shift-swaps/${swap.id}/reject`),
      ]);
      expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409, 409]);
      expect(await liveOf('E4', day(26))).toHaveLength(
        answers.some((a) => a.json().status === 'Approved') ? 1 : 0,
      );
    });

    it('offers only the shifts both sides could swap, and a give-away only to who could take it, as a proposal would decide', async () => {
      await assign('E7', june(17), 'NIGHT');
      const offered = await assign('E7', june(20), 'EVENING');
      // The proposer would start the morning as their night ends.
      const tooSoon = await assign('E4', june(18), 'MORNING');
      const sameDay = await assign('E4', june(20), 'MORNING');
      // E10 would end the offered evening 8 hours before their morning, unless that morning is the swap.
      const theirsTooSoon = await assign('E10', june(19), 'EVENING');
      const theirMorning = await assign('E10', june(21), 'MORNING');
      const answer = await as('employee', 'GET', `/api/me/shift-swap-candidates?assignmentId=${offered}`);
      expect(answer.statusCode, answer.body).toBe(200);
      const colleagues = answer.json().colleagues as {
        employee: { id: string };
        canTakeOver: boolean;
        shifts: { assignmentId: string }[];
      }[];
      const of = (id: string) => colleagues.find((c) => c.employee.id === id);
      expect(of(ids.E4!)).toMatchObject({ canTakeOver: false, shifts: [{ assignmentId: sameDay }] });
      expect(of(ids.E10!)).toMatchObject({ canTakeOver: false, shifts: [{ assignmentId: theirMorning }] });
      const offeredIds = colleagues.flatMap((c) => c.shifts.map((shift) => shift.assignmentId));
      expect(offeredIds).not.toContain(tooSoon);
      expect(offeredIds).not.toContain(theirsTooSoon);
      // Colleagues free that week could take it as a give-away; every one listed has something to offer.
      expect(colleagues.some((c) => c.canTakeOver)).toBe(true);
      expect(colleagues.every((c) => c.canTakeOver || c.shifts.length > 0)).toBe(true);

      // The list agrees, pair by pair, with the check a proposal makes.
      const [unit] = await queryRows<{ id: string }>(
        t.database.db,
        sql`select id from business_units where code = 'MAIN'`,
      );
      const mine = (await findLiveShift(t.database.db, unit!.id, offered))!;
      for (const wanted of [tooSoon, sameDay, theirsTooSoon, theirMorning]) {
        const theirs = (await findLiveShift(t.database.db, unit!.id, wanted))!;
        const proposerSide = await reasonsToTakeOver(t.database.db, unit!.id, mine.employeeId, theirs, [
          offered,
        ]);
        const colleagueSide = await reasonsToTakeOver(t.database.db, unit!.id, theirs.employeeId, mine, [
          wanted,
        ]);
        const allowed = !proposerSide.reasons.length && !colleagueSide.reasons.length;
        expect(offeredIds.includes(wanted), wanted).toBe(allowed);
      }
      for (const colleague of colleagues) {
        const alone = await reasonsToTakeOver(t.database.db, unit!.id, colleague.employee.id, mine, []);
        expect(colleague.canTakeOver, colleague.employee.id).toBe(alone.reasons.length === 0);
      }
    });

    it('keeps each step to its permission and scope', async () => {
      const shift = await assign('E7', day(28), 'MORNING');
      // Planners read swaps but do not approve; employees neither read all nor approve.
      expect((await as('planner', 'GET', '/api/shift-swaps')).statusCode).toBe(200);
      expect((await as('employee', 'GET', '/api/shift-swaps')).statusCode).toBe(403);
      const swap = (
        await as('employee', 'POST', '/api/me/shift-swaps', {
          kind: 'GiveAway',
          assignmentId: shift,
          colleagueId: ids.E4,
        })
      ).json() as Swap;
      await as('supervisor', 'POST', `/api/me/shift-swaps/${swap.id}/accept`);
      const planner = await as('planner', 'POST', `/api/shift-swaps/${swap.id}/approve`);
      expect(planner.statusCode).toBe(403);
      expect(planner.json().permission).toBe('shift_swap.approve');
      // A colleague's shift cannot be offered as one's own; an unlinked account has no shifts.
      const notMine = await as('supervisor', 'POST', '/api/me/shift-swaps', {
        kind: 'GiveAway',
        assignmentId: shift,
        colleagueId: ids.E10,
      });
      expect(notMine.statusCode).toBe(422);
      expect(notMine.json().code).toBe('SWAP_INVALID');
      // Someone outside both parties and without the view permission sees nothing of it.
      expect((await as('hradmin', 'GET', `/api/shift-swaps/${swap.id}`)).statusCode).toBe(404);
      const mine = (await as('employee', 'GET', '/api/me/live-shifts?from=2027-05-02&to=2027-05-31')).json();
      expect(mine.items.map((item: { date: string }) => item.date)).toContain(day(28));
      const candidates = (
        await as('employee', 'GET', `/api/me/shift-swap-candidates?assignmentId=${shift}`)
      ).json();
      expect(candidates.colleagues.map((c: { employee: { id: string } }) => c.employee.id)).toContain(ids.E4);
    });
  },
  { now: () => NOW },
);
