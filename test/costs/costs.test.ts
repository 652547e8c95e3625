import { sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { queryRows } from '../../src/core/db/database.ts';
import { describeEachDatabase, type TestContext } from '../helpers/app.ts';
import { importAttendance } from '../helpers/attendance.ts';
import { pdfText, readWorkbook } from '../helpers/documents.ts';
import { DAY1, DAY2, departmentId, NOW, publishTinyRoster } from '../helpers/roster.ts';

/*
 * The worked example: a tiny roster priced by hand here, in integer halalas and exact fractions, equals the
 * service's to the halala. DAY1 (Sunday 7 March 2027) is made a weekend day, DAY2 a holiday.
 */

const RATES: Record<string, bigint> = { G2: 3333n, G3: 4167n, G4: 5250n, G5: 6001n };
const NIGHT_BP = 1234n; // 12.34 %
const WEEKEND_BP = 5000n; // 50 %
const HOLIDAY_FIXED = 725n; // 7.25 an hour
const OVERTIME_BP = 15000n; // 150 % of the hour
const MAX_WEEKLY = 6n;

/** Half to even, of n / d (d > 0): what the service promises, written again independently. */
function roundHalfEven(n: bigint, d: bigint): bigint {
  const floor = n >= 0n ? n / d : -((-n + d - 1n) / d);
  const twice = 2n * (n - floor * d);
  if (twice !== d) return twice < d ? floor : floor + 1n;
  return floor % 2n === 0n ? floor : floor + 1n;
}
const money = (minor: bigint) =>
  `${minor < 0n ? '-' : ''}${(minor < 0n ? -minor : minor) / 100n}.${String((minor < 0n ? -minor : minor) % 100n).padStart(2, '0')}`;

interface Shift {
  number: string;
  kind: 'MORNING' | 'NIGHT' | 'EVENING';
}

/**
 * By hand, per shift of 8 paid hours: MORNING 06–14 on DAY1 (weekend); NIGHT 22–06 from DAY1, 2 h on
 * DAY1 (weekend) and 6 h on DAY2 (holiday), all of them night; EVENING 14–22 on DAY2 (holiday), no night.
 * Overtime: each person's hours of the week over 6, at 50 % more.
 */
function byHand(shifts: Shift[], gradeOf: Map<string, string>) {
  // Sums of exact numerators over 10,000 (basis points) in halalas.
  let base = 0n;
  let night = 0n;
  let weekend = 0n;
  let holiday = 0n;
  let overtime = 0n;
  const hours = new Map<string, bigint>();
  for (const shift of shifts) {
    const rate = RATES[gradeOf.get(shift.number)!]!;
    hours.set(shift.number, (hours.get(shift.number) ?? 0n) + 8n);
    base += 8n * rate * 10_000n;
    if (shift.kind === 'MORNING') weekend += 8n * rate * WEEKEND_BP;
    if (shift.kind === 'NIGHT') {
      night += 8n * rate * NIGHT_BP;
      weekend += 2n * rate * WEEKEND_BP;
      holiday += 6n * HOLIDAY_FIXED * 10_000n;
    }
    if (shift.kind === 'EVENING') holiday += 8n * HOLIDAY_FIXED * 10_000n;
  }
  for (const [number, worked] of hours) {
    const over = worked > MAX_WEEKLY ? worked - MAX_WEEKLY : 0n;
    overtime += over * RATES[gradeOf.get(number)!]! * (OVERTIME_BP - 10_000n);
  }
  const parts = [base, night, weekend, holiday, overtime].map((n) => roundHalfEven(n, 10_000n));
  const total = parts.reduce((sum, part) => sum + part, 0n);
  const [b, n, w, h, o] = parts.map(money);
  const totalHours = [...hours.values()].reduce((sum, value) => sum + value, 0n);
  return {
    currency: 'SAR',
    hours: `${totalHours}.00`,
    unratedHours: '0.00',
    unratedGrades: [],
    employeesWithoutGrade: 0,
    base: b,
    night: n,
    weekend: w,
    holiday: h,
    overtime: o,
    total: money(total),
  };
}

async function gradesByNumber(t: TestContext, numbers: string[]) {
  const rows = await queryRows<{ number: string; grade: string }>(
    t.database.db,
    sql`select e.employee_number as number, g.code as grade from employees e join grades g on g.id = e.grade_id
         where e.employee_number in (${sql.join(
           numbers.map((n) => sql`${n}`),
           sql`, `,
         )})`,
  );
  return new Map(rows.map((row) => [row.number, row.grade]));
}

async function gradeIds(t: TestContext) {
  const rows = await queryRows<{ id: string; code: string }>(
    t.database.db,
    sql`select id, code from grades where bu_id = (select id from business_units where code = 'MAIN')`,
  );
  return new Map(rows.map((row) => [row.code, row.id]));
}

describeEachDatabase(
  'labour cost',
  (t) => {
    let staff: Awaited<ReturnType<typeof publishTinyRoster>>;
    let rosterId: string;
    let ramp: string;
    let plannedTotal: string;
    const call = (
      user: string,
      method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
      url: string,
      payload?: object,
    ) => t.request(user, { method, url, ...(payload ? { payload } : {}) });

    it('lets HR set rates and premiums, and refuses what does not hold together', async () => {
      const grades = await gradeIds(t);
      for (const [code, minor] of Object.entries(RATES)) {
        const created = await call('hradmin', 'POST', '/api/labour-rates', {
          gradeId: grades.get(code),
          effectiveFrom: '2027-01-01',
          hourlyRate: money(minor),
        });
        expect(created.statusCode, created.body).toBe(201);
        expect(created.json().hourlyRate).toBe(money(minor));
      }
      // An older rate is superseded, a later one not yet in force: neither prices March 2027.
      for (const [effectiveFrom, hourlyRate] of [
        ['2026-01-01', '10.00'],
        ['2027-04-01', '99.99'],
      ]) {
        const other = await call('hradmin', 'POST', '/api/labour-rates', {
          gradeId: grades.get('G2'),
          effectiveFrom,
          hourlyRate,
        });
        expect(other.statusCode, other.body).toBe(201);
      }
      const again = await call('hradmin', 'POST', '/api/labour-rates', {
        gradeId: grades.get('G2'),
        effectiveFrom: '2027-01-01',
        hourlyRate: '1.00',
      });
      expect(again.statusCode).toBe(409);
      expect(again.json().code).toBe('LABOUR_RATE_EXISTS');
      const tooPrecise = await call('hradmin', 'POST', '/api/labour-rates', {
        gradeId: grades.get('G1'),
        effectiveFrom: '2027-01-01',
        hourlyRate: '1.005',
      });
      expect(tooPrecise.statusCode).toBe(400);
      const planner = await call('planner', 'POST', '/api/labour-rates', {
        gradeId: grades.get('G1'),
        effectiveFrom: '2027-01-01',
        hourlyRate: '1.00',
      });
      expect(planner.statusCode).toBe(403);

      const premiums = {
        NIGHT: {
          nameEn: 'Night',
          nameAr: 'علاوة ليلية',
          basis: 'PERCENT',
          percent: '12.34',
          windowStart: '22:00',
          windowEnd: '06:00',
        },
        WEEKEND: { nameEn: 'Weekend', nameAr: 'علاوة نهاية الأسبوع', basis: 'PERCENT', percent: '50' },
        HOLIDAY: { nameEn: 'Holiday', nameAr: 'علاوة العطلة', basis: 'FIXED', amount: '7.25' },
        OVERTIME: { nameEn: 'Overtime', nameAr: 'عمل إضافي', basis: 'PERCENT', percent: '150' },
      };
      for (const [kind, body] of Object.entries(premiums)) {
        const set = await call('hradmin', 'PUT', `/api/labour-premiums/${kind}`, body);
        expect(set.statusCode, set.body).toBe(200);
      }
      const noWindow = await call('hradmin', 'PUT', '/api/labour-premiums/NIGHT', {
        ...premiums.NIGHT,
        windowStart: null,
      });
      expect(noWindow.statusCode).toBe(400);
      const both = await call('hradmin', 'PUT', '/api/labour-premiums/WEEKEND', {
        ...premiums.WEEKEND,
        amount: '1.00',
      });
      expect(both.statusCode).toBe(400);
      const listed = await call('manager', 'GET', '/api/labour-premiums');
      expect(listed.statusCode).toBe(200);
      expect(listed.json().currency).toEqual({ code: 'SAR', minorUnits: 2 });
      expect(
        listed.json().items.map((p: { kind: string; percent: string | null }) => [p.kind, p.percent]),
      ).toEqual([
        ['HOLIDAY', null],
        ['NIGHT', '12.34'],
        ['OVERTIME', '150'],
        ['WEEKEND', '50'],
      ]);
      const audit = await queryRows<{ action: string }>(
        t.database.db,
        sql`select action from audit_events where action like 'labour_%'`,
      );
      expect(new Set(audit.map((row) => row.action))).toEqual(
        new Set(['labour_rate.create', 'labour_premium.set']),
      );
    });

    it('prices a published roster as worked out by hand, to the halala', async () => {
      staff = await publishTinyRoster(t);
      ramp = await departmentId(t, 'RAMP');
      const settings = await call('sysadmin', 'GET', '/api/settings');
      const patched = await t.request('sysadmin', {
        method: 'PATCH',
        url: '/api/settings',
        headers: { 'if-match': `"${settings.json().version}"` },
        payload: { weekendDays: ['Sunday'], maxWeeklyHours: 6 },
      });
      expect(patched.statusCode, patched.body).toBe(200);
      await t.database.db.execute(sql`
        insert into holidays (bu_id, code, name_en, name_ar, date, end_date)
        values ((select id from business_units where code = 'MAIN'), 'COST_TEST', 'Cost test day', 'يوم اختبار', ${DAY2}, ${DAY2})`);

      const shifts: Shift[] = [
        { number: staff.early, kind: 'MORNING' },
        { number: staff.late, kind: 'MORNING' },
        { number: staff.night, kind: 'NIGHT' },
        { number: staff.evening, kind: 'EVENING' },
      ];
      const expected = byHand(shifts, await gradesByNumber(t, Object.values(staff)));

      const [roster] = await queryRows<{ id: string }>(
        t.database.db,
        sql`select id from published_rosters where period_from = ${DAY1} order by published_at desc limit 1`,
      );
      rosterId = roster!.id;
      const version = await call('manager', 'GET', `/api/admin/published-rosters/${rosterId}/cost`);
      expect(version.statusCode, version.body).toBe(200);
      expect(version.json().cost).toEqual(expected);

      const month = await call('manager', 'GET', `/api/departments/${ramp}/labour-cost?month=2027-03`);
      expect(month.statusCode, month.body).toBe(200);
      expect(month.json().planned).toEqual(expected);
      plannedTotal = expected.total;
      expect(month.json().budget).toBeNull();

      const employee = await call('employee', 'GET', `/api/admin/published-rosters/${rosterId}/cost`);
      expect(employee.statusCode).toBe(403);
    });

    it('names the grades whose hours had no rate, and counts the staff without a grade', async () => {
      const grades = await gradesByNumber(t, [staff.evening, staff.night]);
      await t.database.db.execute(sql`
        insert into grades (bu_id, code, name_en, name_ar)
        values ((select id from business_units where code = 'MAIN'), 'NO_RATE', 'Trainee', 'متدرب')`);
      const move = (number: string, grade: string | null) =>
        t.database.db.execute(sql`update employees
            set grade_id = (select id from grades where code = ${grade} and bu_id = employees.bu_id)
          where employee_number = ${number} and bu_id = (select id from business_units where code = 'MAIN')`);
      try {
        await move(staff.evening, 'NO_RATE');
        await move(staff.night, null);
        const version = await call('manager', 'GET', `/api/admin/published-rosters/${rosterId}/cost`);
        expect(version.statusCode, version.body).toBe(200);
        expect(version.json().cost).toMatchObject({
          unratedGrades: [{ code: 'NO_RATE', nameEn: 'Trainee', nameAr: 'متدرب' }],
          employeesWithoutGrade: 1,
        });
        expect(Number(version.json().cost.unratedHours)).toBeGreaterThan(0);
      } finally {
        await move(staff.evening, grades.get(staff.evening)!);
        await move(staff.night, grades.get(staff.night)!);
        await t.database.db.execute(sql`delete from grades where code = 'NO_RATE'`);
      }
    });

    it('sets a budget and compares it with planned and with actual after an attendance import', async () => {
      const created = await call('hrdirector', 'POST', '/api/labour-budgets', {
        departmentId: ramp,
        month: '2027-03',
        amount: '1000.00',
        note: 'Spring',
      });
      expect(created.statusCode, created.body).toBe(201);
      const duplicate = await call('hrdirector', 'POST', '/api/labour-budgets', {
        departmentId: ramp,
        month: '2027-03',
        amount: '5.00',
      });
      expect(duplicate.statusCode).toBe(409);
      const changed = await t.request('hradmin', {
        method: 'PATCH',
        url: `/api/labour-budgets/${created.json().id}`,
        headers: { 'if-match': `"${created.json().version}"` },
        payload: { amount: '1200.00' },
      });
      expect(changed.statusCode, changed.body).toBe(200);
      const stale = await t.request('hradmin', {
        method: 'PATCH',
        url: `/api/labour-budgets/${created.json().id}`,
        headers: { 'if-match': `"${created.json().version}"` },
        payload: { amount: '1.00' },
      });
      expect(stale.statusCode).toBe(412);
      const managerWrites = await call('manager', 'POST', '/api/labour-budgets', {
        departmentId: ramp,
        month: '2027-04',
        amount: '1.00',
      });
      expect(managerWrites.statusCode).toBe(403);

      await importAttendance(t, [
        [staff.early, DAY1, '06:00', '14:00', 'PRESENT'],
        [staff.night, DAY1, '22:00', '24:00', 'PRESENT'],
        [staff.night, DAY2, '00:00', '06:00', 'PRESENT'],
      ]);
      const grades = await gradesByNumber(t, Object.values(staff));
      const actual = byHand(
        [
          { number: staff.early, kind: 'MORNING' },
          { number: staff.night, kind: 'NIGHT' },
        ],
        grades,
      );
      const month = await call('manager', 'GET', `/api/departments/${ramp}/labour-cost?month=2027-03`);
      expect(month.statusCode, month.body).toBe(200);
      const body = month.json();
      expect(body.budget).toBe('1200.00');
      expect(body.actual).toEqual(actual);
      const share = (total: string) => {
        const tenths = roundHalfEven(BigInt(total.replace('.', '')) * 1000n, 120_000n);
        return `${tenths / 10n}.${tenths % 10n}`;
      };
      expect(body.actualShareOfBudget).toBe(share(actual.total));
      const overview = await call('manager', 'GET', '/api/labour-cost?month=2027-03');
      expect(overview.statusCode, overview.body).toBe(200);
      expect(
        overview.json().departments.map((d: { department: { code: string } }) => d.department.code),
      ).toEqual(['RAMP']);
      const totals = await call('manager', 'GET', '/api/labour-cost/totals?month=2027-03');
      expect(totals.statusCode, totals.body).toBe(200);
      expect(totals.json()).toEqual({
        month: '2027-03',
        currency: 'SAR',
        budget: '1200.00',
        planned: plannedTotal,
        actual: actual.total,
      });
      expect((await call('employee', 'GET', '/api/labour-cost/totals?month=2027-03')).statusCode).toBe(403);
      expect((await call('manager', 'GET', '/api/dashboard/summary')).json()).not.toHaveProperty(
        'labourCostThisMonth',
      );
    });

    it('lets one of two budgets for the same department and month win, by the database', async () => {
      const pax = await departmentId(t, 'PAX');
      const answers = await Promise.all(
        ['100.00', '200.00'].map((amount) =>
          call('hradmin', 'POST', '/api/labour-budgets', { departmentId: pax, month: '2027-05', amount }),
        ),
      );
      expect(answers.map((answer) => answer.statusCode).sort()).toEqual([201, 409]);
      const tooPrecise = await call('hradmin', 'POST', '/api/labour-budgets', {
        departmentId: pax,
        month: '2027-06',
        amount: '10.001',
      });
      expect(tooPrecise.statusCode).toBe(400);
      const listed = await call('hradmin', 'GET', `/api/labour-budgets?departmentId=${pax}&from=2027-05`);
      expect(listed.json().total).toBe(1);
    });

    it('reports the month against budget as a workbook and a PDF in both languages', async () => {
      const month = (
        await call('manager', 'GET', `/api/departments/${ramp}/labour-cost?month=2027-03`)
      ).json();
      for (const lang of ['en', 'ar'] as const) {
        const xlsx = await t.request('manager', {
          method: 'GET',
          url: `/api/reports/labour-cost.xlsx?month=2027-03&lang=${lang}`,
        });
        expect(xlsx.statusCode, xlsx.body).toBe(200);
        const { sheet, rows } = await readWorkbook(xlsx.rawPayload);
        expect(sheet.views[0]?.rightToLeft ?? false).toBe(lang === 'ar');
        expect(rows[1]).toEqual([
          lang === 'ar' ? 'خدمات الساحة' : 'Ramp Services',
          '1200.00',
          month.planned.base,
          month.planned.night,
          month.planned.weekend,
          month.planned.holiday,
          month.planned.overtime,
          month.planned.total,
          month.actual.total,
          month.plannedShareOfBudget,
          month.actualShareOfBudget,
        ]);
        const file = await t.request('manager', {
          method: 'GET',
          url: `/api/reports/labour-cost.pdf?month=2027-03&lang=${lang}`,
        });
        expect(file.statusCode).toBe(200);
        const { items } = await pdfText(file.rawPayload);
        expect(items.join(' ')).toContain(month.planned.total);
        expect(items.join(' ')).toContain(lang === 'ar' ? 'الميزانية' : 'Budget');
      }
      const employee = await call('employee', 'GET', '/api/reports/labour-cost.pdf?month=2027-03');
      expect(employee.statusCode).toBe(403);
    });

    it('prices a run before locking and a rerun against the execution it replaced', async () => {
      // Back to a week the engine can staff an 8-hour shift in.
      const settings = await call('sysadmin', 'GET', '/api/settings');
      const reset = await t.request('sysadmin', {
        method: 'PATCH',
        url: '/api/settings',
        headers: { 'if-match': `"${settings.json().version}"` },
        payload: { maxWeeklyHours: 48 },
      });
      expect(reset.statusCode, reset.body).toBe(200);
      const from = '2027-03-21';
      const to = '2027-03-22';
      const plan = await call('planner', 'POST', '/api/demand/plans', {
        name: 'Cost rerun',
        departmentId: ramp,
        from,
        to,
      });
      expect(plan.statusCode, plan.body).toBe(201);
      const fill = async (required: number, version: number) => {
        const filled = await t.request('planner', {
          method: 'PATCH',
          url: `/api/demand/plans/${plan.json().id}`,
          headers: { 'if-match': `"${version}"` },
          payload: { cells: [{ date: from, terminalCode: 'T1', shiftTemplateCode: 'MORNING', required }] },
        });
        expect(filled.statusCode, filled.body).toBe(200);
        return filled.json().version as number;
      };
      const version = await fill(1, plan.json().version);
      const run = await call('planner', 'POST', '/api/allocation-runs', { planId: plan.json().id, from, to });
      expect(run.statusCode, run.body).toBe(201);
      const runId = run.json().id as string;
      const before = await call('planner', 'GET', `/api/allocation-runs/${runId}/cost`);
      expect(before.statusCode).toBe(409);
      const step = (action: string) =>
        t.request('planner', {
          method: 'POST',
          url: `/api/allocation-runs/${runId}/${action}`,
          headers: { prefer: 'wait=120' },
        });
      expect((await step('execute')).statusCode).toBe(200);
      const first = await call('planner', 'GET', `/api/allocation-runs/${runId}/cost`);
      expect(first.statusCode, first.body).toBe(200);
      expect(first.json()).toMatchObject({ execution: 1, previous: null, difference: null });
      expect(first.json().cost.hours).toBe('8.00');

      await fill(3, version);
      expect((await step('rerun')).statusCode).toBe(200);
      const second = await call('planner', 'GET', `/api/allocation-runs/${runId}/cost`);
      expect(second.statusCode, second.body).toBe(200);
      const body = second.json();
      expect(body.execution).toBe(2);
      expect(body.previous).toEqual({ execution: 1, cost: first.json().cost });
      expect(body.cost.hours).toBe('24.00');
      expect(body.difference.hours).toBe('16.00');
      const minor = (text: string) => BigInt(text.replace('.', ''));
      for (const key of ['base', 'night', 'weekend', 'holiday', 'overtime', 'total'] as const) {
        expect(minor(body.difference[key])).toBe(minor(body.cost[key]) - minor(body.previous.cost[key]));
      }
      expect(minor(body.difference.total) > 0n).toBe(true);
    });
  },
  { now: () => NOW },
);
