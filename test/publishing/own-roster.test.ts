import { sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { queryRows } from '../../src/core/db/database.ts';
import { addDays } from '../../src/core/time/dates.ts';
import { durationMinutes } from '../../src/core/time/shift-times.ts';
import { describeEachDatabase } from '../helpers/app.ts';

interface OwnLine {
  id: string;
  date: string;
  employee: { id: string };
  shift: { code: string; nameEn: string; nameAr: string | null; start: string; end: string };
  terminal: { code: string; nameEn: string; nameAr: string | null };
  endsNextDay: boolean;
  startsAt: string;
  endsAt: string;
}

interface OwnDay {
  date: string;
  weekday: string;
  kind: 'shift' | 'leave' | 'holiday' | 'dayOff' | 'unplanned';
  lineIds: string[];
  holiday: { code: string; nameEn: string } | null;
  leaveRequestId: string | null;
}

describeEachDatabase('the own roster, date by date', (t) => {
  const get = (username: string, url: string) => t.request(username, { method: 'GET', url });
  const post = (username: string, url: string, payload: object = {}, headers: Record<string, string> = {}) =>
    t.request(username, { method: 'POST', url, payload, headers });

  it('lists every date of the range as a shift, leave, a holiday, a day off or not yet planned', async () => {
    const plan = (await get('planner', '/api/demand/plans'))
      .json()
      .items.find((p: { name: string }) => p.name.startsWith('Ramp'));
    const from = plan.from as string;
    const run = (
      await post('planner', '/api/allocation-runs', { planId: plan.id, from, to: addDays(from, 6) })
    ).json();
    for (const action of ['execute', 'review', 'lock']) {
      const answer = await post(
        'planner',
        `/api/allocation-runs/${run.id}/${action}`,
        {},
        { prefer: 'wait=120' },
      );
      expect(answer.statusCode, answer.body).toBe(200);
    }
    expect((await post('planner', '/api/admin/roster/publish', { runId: run.id })).statusCode).toBe(201);

    const holiday = await post('sysadmin', '/api/admin/holidays', {
      code: 'OWN-ROSTER-DAY',
      Name_1_English: 'Founding day',
      Name_2_Arabic: 'يوم التأسيس',
      date: addDays(from, 9),
    });
    expect(holiday.statusCode, holiday.body).toBe(201);
    const [me] = await queryRows<{ employeeId: string; userId: string; buId: string }>(
      t.database.db,
      sql`select employee_id as "employeeId", id as "userId", bu_id as "buId" from users where username = 'employee'`,
    );
    const [leave] = await queryRows<{ id: string }>(
      t.database.db,
      sql`insert into leave_requests (bu_id, employee_id, from_date, to_date, status, requested_by)
          values (${me!.buId}, ${me!.employeeId}, ${addDays(from, 11)}, ${addDays(from, 12)}, 'Approved', ${me!.userId})
          returning id`,
    );

    const answer = await get('employee', `/api/me/roster?from=${from}&to=${addDays(from, 13)}`);
    expect(answer.statusCode, answer.body).toBe(200);
    const own = answer.json<{ timezone: string; lines: OwnLine[]; days: OwnDay[] }>();
    expect(own.timezone).toBe('Asia/Riyadh');
    expect(own.days.map((day) => day.date)).toEqual(Array.from({ length: 14 }, (_, i) => addDays(from, i)));

    const week = own.days.slice(0, 7);
    expect(own.lines.length).toBeGreaterThan(0);
    expect(week.some((day) => day.kind === 'dayOff')).toBe(true);
    for (const day of week) {
      const lines = own.lines.filter((line) => line.date === day.date);
      expect(day.lineIds).toEqual(lines.map((line) => line.id));
      expect(day.kind).toBe(lines.length ? 'shift' : 'dayOff');
    }
    expect(own.days.map((day) => day.kind).slice(7)).toEqual([
      'unplanned',
      'unplanned',
      'holiday',
      'unplanned',
      'leave',
      'leave',
      'unplanned',
    ]);
    expect(own.days[9]!.holiday).toMatchObject({ code: 'OWN-ROSTER-DAY', nameEn: 'Founding day' });
    expect(own.days[11]!.leaveRequestId).toBe(leave!.id);

    for (const line of own.lines) {
      expect(line.employee.id).toBe(me!.employeeId);
      expect(line.shift.nameEn).toBeTruthy();
      expect(line.terminal.nameEn).toBeTruthy();
      expect(line.endsNextDay).toBe(line.shift.end <= line.shift.start);
      // Riyadh is three hours ahead of UTC all year.
      expect(line.startsAt).toBe(new Date(`${line.date}T${line.shift.start}:00+03:00`).toISOString());
      expect(Date.parse(line.endsAt) - Date.parse(line.startsAt)).toBe(
        durationMinutes(line.shift.start, line.shift.end) * 60_000,
      );
    }
  });

  it('answers a caller without an employee record with planned-nothing dates', async () => {
    const answer = await get('sysadmin', '/api/me/roster?from=2027-01-05&to=2027-01-07');
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json().lines).toEqual([]);
    expect(answer.json().days.map((day: OwnDay) => day.kind)).toEqual([
      'unplanned',
      'unplanned',
      'unplanned',
    ]);
  });
});
