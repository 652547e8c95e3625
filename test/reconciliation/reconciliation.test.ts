import { sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { queryRows } from '../../src/core/db/database.ts';
import {
  daysToReconcile,
  reconcileDays,
  utilizationRows,
} from '../../src/modules/reconciliation/repository.ts';
import { createReadyUser, describeEachDatabase } from '../helpers/app.ts';
import { importAttendance } from '../helpers/attendance.ts';
import { DAY1, DAY2, departmentId, NOW, publishTinyRoster } from '../helpers/roster.ts';

interface Exception {
  id: string;
  kind: string;
  date: string;
  employee: { id: string; employeeNumber: string };
  departmentId: string;
  plannedShift: { code: string; start: string; end: string } | null;
  Time_In: string | null;
  Time_Out: string | null;
  minutes: number | null;
  status: string;
  resolution: string | null;
}

describeEachDatabase(
  'reconciliation of planned against actual',
  (t) => {
    let staff: Awaited<ReturnType<typeof publishTinyRoster>>;
    let cargoNumber: string;
    const get = (user: string, url: string) => t.request(user, { method: 'GET', url });
    const exceptions = async (user = 'planner', query = '') => {
      const response = await get(
        user,
        `/api/admin/reconciliation/exceptions?from=${DAY1}&to=${DAY2}${query}`,
      );
      expect(response.statusCode, response.body).toBe(200);
      return response.json().items as Exception[];
    };
    const pending = async (user = 'planner') =>
      (await get(user, `/api/admin/reconciliation/pending-count?from=${DAY1}&to=${DAY2}`)).json()
        .count as number;
    const validate = (payload: Record<string, unknown>, user = 'sysadmin') =>
      t.request(user, { method: 'POST', url: '/api/admin/reconciliation/exceptions/validate', payload });
    const brief = (items: Exception[]) =>
      items
        .map((item) => `${item.date} ${item.employee.employeeNumber} ${item.kind} ${item.minutes ?? ''}`)
        .sort();

    it('finds each kind of exception, a night shift ending the next day included', async () => {
      staff = await publishTinyRoster(t);
      const [cargo] = await queryRows<{ number: string }>(
        t.database.db,
        sql`select e.employee_number as number from employees e join org_nodes o on o.id = e.department_id
             where o.code = 'CARGO' and e.status = 'ACTIVE' order by 1 limit 1`,
      );
      cargoNumber = cargo!.number;
      await importAttendance(t, [
        // Within the 10-minute tolerance either side: nothing to say.
        [staff.early, DAY1, '06:05', '13:52', 'PRESENT'],
        [staff.late, DAY1, '06:25', '13:40', 'LATE'],
        // The night of day 1 (22:00–06:00): in before midnight, out at 05:30 on day 2's 00:00 record.
        [staff.night, DAY1, '22:00', null, 'PRESENT'],
        [staff.night, DAY2, '00:00', '05:30', 'EARLY_LEAVE'],
        // The evening of day 2: nobody came. A cargo employee came though nobody planned them.
        [cargoNumber, DAY2, '08:00', '16:00', 'PRESENT'],
      ]);
      const found = await exceptions();
      expect(brief(found)).toEqual(
        [
          `${DAY1} ${staff.late} LATE_ARRIVAL 25`,
          `${DAY1} ${staff.late} EARLY_DEPARTURE 20`,
          `${DAY1} ${staff.night} EARLY_DEPARTURE 30`,
          `${DAY2} ${staff.evening} NO_SHOW `,
          `${DAY2} ${cargoNumber} UNPLANNED_ATTENDANCE `,
        ].sort(),
      );
      const night = found.find((item) => item.employee.employeeNumber === staff.night)!;
      expect(night).toMatchObject({
        plannedShift: { code: 'NIGHT', start: '22:00', end: '06:00' },
        Time_In: '22:00',
        Time_Out: '05:30',
        status: 'OPEN',
        resolution: null,
      });
      const unplanned = found.find((item) => item.kind === 'UNPLANNED_ATTENDANCE')!;
      expect(unplanned).toMatchObject({ plannedShift: null, Time_In: '08:00', Time_Out: '16:00' });
      expect(unplanned.departmentId).toBe(await departmentId(t, 'CARGO'));
      expect(await pending()).toBe(5);
      expect(brief(await exceptions('planner', '&kind=LATE_ARRIVAL'))).toEqual([
        `${DAY1} ${staff.late} LATE_ARRIVAL 25`,
      ]);
    });

    it('counts required against planned against actual per date, terminal and shift', async () => {
      const response = await get('planner', `/api/admin/reconciliation/variance?from=${DAY1}&to=${DAY2}`);
      expect(response.statusCode, response.body).toBe(200);
      const variance = response.json();
      const rampLines = variance.lines.filter(
        (line: { date: string }) => line.date === DAY1 || line.date === DAY2,
      );
      expect(
        rampLines.map(
          (
            line: { date: string; terminal: { code: string }; shift: { code: string } } & Record<
              string,
              number
            >,
          ) =>
            `${line.date} ${line.terminal.code} ${line.shift.code} ${line.required}/${line.planned}/${line.actual} ${line.plannedGap} ${line.attendanceGap}`,
        ),
      ).toEqual([
        `${DAY1} T1 MORNING 2/2/2 0 0`,
        `${DAY1} T1 NIGHT 1/1/1 0 0`,
        `${DAY2} T2 EVENING 1/1/0 0 -1`,
      ]);
      expect(variance.totals).toEqual({ required: 4, planned: 4, actual: 3 });
    });

    it('sums planned and actual hours for utilization', async () => {
      const rampId = await departmentId(t, 'RAMP');
      const cargoId = await departmentId(t, 'CARGO');
      const rows = await utilizationRows(
        t.database.db,
        (
          await queryRows<{ id: string }>(
            t.database.db,
            sql`select id from business_units where code = 'MAIN'`,
          )
        )[0]!.id,
        { kind: 'unit' },
        { from: DAY1, to: DAY2 },
      );
      const ramp = rows.find((row) => row.departmentId === rampId)!;
      // Four 8-hour shifts; worked 7:47 + 7:15 + 7:30 (the night, to 05:30) + 0 (no-show).
      expect(ramp.plannedHours).toBe(32);
      expect(ramp.actualHours).toBeCloseTo(7.7833 + 7.25 + 7.5, 2);
      expect(rows.find((row) => row.departmentId === cargoId)).toEqual({
        departmentId: cargoId,
        plannedHours: 0,
        actualHours: 8,
      });
    });

    it('shows a scoped manager their departments only, and another unit nothing', async () => {
      const mine = await exceptions('manager');
      expect(mine.map((item) => item.kind).sort()).toEqual([
        'EARLY_DEPARTURE',
        'EARLY_DEPARTURE',
        'LATE_ARRIVAL',
        'NO_SHOW',
      ]);
      expect(await pending('manager')).toBe(4);
      expect(await exceptions('north.admin')).toEqual([]);
      expect((await get('employee', '/api/admin/reconciliation/exceptions')).statusCode).toBe(403);
    });

    it('validates all listed exceptions or none, and a validated one stays validated when recomputed', async () => {
      const found = await exceptions();
      const noShow = found.find((item) => item.kind === 'NO_SHOW')!;
      const lateOne = found.find((item) => item.kind === 'LATE_ARRIVAL')!;
      const unknown = crypto.randomUUID();
      const refused = await validate({ ids: [noShow.id, unknown], resolution: 'JUSTIFIED' });
      expect(refused.statusCode).toBe(404);
      expect(refused.json().ids).toEqual([unknown]);
      expect((await validate({ ids: [noShow.id], resolution: 'MAYBE' })).statusCode).toBe(400);
      expect(await pending()).toBe(5);
      // The absent employee signs in with an account of their own, so that they can be told (issue 55).
      const [account] = await queryRows<{ id: string }>(
        t.database.db,
        sql`select id from users where employee_id = ${noShow.employee.id} and deleted_at is null`,
      );
      if (!account) {
        const created = await createReadyUser(t, {
          username: 'absent.one',
          displayName: 'Absent One',
          employeeId: noShow.employee.id,
        });
        expect(created.statusCode, created.body).toBe(201);
      }

      const done = await validate({
        ids: [noShow.id],
        resolution: 'JUSTIFIED',
        comment: 'Sick note handed in',
      });
      expect(done.statusCode, done.body).toBe(200);
      expect(done.json()).toMatchObject({
        validated: 1,
        items: [
          {
            id: noShow.id,
            status: 'VALIDATED',
            resolution: 'JUSTIFIED',
            comment: 'Sick note handed in',
            validatedBy: { username: 'sysadmin' },
          },
        ],
      });
      expect(await pending()).toBe(4);
      const told = await queryRows<{ kind: string; link: string; data: Record<string, unknown> }>(
        t.database.db,
        sql`select n.kind, n.link, n.data from notifications n join users u on u.id = n.user_id
             where u.employee_id = ${noShow.employee.id} and n.kind = 'ATTENDANCE_EXCEPTION_VALIDATED'`,
      );
      expect(told).toEqual([
        {
          kind: 'ATTENDANCE_EXCEPTION_VALIDATED',
          link: '/my/attendance',
          data: {
            shiftDate: noShow.date,
            exceptionKind: 'NO_SHOW',
            resolution: 'JUSTIFIED',
            comment: 'Sick note handed in',
          },
        },
      ]);
      const twice = await validate({ ids: [noShow.id, lateOne.id], resolution: 'UNJUSTIFIED' });
      expect(twice.statusCode).toBe(409);
      expect(twice.json()).toMatchObject({ code: 'EXCEPTION_ALREADY_VALIDATED', ids: [noShow.id] });
      expect(
        (await exceptions('planner', '&status=OPEN')).find((item) => item.id === lateOne.id),
      ).toBeTruthy();

      // The evening turns out to have been worked, and the late arrival is corrected by an edit: the
      // open late arrival goes, the validated no-show stays as decided.
      const records = await importAttendance(t, [[staff.evening, DAY2, '14:00', '22:00', 'PRESENT']]);
      expect(records.get(`${staff.evening}|${DAY2}`)).toBeTruthy();
      const [lateRecord] = await queryRows<{ id: string; version: number }>(
        t.database.db,
        sql`select a.id, a.version from attendance_records a join employees e on e.id = a.employee_id
             where e.employee_number = ${staff.late} and a.date = ${DAY1}`,
      );
      const edited = await t.request('hrdirector', {
        method: 'PUT',
        url: `/api/admin/attendance/${lateRecord!.id}`,
        headers: { 'if-match': `"${lateRecord!.version}"` },
        payload: {
          Time_In: '06:00',
          Time_Out: '13:40',
          statusCode: 'EARLY_LEAVE',
          reason: 'Gate clock ran late',
        },
      });
      expect(edited.statusCode, edited.body).toBe(200);
      const after = await exceptions();
      expect(brief(after)).toEqual(
        [
          `${DAY1} ${staff.late} EARLY_DEPARTURE 20`,
          `${DAY1} ${staff.night} EARLY_DEPARTURE 30`,
          `${DAY2} ${staff.evening} NO_SHOW `,
          `${DAY2} ${cargoNumber} UNPLANNED_ATTENDANCE `,
        ].sort(),
      );
      expect(after.find((item) => item.id === noShow.id)).toMatchObject({
        status: 'VALIDATED',
        resolution: 'JUSTIFIED',
      });
      expect(await pending()).toBe(3);
      const [audit] = await queryRows<{ n: number }>(
        t.database.db,
        sql`select count(*)::int as n from audit_events where action = 'reconciliation.validate'`,
      );
      expect(audit!.n).toBe(1);
    });

    it('recomputes when the tolerance changes, and leaves today and later alone', async () => {
      const settings = await get('sysadmin', '/api/settings');
      const changed = await t.request('sysadmin', {
        method: 'PATCH',
        url: '/api/settings',
        headers: { 'if-match': `"${settings.json().version}"` },
        payload: { 'reconciliation.toleranceMinutes': 0 },
      });
      expect(changed.statusCode, changed.body).toBe(200);
      const strict = brief(await exceptions());
      expect(strict).toContain(`${DAY1} ${staff.early} LATE_ARRIVAL 5`);
      expect(strict).toContain(`${DAY1} ${staff.early} EARLY_DEPARTURE 8`);

      // A record of today (the clock's date) is not reconciled until the day is over.
      await importAttendance(t, [[cargoNumber, '2027-03-15', '08:00', null, 'PRESENT']]);
      const today = await get(
        'planner',
        '/api/admin/reconciliation/exceptions?from=2027-03-15&to=2027-03-15',
      );
      expect(today.json().items).toEqual([]);
      expect((await get('planner', '/api/admin/reconciliation/pending-count')).json()).toMatchObject({
        from: '2027-02-12',
        to: '2027-03-14',
      });
      const reversed = await get('planner', `/api/admin/reconciliation/exceptions?from=${DAY2}&to=${DAY1}`);
      expect(reversed.json().code).toBe('INVALID_DATE_RANGE');
      const tooLong = await get(
        'planner',
        '/api/admin/reconciliation/variance?from=2026-01-01&to=2027-01-01',
      );
      expect(tooLong.json().code).toBe('RANGE_TOO_LONG');
    });
  },
  { now: () => NOW },
);

describeEachDatabase('reconciliation freshness', (t) => {
  it('leaves a date stale when its attendance changes while it is being reconciled', async () => {
    const [unit] = await queryRows<{ id: string }>(
      t.database.db,
      sql`select id from business_units where code = 'MAIN'`,
    );
    const buId = unit!.id;
    const date = '2025-06-02';
    const [seen] = await daysToReconcile(t.database.db, buId, date, date, 10);
    expect(seen).toEqual({ date, seen: 0 });
    // A record lands after the recompute read its versions and before it stored its results.
    await importAttendance(t, [['E00002', date, '09:00', '10:00', 'PRESENT']]);
    await reconcileDays(t.database.db, buId, [seen!], 10);
    expect(await daysToReconcile(t.database.db, buId, date, date, 10)).toEqual([{ date, seen: 1 }]);
    await reconcileDays(t.database.db, buId, [{ date, seen: 1 }], 10);
    expect(await daysToReconcile(t.database.db, buId, date, date, 10)).toEqual([]);
    expect(await daysToReconcile(t.database.db, buId, date, date, 15)).toHaveLength(1);
  });
});
