import { sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { queryRows } from '../../src/core/db/database.ts';
import { describeEachDatabase, type TestContext } from '../helpers/app.ts';
import { importAttendance } from '../helpers/attendance.ts';
import { departmentId } from '../helpers/roster.ts';

const NOW = new Date('2027-04-20T09:00:00Z');
const DAY1 = '2027-04-11';
const DAY2 = '2027-04-12';
const DAY3 = '2027-04-13';

interface Exception {
  kind: string;
  date: string;
  employee: { employeeNumber: string };
  plannedShift: { code: string; start: string; end: string } | null;
  workedShift: { code: string; start: string; end: string } | null;
  Time_In: string | null;
  Time_Out: string | null;
  minutes: number | null;
}

interface Line {
  employee: { employeeNumber: string };
  date: string;
  shift: { code: string };
}

/**
 * A ramp roster of two days: the engine staffs a morning on each; by hand, one person works the nights of
 * both days (back to back) and two others the evenings.
 */
async function publishNightsAndEvenings(t: TestContext) {
  const ramp = await departmentId(t, 'RAMP');
  const post = (url: string, payload?: Record<string, unknown>, headers?: Record<string, string>) =>
    t.request('planner', { method: 'POST', url, payload, headers });
  const plan = await post('/api/demand/plans', {
    name: 'Segments',
    departmentId: ramp,
    from: DAY1,
    to: DAY2,
  });
  expect(plan.statusCode, plan.body).toBe(201);
  const filled = await t.request('planner', {
    method: 'PATCH',
    url: `/api/demand/plans/${plan.json().id}`,
    headers: { 'if-match': `"${plan.json().version}"` },
    payload: {
      cells: [DAY1, DAY2].map((date) => ({
        date,
        terminalCode: 'T1',
        shiftTemplateCode: 'MORNING',
        required: 1,
      })),
    },
  });
  expect(filled.statusCode, filled.body).toBe(200);
  const run = await post('/api/allocation-runs', { planId: plan.json().id, from: DAY1, to: DAY2 });
  expect(run.statusCode, run.body).toBe(201);
  for (const action of ['execute', 'review', 'lock']) {
    const step = await post(`/api/allocation-runs/${run.json().id}/${action}`, undefined, {
      prefer: 'wait=120',
    });
    expect(step.statusCode, step.body).toBe(200);
  }
  const idOf = async (table: 'shift_templates' | 'terminals', code: string) =>
    (
      await queryRows<{ id: string }>(
        t.database.db,
        sql`select x.id from ${sql.raw(table)} x join business_units b on b.id = x.bu_id
             where x.code = ${code} and b.code = 'MAIN'`,
      )
    )[0]!.id;
  const terminalId = await idOf('terminals', 'T1');
  const free = await queryRows<{ id: string }>(
    t.database.db,
    sql`select e.id from employees e where e.department_id = ${ramp} and e.status = 'ACTIVE'
          and not exists (select 1 from shift_assignments a where a.employee_id = e.id
                            and a.date between ${DAY1}::date - 1 and ${DAY2}::date + 1)
        order by e.employee_number`,
  );
  const wanted = [
    [
      { date: DAY1, code: 'NIGHT' },
      { date: DAY2, code: 'NIGHT' },
    ],
    [{ date: DAY1, code: 'EVENING' }],
    [{ date: DAY2, code: 'EVENING' }],
  ];
  for (const shifts of wanted) {
    for (;;) {
      const employee = free.shift();
      expect(employee, 'a free ramp employee for the hand-made shifts').toBeTruthy();
      const created = [];
      for (const shift of shifts) {
        created.push(
          await post(`/api/employees/${employee!.id}/shift-assignments`, {
            date: shift.date,
            shiftTemplateId: await idOf('shift_templates', shift.code),
            terminalId,
          }),
        );
      }
      if (created.every((response) => response.statusCode === 201)) break;
      for (const response of created) {
        if (response.statusCode === 201) {
          await t.request('planner', {
            method: 'DELETE',
            url: `/api/shift-assignments/${response.json().id}`,
          });
        }
      }
    }
  }
  const published = await post('/api/admin/roster/publish', { runId: run.json().id });
  expect(published.statusCode, published.body).toBe(201);
  const lines = (
    await t.request('planner', { method: 'GET', url: `/api/admin/published-rosters/${published.json().id}` })
  ).json().lines as Line[];
  const who = (date: string, code: string) =>
    lines
      .filter((line) => line.date === date && line.shift.code === code)
      .map((l) => l.employee.employeeNumber);
  const [morning1] = who(DAY1, 'MORNING');
  const [morning2] = who(DAY2, 'MORNING');
  const [night] = who(DAY1, 'NIGHT');
  const [evening1] = who(DAY1, 'EVENING');
  const [evening2] = who(DAY2, 'EVENING');
  expect(who(DAY2, 'NIGHT')).toEqual([night]);
  expect(lines).toHaveLength(6);
  return {
    morning1: morning1!,
    morning2: morning2!,
    night: night!,
    evening1: evening1!,
    evening2: evening2!,
  };
}

describeEachDatabase(
  'reconciliation of attendance segments',
  (t) => {
    const exceptions = async () => {
      const response = await t.request('planner', {
        method: 'GET',
        url: `/api/admin/reconciliation/exceptions?from=${DAY1}&to=${DAY3}`,
      });
      expect(response.statusCode, response.body).toBe(200);
      return response.json().items as Exception[];
    };
    const brief = (items: Exception[]) =>
      items
        .map((item) => `${item.date} ${item.employee.employeeNumber} ${item.kind} ${item.minutes ?? ''}`)
        .sort();
    let staff: Awaited<ReturnType<typeof publishNightsAndEvenings>>;

    it('joins back-to-back nights across midnight and finds the late arrival on the second night', async () => {
      staff = await publishNightsAndEvenings(t);
      await importAttendance(t, [
        [staff.morning1, DAY1, '06:00', '14:00', 'PRESENT'],
        [staff.morning2, DAY2, '05:58', '14:02', 'PRESENT'],
        // Night 1: 21:55 to midnight, then 00:00–06:03; night 2 starts 40 minutes late on the same date as
        // night 1's tail, and ends at 06:02 on the third date.
        [staff.night, DAY1, '21:55', '24:00', 'PRESENT'],
        [staff.night, DAY2, '00:00', '06:03', 'PRESENT'],
        [staff.night, DAY2, '22:40', '23:59', 'LATE'],
        [staff.night, DAY3, '00:00', '06:02', 'PRESENT'],
        // Planned for the evenings, they came for the mornings (the second stayed 8 minutes into the evening).
        [staff.evening1, DAY1, '06:00', '14:00', 'PRESENT'],
        [staff.evening2, DAY2, '06:02', '14:08', 'PRESENT'],
      ]);
      const found = await exceptions();
      expect(brief(found)).toEqual(
        [
          `${DAY2} ${staff.night} LATE_ARRIVAL 40`,
          `${DAY1} ${staff.evening1} WRONG_SHIFT `,
          `${DAY2} ${staff.evening2} WRONG_SHIFT `,
        ].sort(),
      );
      expect(found.find((item) => item.kind === 'LATE_ARRIVAL')).toMatchObject({
        plannedShift: { code: 'NIGHT', start: '22:00', end: '06:00' },
        workedShift: null,
        Time_In: '22:40',
        Time_Out: '06:02',
      });
    });

    it('reports a person planned for the evening who worked the morning as WRONG_SHIFT, naming both shifts', async () => {
      const wrong = (await exceptions()).find((item) => item.employee.employeeNumber === staff.evening1)!;
      expect(wrong).toMatchObject({
        kind: 'WRONG_SHIFT',
        date: DAY1,
        plannedShift: { code: 'EVENING', start: '14:00', end: '22:00' },
        workedShift: { code: 'MORNING', start: '06:00', end: '14:00' },
        Time_In: '06:00',
        Time_Out: '14:00',
        minutes: null,
      });
      const wrongKinds = await t.request('planner', {
        method: 'GET',
        url: `/api/admin/reconciliation/exceptions?from=${DAY1}&to=${DAY3}&kind=WRONG_SHIFT`,
      });
      expect(wrongKinds.json().total).toBe(2);
    });

    it('counts the nights as attended and the evenings as not in the variance', async () => {
      const response = await t.request('planner', {
        method: 'GET',
        url: `/api/admin/reconciliation/variance?from=${DAY1}&to=${DAY2}`,
      });
      expect(response.statusCode, response.body).toBe(200);
      const lines = (
        response.json().lines as { date: string; shift: { code: string }; planned: number; actual: number }[]
      ).map((line) => `${line.date} ${line.shift.code} ${line.planned}/${line.actual}`);
      expect(lines).toEqual([
        `${DAY1} MORNING 1/1`,
        `${DAY1} EVENING 1/0`,
        `${DAY1} NIGHT 1/1`,
        `${DAY2} MORNING 1/1`,
        `${DAY2} EVENING 1/0`,
        `${DAY2} NIGHT 1/1`,
      ]);
    });

    it('follows an edit of one segment: the second night on time clears its late arrival', async () => {
      const [record] = await queryRows<{ id: string }>(
        t.database.db,
        sql`select a.id from attendance_records a join employees e on e.id = a.employee_id
             where e.employee_number = ${staff.night} and a.date = ${DAY2} and a.time_in = time '22:40'`,
      );
      const edited = await t.request('hrdirector', {
        method: 'PUT',
        url: `/api/admin/attendance/${record!.id}`,
        payload: {
          Time_In: '21:58',
          Time_Out: '23:59',
          statusCode: 'PRESENT',
          reason: 'Clock at gate 2 was slow',
        },
      });
      expect(edited.statusCode, edited.body).toBe(200);
      expect(brief(await exceptions())).toEqual(
        [`${DAY1} ${staff.evening1} WRONG_SHIFT `, `${DAY2} ${staff.evening2} WRONG_SHIFT `].sort(),
      );
    });
  },
  { now: () => NOW },
);
