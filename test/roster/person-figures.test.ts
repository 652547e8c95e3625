import { sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { queryRows } from '../../src/core/db/database.ts';
import { addDays, WEEKDAY_NAMES, weekdayOf } from '../../src/core/time/dates.ts';
import { createReadyUser, describeEachDatabase } from '../helpers/app.ts';
import { lockedRun } from '../helpers/roster.ts';

interface Assignment {
  employee: { id: string; employeeNumber: string; departmentId: string | null };
  date: string;
  shiftTemplate: { code: string; start: string; end: string; paidHours: number };
}

interface Figures {
  employee: { id: string; employeeNumber: string };
  shifts: number;
  paidHours: number;
  nights: number;
  weekendShifts: number;
  cost: { total: string; unratedHours: string } | null;
  broken: { rule: string; dates: string[] }[];
  warnings: { rule: string; dates: string[]; value: number | null; limit: number | null }[];
}

const DAYS = 10;

describeEachDatabase("per-person figures of the live roster's period", (t) => {
  const get = (username: string, url: string) => t.request(username, { method: 'GET', url });
  let plan: { id: string; from: string; departmentId: string };
  let to: string;
  let url: string;
  let live: Assignment[];

  const settings = async () => (await get('sysadmin', '/api/settings')).json();
  const patchSettings = async (payload: object) => {
    const { version } = await settings();
    const patched = await t.request('sysadmin', {
      method: 'PATCH',
      url: '/api/settings',
      headers: { 'if-match': `"${version}"` },
      payload,
    });
    expect(patched.statusCode, patched.body).toBe(200);
  };

  it("counts each person's shifts, hours, nights and weekend shifts as their assignments add up", async () => {
    plan = (await get('planner', '/api/demand/plans'))
      .json()
      .items.find((p: { name: string }) => p.name.startsWith('Ramp'));
    to = addDays(plan.from, DAYS - 1);
    await lockedRun(t, plan.id, plan.from, to);
    url = `/api/roster/person-figures?departmentId=${plan.departmentId}&from=${plan.from}&to=${to}`;
    const answer = await get('planner', url);
    expect(answer.statusCode, answer.body).toBe(200);
    const body = answer.json();
    const { settings: unit } = await settings();
    expect(body).toMatchObject({
      departmentId: plan.departmentId,
      from: plan.from,
      to,
      currency: unit.currency,
      limits: { maxWeeklyHours: unit.maxWeeklyHours, maxConsecutiveDays: unit.maxConsecutiveDays },
    });

    live = (
      await get(
        'planner',
        `/api/shift-assignments?departmentId=${plan.departmentId}&from=${plan.from}&to=${to}&pageSize=500`,
      )
    ).json().items;
    expect(live.length).toBeLessThan(500);
    const weekend = new Set((unit.weekendDays as string[]).map((day) => WEEKDAY_NAMES.indexOf(day as never)));
    const expected = new Map<string, Omit<Figures, 'employee' | 'cost' | 'broken' | 'warnings'>>();
    for (const a of live) {
      const own = expected.get(a.employee.id) ?? { shifts: 0, paidHours: 0, nights: 0, weekendShifts: 0 };
      own.shifts++;
      own.paidHours += a.shiftTemplate.paidHours;
      if (a.shiftTemplate.code === 'NIGHT') own.nights++;
      if (weekend.has(weekdayOf(a.date))) own.weekendShifts++;
      expected.set(a.employee.id, own);
    }
    const people = body.people as Figures[];
    expect(people.map((p) => p.employee.id).sort()).toEqual([...expected.keys()].sort());
    const numbers = people.map((p) => p.employee.employeeNumber);
    expect(numbers).toEqual([...numbers].sort());
    for (const person of people)
      expect(person, person.employee.employeeNumber).toMatchObject(expected.get(person.employee.id)!);
    expect(people.some((p) => p.nights > 0)).toBe(true);
    expect(people.some((p) => p.weekendShifts > 0)).toBe(true);
  });

  it('prices plain day work at the grade’s hourly rate, and shows cost only to who may read it', async () => {
    const { settings: unit } = await settings();
    const weekend = new Set((unit.weekendDays as string[]).map((day) => WEEKDAY_NAMES.indexOf(day as never)));
    const holidays = await queryRows<{ date: string }>(
      t.database.db,
      sql`select date::text as date from holidays where date between ${plan.from} and ${to}`,
    );
    // Three working days in a row: no weekend, no holiday, too few hours for overtime.
    const plainDay = (date: string) =>
      !weekend.has(weekdayOf(date)) && !holidays.some((h) => h.date === date);
    let first = plan.from;
    while (![0, 1, 2].every((n) => plainDay(addDays(first, n)))) first = addDays(first, 1);
    const last = addDays(first, 2);
    expect(last <= to, 'three working days in the period').toBe(true);
    const range = `/api/roster/person-figures?departmentId=${plan.departmentId}&from=${first}&to=${last}`;
    const people = (await get('planner', range)).json().people as Figures[];
    const plain = people.filter((person) =>
      live.every(
        (a) =>
          a.employee.id !== person.employee.id ||
          a.date < first ||
          a.date > last ||
          a.shiftTemplate.code !== 'NIGHT',
      ),
    );
    expect(plain.length, 'someone works only day shifts then').toBeGreaterThan(0);
    for (const person of plain.slice(0, 3)) {
      const [rate] = await queryRows<{ hourlyMinor: number }>(
        t.database.db,
        sql`select r.hourly_minor as "hourlyMinor" from labour_rates r join employees e on e.grade_id = r.grade_id
             where e.id = ${person.employee.id} and r.effective_from <= ${first}
             order by r.effective_from desc limit 1`,
      );
      const minor = Math.round(person.paidHours * rate!.hourlyMinor);
      expect(person.cost).toEqual({ total: (minor / 100).toFixed(2), unratedHours: '0.00' });
    }
    // The supervisor reads the roster but not labour cost.
    const supervisor = await get('supervisor', url);
    expect(supervisor.statusCode, supervisor.body).toBe(200);
    expect((supervisor.json().people as Figures[]).every((p) => p.cost === null)).toBe(true);
  });

  it('warns of a person whose week comes near the weekly maximum, naming the limit', async () => {
    const { settings: unit } = await settings();
    const weekStart = WEEKDAY_NAMES.indexOf(unit.weekStart);
    // Weeks that start inside the period: no hours before it count towards them.
    const weekHours = new Map<string, number>();
    for (const a of live) {
      const start = addDays(a.date, -((weekdayOf(a.date) - weekStart + 7) % 7));
      if (start < plan.from) continue;
      const key = `${a.employee.id}|${start}`;
      weekHours.set(key, (weekHours.get(key) ?? 0) + a.shiftTemplate.paidHours);
    }
    const [busiest, hours] = [...weekHours].sort((a, b) => b[1] - a[1])[0]!;
    const [employeeId, week] = busiest.split('|') as [string, string];
    await patchSettings({ maxWeeklyHours: hours });
    try {
      const person = ((await get('planner', url)).json().people as Figures[]).find(
        (p) => p.employee.id === employeeId,
      )!;
      const near = person.warnings.find(
        (w) => w.rule === 'WEEKLY_HOURS_NEAR_LIMIT' && w.dates.every((date) => date >= week),
      );
      expect(near, JSON.stringify(person.warnings)).toMatchObject({ value: hours, limit: hours });
      expect(person.broken.map((b) => b.rule)).not.toContain('MAX_WEEKLY_HOURS');
    } finally {
      await patchSettings({ maxWeeklyHours: unit.maxWeeklyHours });
    }
    const after = ((await get('planner', url)).json().people as Figures[]).find(
      (p) => p.employee.id === employeeId,
    )!;
    expect(after.warnings.map((w) => w.rule)).not.toContain('WEEKLY_HOURS_NEAR_LIMIT');
  });

  it('refuses a reversed or too long range and an unknown department, changing nothing', async () => {
    const base = `/api/roster/person-figures?departmentId=${plan.departmentId}`;
    const reversed = await get('planner', `${base}&from=${to}&to=${plan.from}`);
    expect(reversed.statusCode).toBe(422);
    expect(reversed.json().code).toBe('INVALID_DATE_RANGE');
    const long = await get('planner', `${base}&from=${plan.from}&to=${addDays(plan.from, 120)}`);
    expect(long.statusCode).toBe(422);
    expect(long.json().code).toBe('RANGE_TOO_LONG');
    const unknown = await get(
      'planner',
      `/api/roster/person-figures?departmentId=${crypto.randomUUID()}&from=${plan.from}&to=${to}`,
    );
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().code).toBe('NOT_FOUND');
    const missing = await get('planner', `/api/roster/person-figures?from=${plan.from}&to=${to}`);
    expect(missing.statusCode).toBe(400);
    expect((await get('employee', url)).statusCode).toBe(403);
  });

  it("refuses a planner whose grant is another department's, as the roster's other reads do", async () => {
    const [other] = await queryRows<{ id: string }>(
      t.database.db,
      sql`select n.id from org_nodes n join node_types k on k.id = n.node_type_id
           where k.code = 'DEPARTMENT' and n.id <> ${plan.departmentId}
             and n.bu_id = (select id from business_units where code = 'MAIN')
           order by n.code limit 1`,
    );
    const created = await createReadyUser(t, {
      username: 'planner.elsewhere',
      displayName: 'Planner elsewhere',
      password: 'Strong#Pass2026',
      roles: [{ roleCode: 'PLANNER', departmentId: other!.id }],
    });
    expect(created.statusCode, created.body).toBe(201);
    const refused = await get('planner.elsewhere', url);
    expect(refused.statusCode).toBe(404);
    // The assignments of that department are out of this planner's reach too.
    const assignments = await get(
      'planner.elsewhere',
      `/api/shift-assignments?departmentId=${plan.departmentId}&from=${plan.from}&to=${to}`,
    );
    expect(assignments.json().total).toBe(0);
    const own = await get(
      'planner.elsewhere',
      `/api/roster/person-figures?departmentId=${other!.id}&from=${plan.from}&to=${to}`,
    );
    expect(own.statusCode, own.body).toBe(200);
  });
});
