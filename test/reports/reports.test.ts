import { sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { queryRows } from '../../src/core/db/database.ts';
import { describeEachDatabase } from '../helpers/app.ts';
import { importAttendance } from '../helpers/attendance.ts';
import { pdfText, pdftotext, readWorkbook } from '../helpers/documents.ts';
import { DAY1, DAY2, departmentId, NOW, publishTinyRoster } from '../helpers/roster.ts';

interface Person {
  employeeNumber: string;
  Name_1_English: string;
  Name_2_Arabic: string;
}

describeEachDatabase(
  'reports',
  (t) => {
    let staff: Awaited<ReturnType<typeof publishTinyRoster>>;
    const people = new Map<string, Person>();
    const get = (user: string, url: string) => t.request(user, { method: 'GET', url });
    const file = async (user: string, url: string) => {
      const response = await get(user, url);
      expect(response.statusCode, response.body).toBe(200);
      return response.rawPayload;
    };

    it('lists a day’s published roster by shift, with heads and hours per shift', async () => {
      // A name a spreadsheet would take for a formula must stay text in every file.
      await t.database.db.execute(
        sql`update employees set name_en = '=HYPERLINK("http://x.test","' || name_en || '")'
             where department_id = (select id from org_nodes where code = 'RAMP'
                                     and bu_id = (select id from business_units where code = 'MAIN'))`,
      );
      staff = await publishTinyRoster(t);
      for (const row of await queryRows<Person>(
        t.database.db,
        sql`select employee_number as "employeeNumber", name_en as "Name_1_English", name_ar as "Name_2_Arabic"
              from employees where employee_number in (${staff.early}, ${staff.late}, ${staff.night}, ${staff.evening})
               and bu_id = (select id from business_units where code = 'MAIN')`,
      )) {
        people.set(row.employeeNumber, row);
      }
      const response = await get('planner', `/api/reports/daily-roster?date=${DAY1}`);
      expect(response.statusCode, response.body).toBe(200);
      const report = response.json();
      const [morning1, morning2] = [staff.early, staff.late].sort();
      expect(
        report.lines.map(
          (line: { employee: Person; shift: { code: string; start: string }; terminal: { code: string } }) =>
            `${line.shift.code} ${line.shift.start} ${line.terminal.code} ${line.employee.employeeNumber}`,
        ),
      ).toEqual([
        `MORNING 06:00 T1 ${morning1}`,
        `MORNING 06:00 T1 ${morning2}`,
        `NIGHT 22:00 T1 ${staff.night}`,
      ]);
      expect(report.totals).toMatchObject({ heads: 3, hours: 24 });
      expect(
        report.totals.byShift.map((s: { code: string; heads: number; hours: number }) => [
          s.code,
          s.heads,
          s.hours,
        ]),
      ).toEqual([
        ['MORNING', 2, 16],
        ['NIGHT', 1, 8],
      ]);
      expect(report.departments.map((d: { code: string }) => d.code)).toEqual(['RAMP']);
      expect(report.lines[0].employee.Name_1_English).toMatch(/^=HYPERLINK/);
    });

    it('writes the same day as a workbook: formulas as text, header frozen, Arabic right to left', async () => {
      const english = await readWorkbook(
        await file('planner', `/api/reports/daily-roster.xlsx?date=${DAY1}`),
      );
      expect(english.rows[0]).toEqual([
        'Shift',
        'Time',
        'Terminal',
        'No.',
        'Name',
        'Skill',
        'Department',
        'Hours',
      ]);
      const night = people.get(staff.night)!;
      const day = (await get('planner', `/api/reports/daily-roster?date=${DAY1}`)).json();
      const nightLine = day.lines.find(
        (line: { employee: Person }) => line.employee.employeeNumber === staff.night,
      );
      const skills = (nightLine.skill ? [nightLine.skill] : nightLine.employeeSkills) as { nameEn: string }[];
      expect(skills.length).toBeGreaterThan(0);
      expect(english.rows[3]).toEqual([
        'Night',
        '22:00–06:00',
        'Terminal 1',
        staff.night,
        night.Name_1_English,
        skills.map((skill) => skill.nameEn).join(' · '),
        day.departments[0].nameEn,
        8,
      ]);
      const nameCell = english.sheet.getRow(4).getCell(5);
      expect(nameCell.formula).toBeUndefined();
      expect(nameCell.text).toBe(night.Name_1_English);
      expect(english.rows.at(-1)).toEqual(['Total', null, null, null, 'Heads: 3', null, null, 24]);
      expect(english.sheet.views[0]).toMatchObject({ state: 'frozen', ySplit: 1, rightToLeft: false });

      const arabic = await readWorkbook(
        await file('planner', `/api/reports/daily-roster.xlsx?date=${DAY1}&lang=ar`),
      );
      expect(arabic.sheet.views[0]).toMatchObject({ state: 'frozen', ySplit: 1, rightToLeft: true });
      expect(arabic.rows[0]![4]).toBe('الاسم');
      expect(arabic.rows[3]![4]).toBe(night.Name_2_Arabic);
    });

    it('prints the same day as a PDF whose text reads back in logical order, in English and in Arabic', async () => {
      const night = people.get(staff.night)!;
      const english = await pdfText(await file('planner', `/api/reports/daily-roster.pdf?date=${DAY1}`));
      expect(english.items).toContain(`Daily roster ${DAY1}`);
      expect(english.items).toContain(staff.night);
      expect(english.items).toContain('22:00–06:00');
      expect(english.items).toContain('Page 1 of 1');

      const arabic = await pdfText(
        await file('planner', `/api/reports/daily-roster.pdf?date=${DAY1}&lang=ar`),
      );
      // The name as stored (logical order), the employee number and the times with their digits in order.
      expect(arabic.items).toContain(night.Name_2_Arabic);
      expect(arabic.items).toContain(staff.night);
      expect(arabic.items.join(' ')).toContain('22:00–06:00');
      expect(arabic.items).toContain('جدول المناوبات اليومي');
      expect(arabic.items).toContain(DAY1);
    });

    it('grids the month: one line per employee, a short code per day, the legend and the totals', async () => {
      const response = await get('planner', '/api/reports/monthly-roster?month=2027-03');
      expect(response.statusCode, response.body).toBe(200);
      const report = response.json();
      expect(report).toMatchObject({ month: '2027-03', from: '2027-03-01', to: '2027-03-31' });
      expect(report.dates).toHaveLength(31);
      expect(report.shiftCodes.map((s: { short: string; code: string }) => `${s.short}=${s.code}`)).toEqual([
        'M=MORNING',
        'E=EVENING',
        'N=NIGHT',
      ]);
      const byNumber = new Map(
        report.employees.map((row: { employee: Person; days: (string | null)[] }) => [
          row.employee.employeeNumber,
          row.days,
        ]),
      );
      expect(byNumber.size).toBe(4);
      expect((byNumber.get(staff.night) as string[])[6]).toBe('N');
      expect((byNumber.get(staff.evening) as string[])[7]).toBe('E');
      expect((byNumber.get(staff.evening) as string[])[6]).toBeNull();
      expect(report.totals.perDay.slice(5, 9)).toEqual([0, 3, 1, 0]);
      expect(report.totals).toMatchObject({ shifts: 4, hours: 32 });

      const workbook = await readWorkbook(
        await file('planner', '/api/reports/monthly-roster.xlsx?month=2027-03'),
      );
      expect(workbook.rows[0]!.slice(0, 4)).toEqual(['No.', 'Name', '1', '2']);
      const nightRow = workbook.rows.find((row) => row[0] === staff.night)!;
      expect(nightRow[2 + 6]).toBe('N');
      expect(nightRow.slice(-2)).toEqual([1, 8]);
      expect(workbook.rows.at(-1)!.slice(-2)).toEqual([4, 32]);

      const pdf = await pdfText(
        await file('planner', '/api/reports/monthly-roster.pdf?month=2027-03&lang=ar'),
      );
      expect(pdf.items).toContain(people.get(staff.evening)!.Name_2_Arabic);
      expect(pdf.items).toContain('دليل الرموز');
      expect(pdf.items.join(' ')).toContain('06:00–14:00');
    });

    it('reports variance and utilization with reconciliation’s figures, in JSON, workbook and PDF', async () => {
      await importAttendance(t, [
        [staff.early, DAY1, '06:05', '13:52', 'PRESENT'],
        [staff.late, DAY1, '06:25', '13:40', 'LATE'],
        [staff.night, DAY1, '22:00', null, 'PRESENT'],
        [staff.night, DAY2, '00:00', '05:30', 'EARLY_LEAVE'],
      ]);
      const range = `from=${DAY1}&to=${DAY2}`;
      const report = (await get('planner', `/api/reports/variance?${range}`)).json();
      const reconciled = (await get('planner', `/api/admin/reconciliation/variance?${range}`)).json();
      expect(report).toEqual(reconciled);
      expect(report.totals).toEqual({ required: 4, planned: 4, actual: 3 });

      const workbook = await readWorkbook(await file('planner', `/api/reports/variance.xlsx?${range}`));
      expect(workbook.rows[1]![0]).toEqual(new Date(`${DAY1}T00:00:00Z`));
      expect(workbook.sheet.getRow(2).getCell(1).numFmt).toBe('yyyy-mm-dd');
      expect(workbook.rows.slice(1, -1).map((row) => row.slice(3, 6))).toEqual([
        [2, 2, 2],
        [1, 1, 1],
        [1, 1, 0],
      ]);
      expect(workbook.rows.at(-1)).toEqual(['Total', null, null, 4, 4, 3, 0, -1]);

      const pdf = await pdfText(await file('planner', `/api/reports/variance.pdf?${range}&lang=ar`));
      expect(pdf.items).toContain('المجموع');
      expect(pdf.items).toContain(DAY2);

      const utilization = (await get('planner', `/api/reports/utilization?${range}`)).json();
      const rampId = await departmentId(t, 'RAMP');
      const ramp = utilization.departments.find((d: { departmentId: string }) => d.departmentId === rampId);
      // 4 shifts of 8 h planned; worked 7:47 + 7:15 + 7:30 (the night) and a no-show.
      expect(ramp).toMatchObject({ plannedHours: 32, actualHours: 22.53, utilization: 0.7041 });
      // One department asked for: the same figures, that department's alone.
      const rampOnly = `${range}&departmentId=${rampId}`;
      const rampUtilization = (await get('planner', `/api/reports/utilization?${rampOnly}`)).json();
      expect(rampUtilization.departments).toEqual([ramp]);
      expect(rampUtilization.overall).toEqual({
        plannedHours: ramp.plannedHours,
        actualHours: ramp.actualHours,
        utilization: ramp.utilization,
      });
      const rampVariance = (await get('planner', `/api/reports/variance?${rampOnly}`)).json();
      expect(rampVariance.lines).toEqual(
        report.lines.filter((line: { departmentId: string }) => line.departmentId === rampId),
      );
      const cargoVariance = (
        await get('planner', `/api/reports/variance?${range}&departmentId=${await departmentId(t, 'CARGO')}`)
      ).json();
      expect(cargoVariance.totals).toEqual({ required: 0, planned: 0, actual: 0 });
    });

    it('prints Arabic PDFs whose text reads as written: every name whole, a negative figure signed, natural Arabic', async () => {
      const month = pdftotext(await file('planner', '/api/reports/monthly-roster.pdf?month=2027-03&lang=ar'));
      const names = [...people.values()].map((person) => person.Name_2_Arabic);
      expect(names).toHaveLength(4);
      expect(names.filter((name) => !month.includes(name))).toEqual([]);
      expect(month).not.toContain('\u200b');
      // The legend counts hours as Arabic does ("8 ساعات"), not "8 الساعات" (8 the-hours).
      const legend = month.split('\n').filter((line) => line.includes('06:00–14:00'));
      expect(legend.join('\n')).toContain('ساعات');
      expect(legend.join('\n')).not.toContain('الساعات');
      const day = pdftotext(await file('planner', `/api/reports/daily-roster.pdf?date=${DAY1}&lang=ar`));
      for (const number of [staff.early, staff.late, staff.night]) {
        expect(day).toContain(people.get(number)!.Name_2_Arabic);
      }
      // The evening of day 2 was planned for one who did not come: actual − planned is −1.
      const range = `from=${DAY1}&to=${DAY2}`;
      const short = (await get('planner', `/api/reports/variance?${range}`))
        .json()
        .lines.find((line: { attendanceGap: number }) => line.attendanceGap < 0);
      const variance = pdftotext(await file('planner', `/api/reports/variance.pdf?${range}&lang=ar`));
      // The row of that date (the period line under the title holds it too, in a range).
      const row = variance.split('\n').find((line) => line.includes(short.date) && !line.includes('–'))!;
      expect(row).toContain(short.shift.nameAr);
      expect(row).toMatch(/(^|\s)-1(\s|$)/);
      expect(row).not.toMatch(/(^|\s)1-(\s|$)/);
    });

    it('marks the month for a planner: weekdays, weekend and holiday shades, leave, days off and lent staff', async () => {
      const main = sql`(select id from business_units where code = 'MAIN')`;
      const [cargo] = await queryRows<{ id: string; nameEn: string; nameAr: string }>(
        t.database.db,
        sql`select id, name_en as "nameEn", name_ar as "nameAr" from org_nodes where code = 'CARGO' and bu_id = ${main}`,
      );
      // The early worker belongs to cargo (lent to the ramp's roster); the evening worker takes leave.
      await t.database.db.execute(
        sql`update employees set department_id = ${cargo!.id} where employee_number = ${staff.early} and bu_id = ${main}`,
      );
      await t.database.db.execute(
        sql`insert into leave_requests (bu_id, employee_id, from_date, to_date, status, requested_by)
            select bu_id, id, '2027-03-14', '2027-03-16', 'Approved', (select id from users where username = 'planner')
              from employees where employee_number = ${staff.evening} and bu_id = ${main}`,
      );
      const report = (await get('planner', '/api/reports/monthly-roster?month=2027-03')).json();
      // The unit's weekend is Friday and Saturday; Eid al-Fitr is 9–12 March 2027.
      expect(report.days[4]).toEqual({ date: '2027-03-05', weekday: 'Friday', weekend: true, holiday: null });
      expect(report.days[8]).toMatchObject({
        date: '2027-03-09',
        weekday: 'Tuesday',
        weekend: false,
        holiday: { nameEn: 'Eid al-Fitr', nameAr: 'عيد الفطر' },
      });
      const row = (number: string) =>
        report.employees.find((line: { employee: Person }) => line.employee.employeeNumber === number);
      // The published roster covers 7 and 8 March: a date of it without a shift is a day off.
      expect(row(staff.evening).marks.slice(6, 8)).toEqual(['OFF', null]);
      expect(row(staff.night).marks.slice(6, 8)).toEqual([null, 'OFF']);
      expect(row(staff.evening).marks.slice(13, 16)).toEqual(['LEAVE', 'LEAVE', 'LEAVE']);
      expect(row(staff.evening).marks[20]).toBeNull();
      expect(row(staff.early).lentFrom).toMatchObject({ code: 'CARGO', nameEn: cargo!.nameEn });
      expect(row(staff.night).lentFrom).toBeNull();

      const workbook = await readWorkbook(
        await file('planner', '/api/reports/monthly-roster.xlsx?month=2027-03'),
      );
      // 1 March 2027 is a Monday.
      expect(workbook.rows[1]!.slice(2, 9)).toEqual(['Mo', 'Tu', 'We', 'Th', 'Fr', 'Sa', 'Su']);
      expect(workbook.sheet.views[0]).toMatchObject({ state: 'frozen', ySplit: 2 });
      const fillOf = (rowNumber: number, column: number) =>
        (workbook.sheet.getRow(rowNumber).getCell(column).fill as { fgColor?: { argb?: string } } | undefined)
          ?.fgColor?.argb;
      const evening = workbook.rows.findIndex((line) => line[0] === staff.evening);
      expect(workbook.rows[evening]!.slice(2 + 13, 2 + 16)).toEqual(['L', 'L', 'L']);
      expect(workbook.rows[evening]![2 + 6]).toBe('·');
      expect(fillOf(evening + 1, 3 + 13)).toMatch(/^FF/);
      expect(fillOf(1, 3 + 4)).toMatch(/^FF/);
      expect(fillOf(1, 3 + 8)).toMatch(/^FF/);
      expect(fillOf(1, 3 + 8)).not.toBe(fillOf(1, 3 + 4));
      expect(fillOf(1, 3)).toBeUndefined();
      expect(workbook.rows.find((line) => line[0] === staff.early)![1]).toBe(
        `${people.get(staff.early)!.Name_1_English} (lent from ${cargo!.nameEn})`,
      );

      const english = pdftotext(await file('planner', '/api/reports/monthly-roster.pdf?month=2027-03'));
      expect(english).toMatch(/Mo +Tu +We +Th +Fr +Sa +Su +Mo/);
      expect(english).toContain('L = on leave');
      expect(english).toContain('Weekend: Friday, Saturday');
      expect(english).toContain('Holiday: 9 Eid al-Fitr');
      const arabic = pdftotext(
        await file('planner', '/api/reports/monthly-roster.pdf?month=2027-03&lang=ar'),
      );
      expect(arabic).toContain(`معار من ${cargo!.nameAr}`);
      expect(arabic).toContain('عيد الفطر');
      expect(arabic).toContain('إجازة');
    });

    it('prints the day for a planner: each person’s skill, every name in the report’s language, lent staff', async () => {
      const report = (await get('planner', `/api/reports/daily-roster?date=${DAY1}&lang=ar`)).json();
      expect(report.day).toEqual({ date: DAY1, weekday: 'Sunday', weekend: false, holiday: null });
      const lent = report.lines.find(
        (line: { employee: Person }) => line.employee.employeeNumber === staff.early,
      );
      expect(lent.lentFrom).toMatchObject({ code: 'CARGO' });
      const arabic = pdftotext(await file('planner', `/api/reports/daily-roster.pdf?date=${DAY1}&lang=ar`));
      // The department by its Arabic name, never its code; shifts, terminals and skills by theirs.
      expect(arabic).not.toContain('RAMP');
      expect(arabic).toContain(report.departments[0].nameAr);
      type Named = { nameEn: string; nameAr: string | null };
      // The skill the line asks for, else the skills the person holds.
      const skillsOf = (line: { skill: Named | null; employeeSkills: Named[] }) =>
        line.skill ? [line.skill] : line.employeeSkills;
      for (const line of report.lines) {
        expect(arabic).toContain(line.shift.nameAr);
        expect(arabic).toContain(line.terminal.nameAr);
        expect(skillsOf(line).length).toBeGreaterThan(0);
        // Several skills share the cell: the first always shows.
        expect(arabic).toContain(skillsOf(line)[0]!.nameAr ?? skillsOf(line)[0]!.nameEn);
      }
      expect(arabic).toContain(`معار من ${lent.lentFrom.nameAr}`);
      expect(arabic).toContain('الأحد');
      const english = pdftotext(await file('planner', `/api/reports/daily-roster.pdf?date=${DAY1}`));
      for (const line of report.lines) {
        expect(english).toContain(skillsOf(line)[0]!.nameEn);
      }
      const workbook = await readWorkbook(
        await file('planner', `/api/reports/daily-roster.xlsx?date=${DAY1}`),
      );
      expect(workbook.rows.find((row) => row[3] === staff.early)![4]).toMatch(
        new RegExp(`\\(lent from ${lent.lentFrom.nameEn}\\)$`),
      );
    });

    it('shows each caller its own scope: another department or unit sees nothing, an employee is refused', async () => {
      const cargo = await departmentId(t, 'CARGO');
      const scoped = (await get('manager', `/api/reports/daily-roster?date=${DAY1}`)).json();
      expect(scoped.lines).toHaveLength(3);
      const elsewhere = (
        await get('manager', `/api/reports/daily-roster?date=${DAY1}&departmentId=${cargo}`)
      ).json();
      expect(elsewhere.lines).toEqual([]);
      const otherUnit = (await get('north.admin', `/api/reports/monthly-roster?month=2027-03`)).json();
      expect(otherUnit.employees).toEqual([]);
      expect((await get('employee', `/api/reports/daily-roster?date=${DAY1}`)).statusCode).toBe(403);
      expect((await get('planner', '/api/reports/monthly-roster?month=2027-13')).statusCode).toBe(400);
      expect((await get('planner', `/api/reports/variance?from=${DAY2}&to=${DAY1}`)).statusCode).toBe(422);
    });
  },
  { now: () => NOW },
);
