import { sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { queryRows } from '../../src/core/db/database.ts';
import { describeEachDatabase } from '../helpers/app.ts';
import { departmentId } from '../helpers/roster.ts';

/** The service's clock: today is 2027-03-01 in the unit (Asia/Riyadh); wishes reach 90 days ahead. */
const NOW = new Date('2027-03-01T09:00:00Z');

interface Outcome {
  date: string;
  preferenceId: string;
  granted: boolean;
}

describeEachDatabase(
  'availability and wishes',
  (t) => {
    const get = (username: string, url: string) => t.request(username, { method: 'GET', url });
    const post = (username: string, url: string, payload: object) =>
      t.request(username, { method: 'POST', url, payload });
    const remove = (username: string, url: string) => t.request(username, { method: 'DELETE', url });
    const unavailable = (payload: object, username = 'employee') =>
      post(username, '/api/me/availability/unavailability', payload);
    const prefer = (payload: object, username = 'employee') =>
      post(username, '/api/me/availability/preferences', payload);
    const idOf = async (table: 'shift_templates' | 'terminals' | 'shift_types', code: string) => {
      const [row] = await queryRows<{ id: string }>(
        t.database.db,
        sql`select x.id from ${sql.raw(table)} x join business_units b on b.id = x.bu_id
            where x.code = ${code} and b.code = 'MAIN'`,
      );
      return row!.id;
    };
    const employeeId = async () => (await get('employee', '/api/me/profile')).json().employeeId as string;
    /** A plan of the ramp with MORNING at T1 on each date, executed by the engine; its run. */
    const runPlan = async (name: string, cells: { date: string; required: number }[]) => {
      const dates = cells.map((cell) => cell.date).sort();
      const plan = await post('planner', '/api/demand/plans', {
        name,
        departmentId: await departmentId(t, 'RAMP'),
        from: dates[0],
        to: dates.at(-1),
      });
      expect(plan.statusCode, plan.body).toBe(201);
      const filled = await t.request('planner', {
        method: 'PATCH',
        url: `/api/demand/plans/${plan.json().id}`,
        headers: { 'if-match': `"${plan.json().version}"` },
        payload: {
          cells: cells.map((cell) => ({ ...cell, terminalCode: 'T1', shiftTemplateCode: 'MORNING' })),
        },
      });
      expect(filled.statusCode, filled.body).toBe(200);
      const run = await post('planner', '/api/allocation-runs', {
        planId: plan.json().id,
        from: dates[0],
        to: dates.at(-1),
      });
      expect(run.statusCode, run.body).toBe(201);
      const executed = await t.request('planner', {
        method: 'POST',
        url: `/api/allocation-runs/${run.json().id}/execute`,
        headers: { prefer: 'wait=120' },
      });
      expect(executed.statusCode, executed.body).toBe(200);
      const assignments = await get(
        'planner',
        `/api/allocation-runs/${run.json().id}/assignments?pageSize=500`,
      );
      return {
        run: executed.json(),
        assignments: assignments.json().items as { employee: { id: string }; date: string }[],
      };
    };

    it('refuses wishes outside the unit’s limits with a clear 422', async () => {
      const cases: [object, number, string][] = [
        [{ from: '2027-02-28', to: '2027-03-02', reason: 'Travel' }, 422, 'WISH_IN_PAST'],
        [{ from: '2027-05-29', to: '2027-06-02', reason: 'Travel' }, 422, 'WISH_TOO_FAR_AHEAD'],
        [{ from: '2027-04-10', to: '2027-04-09', reason: 'Travel' }, 422, 'INVALID_DATE_RANGE'],
        [
          { from: '2027-04-05', to: '2027-04-06', weekdays: ['Friday'], reason: 'Study' },
          422,
          'UNAVAILABILITY_EMPTY',
        ],
        [{ from: '2027-04-05', to: '2027-04-06', reason: '' }, 400, 'VALIDATION_FAILED'],
      ];
      for (const [payload, status, code] of cases) {
        const response = await unavailable(payload);
        expect(response.statusCode, response.body).toBe(status);
        expect(response.headers['content-type']).toContain('application/problem+json');
        expect(response.json().code).toBe(code);
      }
      const mine = await get('employee', '/api/me/availability');
      expect(mine.statusCode, mine.body).toBe(200);
      expect(mine.json()).toMatchObject({
        from: '2027-03-01',
        to: '2027-03-31',
        limits: {
          today: '2027-03-01',
          latestDate: '2027-05-30',
          maxDaysAhead: 90,
          maxUnavailableDaysPerMonth: 4,
        },
        unavailability: [],
      });
    });

    it('counts distinct unavailable days per calendar month against the limit', async () => {
      const first = await unavailable({ from: '2027-04-05', to: '2027-04-07', reason: 'Family' });
      expect(first.statusCode, first.body).toBe(201);
      expect(first.headers.location).toBe(`/api/me/availability/unavailability/${first.json().id}`);
      expect(first.json()).toMatchObject({ days: 3, weekdays: null, reason: 'Family' });
      // One day overlaps the first: the month holds four distinct days.
      expect((await unavailable({ from: '2027-04-07', to: '2027-04-08', reason: 'Family' })).statusCode).toBe(
        201,
      );
      const over = await unavailable({ from: '2027-04-20', to: '2027-04-20', reason: 'Exam' });
      expect(over.statusCode).toBe(422);
      expect(over.json()).toMatchObject({
        code: 'UNAVAILABLE_DAYS_LIMIT',
        month: '2027-04',
        days: 5,
        limit: 4,
      });
      // Weekdays within dates: the Mondays of the first half of May.
      const mondays = await unavailable({
        from: '2027-05-01',
        to: '2027-05-14',
        weekdays: ['Monday'],
        reason: 'Evening classes',
      });
      expect(mondays.statusCode, mondays.body).toBe(201);
      expect(mondays.json()).toMatchObject({ days: 2, weekdays: ['Monday'] });
      const april = (await get('employee', '/api/me/availability?from=2027-04-01&to=2027-04-30')).json();
      expect(april.unavailability).toHaveLength(2);
      // Withdrawn, the days are free again; someone else cannot withdraw it.
      expect(
        (await remove('manager', `/api/me/availability/unavailability/${first.json().id}`)).statusCode,
      ).toBe(404);
      expect(
        (await remove('employee', `/api/me/availability/unavailability/${first.json().id}`)).statusCode,
      ).toBe(204);
      expect(
        (await remove('employee', `/api/me/availability/unavailability/${first.json().id}`)).statusCode,
      ).toBe(404);
      expect((await unavailable({ from: '2027-04-20', to: '2027-04-20', reason: 'Exam' })).statusCode).toBe(
        201,
      );
      const audit = (await get('sysadmin', '/api/audit/events?entityType=unavailability&pageSize=50')).json();
      const actions = audit.items.map((item: { action: string }) => item.action);
      expect(actions).toEqual(
        expect.arrayContaining(['availability.unavailability.create', 'availability.unavailability.delete']),
      );
    });

    it('lets one of concurrent statements past the monthly limit win, by the database', async () => {
      // May holds two days (the Mondays); six single days at once leave room for two more.
      const dates = ['2027-05-15', '2027-05-16', '2027-05-18', '2027-05-19', '2027-05-20', '2027-05-21'];
      const answers = await Promise.all(
        dates.map((date) => unavailable({ from: date, to: date, reason: 'Race' })),
      );
      const codes = answers.map((answer) => answer.statusCode).sort();
      expect(codes, answers.map((answer) => answer.body).join('\n')).toEqual([201, 201, 422, 422, 422, 422]);
    });

    it('records preferences by date or weekday, within limits', async () => {
      const night = await idOf('shift_types', 'NIGHT').catch(() => null);
      const both = await prefer({ kind: 'off', date: '2027-04-02', weekdays: ['Friday'] });
      expect(both.statusCode).toBe(400);
      expect((await prefer({ kind: 'off' })).statusCode).toBe(400);
      expect((await prefer({ kind: 'off', date: '2027-02-02' })).json().code).toBe('WISH_IN_PAST');
      expect((await prefer({ kind: 'off', date: '2027-07-02' })).json().code).toBe('WISH_TOO_FAR_AHEAD');
      const unknown = await prefer({ kind: 'work', weekdays: ['Sunday'], shiftTypeId: crypto.randomUUID() });
      expect(unknown.json().code).toBe('SHIFT_TYPE_UNKNOWN');
      const weekly = await prefer({ kind: 'off', weekdays: ['Thursday'], weight: 3 });
      expect(weekly.statusCode, weekly.body).toBe(201);
      expect(weekly.json()).toMatchObject({
        kind: 'off',
        date: null,
        weekdays: ['Thursday'],
        weight: 3,
        shiftType: null,
      });
      if (night !== null) {
        const typed = await prefer({ kind: 'off', weekdays: ['Wednesday'], shiftTypeId: night });
        expect(typed.statusCode, typed.body).toBe(201);
        expect(typed.json().shiftType.code).toBe('NIGHT');
        expect(
          (await remove('employee', `/api/me/availability/preferences/${typed.json().id}`)).statusCode,
        ).toBe(204);
      }
      const more = [];
      for (let i = 1; i < 20; i++)
        more.push((await prefer({ kind: 'work', date: `2027-04-${String(i).padStart(2, '0')}` })).statusCode);
      expect(new Set(more)).toEqual(new Set([201]));
      const limit = await prefer({ kind: 'work', date: '2027-04-25' });
      expect(limit.statusCode).toBe(422);
      expect(limit.json().code).toBe('PREFERENCE_LIMIT');
      const mine = (await get('employee', '/api/me/availability?from=2027-04-01&to=2027-04-30')).json();
      expect(mine.preferences).toHaveLength(20);
      for (const preference of mine.preferences as { id: string }[]) {
        expect(
          (await remove('employee', `/api/me/availability/preferences/${preference.id}`)).statusCode,
        ).toBe(204);
      }
    });

    it('shows a department’s wishes to planners and managers in scope, and to no employee', async () => {
      const ramp = await departmentId(t, 'RAMP');
      const pax = await departmentId(t, 'PAX');
      const me = await employeeId();
      expect(
        (await get('employee', `/api/availability?departmentId=${ramp}&from=2027-04-01&to=2027-04-30`))
          .statusCode,
      ).toBe(403);
      const page = await get(
        'planner',
        `/api/availability?departmentId=${ramp}&from=2027-04-01&to=2027-04-30`,
      );
      expect(page.statusCode, page.body).toBe(200);
      const mine = page.json().items.find((item: { employee: { id: string } }) => item.employee.id === me);
      expect(mine.days).toContainEqual({
        date: '2027-04-20',
        kind: 'unavailable',
        shiftTypeCode: null,
        reason: 'Exam',
      });
      expect(
        (await get('manager', `/api/availability?departmentId=${ramp}&from=2027-04-01&to=2027-04-30`))
          .statusCode,
      ).toBe(200);
      expect(
        (await get('manager', `/api/availability?departmentId=${pax}&from=2027-04-01&to=2027-04-30`))
          .statusCode,
      ).toBe(404);
      expect(
        (await get('planner', `/api/availability?departmentId=${pax}&from=2027-04-01&to=2027-04-30`)).json()
          .total,
      ).toBe(0);
    });

    it('keeps a run off the days an employee cannot work, and refuses them by hand as UNAVAILABLE', async () => {
      const me = await employeeId();
      expect(
        (await unavailable({ from: '2027-03-07', to: '2027-03-07', reason: 'Wedding' })).statusCode,
      ).toBe(201);
      // More heads asked than the ramp has: everyone who may work, works.
      const { run, assignments } = await runPlan('Wishes: unavailability', [
        { date: '2027-03-07', required: 60 },
        { date: '2027-03-08', required: 60 },
      ]);
      const mine = assignments.filter((a) => a.employee.id === me).map((a) => a.date);
      expect(mine).toEqual(['2027-03-08']);
      const reasons = run.result.unfilled.map((line: { reasons: Record<string, number> }) => line.reasons);
      expect(reasons).toContainEqual(expect.objectContaining({ UNAVAILABLE: 1 }));
      const byHand = await post('planner', `/api/employees/${me}/shift-assignments`, {
        date: '2027-03-07',
        shiftTemplateId: await idOf('shift_templates', 'MORNING'),
        terminalId: await idOf('terminals', 'T1'),
      });
      expect(byHand.statusCode, byHand.body).toBe(422);
      expect(byHand.json()).toMatchObject({ code: 'NOT_ELIGIBLE', reasons: ['UNAVAILABLE'] });
    });

    it('grants preferences where they cost no coverage, and the employee sees them granted', async () => {
      const me = await employeeId();
      const work = await prefer({ kind: 'work', date: '2027-03-14' });
      const off = await prefer({ kind: 'off', date: '2027-03-15' });
      expect([work.statusCode, off.statusCode]).toEqual([201, 201]);
      const { run, assignments } = await runPlan('Wishes: preferences', [
        { date: '2027-03-14', required: 2 },
        { date: '2027-03-15', required: 2 },
      ]);
      expect(run.result.coverage).toMatchObject({ required: 4, assigned: 4 });
      expect(assignments.filter((a) => a.employee.id === me).map((a) => a.date)).toEqual(['2027-03-14']);
      expect(run.result.wishes.byEmployee).toContainEqual({ employeeId: me, asked: 2, granted: 2 });
      expect(run.result.wishes.granted).toBeGreaterThanOrEqual(2);
      for (const action of ['review', 'lock']) {
        const step = await t.request('planner', {
          method: 'POST',
          url: `/api/allocation-runs/${run.id}/${action}`,
          headers: { prefer: 'wait=120' },
        });
        expect(step.statusCode, step.body).toBe(200);
      }
      const mine = (await get('employee', '/api/me/availability?from=2027-03-01&to=2027-03-31')).json();
      const outcomes = mine.outcomes as Outcome[];
      expect(outcomes).toContainEqual({ date: '2027-03-14', preferenceId: work.json().id, granted: true });
      expect(outcomes).toContainEqual({ date: '2027-03-15', preferenceId: off.json().id, granted: true });
      // Working a day stated unavailable cannot be: the roster clashes are named.
      const clash = await unavailable({ from: '2027-03-14', to: '2027-03-14', reason: 'Late' });
      expect(clash.statusCode).toBe(409);
      expect(clash.json()).toMatchObject({ code: 'UNAVAILABILITY_ROSTER_CONFLICT', dates: ['2027-03-14'] });
    });
  },
  { now: () => NOW },
);
