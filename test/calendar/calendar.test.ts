import { expect, it } from 'vitest';
import { describeEachDatabase } from '../helpers/app.ts';

interface Day {
  date: string;
  weekday: string;
  isWorkingDay: boolean;
  reasons: { type: string; code: string | null; Name_1_English: string; Name_2_Arabic: string | null }[];
}
interface HourDay {
  date: string;
  hours: number;
  modifier: { code: string } | null;
}

describeEachDatabase('calendar', (t) => {
  const get = (url: string, user = 'employee') => t.request(user, { method: 'GET', url });

  it('resolves a week across the default Friday–Saturday weekend', async () => {
    const response = await get('/api/calendar/working-days?from=2027-01-06&to=2027-01-12');
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({
      weekendDays: ['Friday', 'Saturday'],
      workingDayCount: 5,
      nonWorkingDayCount: 2,
    });
    const off = body.days.filter((day: Day) => !day.isWorkingDay);
    expect(off.map((day: Day) => [day.date, day.weekday])).toEqual([
      ['2027-01-08', 'Friday'],
      ['2027-01-09', 'Saturday'],
    ]);
    expect(off[0].reasons).toEqual([
      expect.objectContaining({ type: 'WEEKEND', code: null, Name_2_Arabic: 'عطلة نهاية الأسبوع' }),
    ]);
    expect(body.days.find((day: Day) => day.date === '2027-01-10').reasons).toEqual([]);
  });

  it('marks each day of a multi-day holiday with its code and names', async () => {
    const body = (await get('/api/calendar/working-days?from=2027-03-08&to=2027-03-14')).json();
    const byDate = new Map<string, Day>(body.days.map((day: Day) => [day.date, day]));
    for (const date of ['2027-03-09', '2027-03-10', '2027-03-11', '2027-03-12']) {
      const day = byDate.get(date)!;
      expect(day.isWorkingDay, date).toBe(false);
      expect(day.reasons).toContainEqual(
        expect.objectContaining({
          type: 'HOLIDAY',
          code: 'EID_AL_FITR_2027',
          Name_1_English: 'Eid al-Fitr',
          Name_2_Arabic: 'عيد الفطر',
        }),
      );
    }
    // Friday 12 March is a weekend day and a holiday at once.
    expect(byDate.get('2027-03-12')!.reasons.map((reason) => reason.type)).toEqual(['WEEKEND', 'HOLIDAY']);
    expect(byDate.get('2027-03-08')!.isWorkingDay).toBe(true);
    expect(byDate.get('2027-03-14')!.isWorkingDay).toBe(true);
    expect(body.workingDayCount).toBe(2);
  });

  it('gives modifier hours on working days of the modifier period and standard hours outside it', async () => {
    const response = await get('/api/calendar/working-hours?from=2027-02-04&to=2027-02-10');
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.standardDailyHours).toBe(8);
    expect(body.days.map((day: HourDay) => [day.date, day.hours, day.modifier?.code ?? null])).toEqual([
      ['2027-02-04', 8, null],
      ['2027-02-05', 0, null],
      ['2027-02-06', 0, null],
      ['2027-02-07', 8, null],
      ['2027-02-08', 6, 'RAMADAN_2027'],
      ['2027-02-09', 6, 'RAMADAN_2027'],
      ['2027-02-10', 6, 'RAMADAN_2027'],
    ]);
    expect(body.totalHours).toBe(34);
  });

  it('never lets a modifier turn a holiday into a working day', async () => {
    const body = (await get('/api/calendar/working-hours?from=2027-03-07&to=2027-03-10')).json();
    expect(body.days.map((day: HourDay) => day.hours)).toEqual([6, 6, 0, 0]);
  });

  it('lists the holidays touching a range, multi-day holidays whole', async () => {
    const body = (await get('/api/calendar/holidays?from=2027-03-11&to=2027-05-15')).json();
    expect(body.items.map((item: { code: string }) => item.code)).toEqual([
      'EID_AL_FITR_2027',
      'EID_AL_ADHA_2027',
    ]);
    expect(body.items[0]).toMatchObject({
      date: '2027-03-09',
      endDate: '2027-03-12',
      days: 4,
      holidayTypeCode: 'RELIGIOUS',
    });
    const none = (await get('/api/calendar/holidays?from=2027-06-01&to=2027-06-30')).json();
    expect(none.items).toEqual([]);
  });

  it('answers the resolved configuration', async () => {
    const response = await get('/api/calendar/configuration');
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({
      timezone: 'Asia/Riyadh',
      weekStart: 'Sunday',
      weekendDays: ['Friday', 'Saturday'],
      standardDailyHours: 8,
      businessUnit: { code: 'MAIN' },
    });
    expect(body.today).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(body.holidayTypes.map((type: { code: string }) => type.code)).toContain('RELIGIOUS');
    expect(body.workingHourModifiers).toEqual([
      expect.objectContaining({
        code: 'RAMADAN_2027',
        hoursPerDay: 6,
        fromDate: '2027-02-08',
        toDate: '2027-03-08',
      }),
    ]);
  });

  it('answers 400 on bad or missing ranges', async () => {
    const cases = [
      '/api/calendar/working-days?from=2027-01-10&to=2027-01-09',
      '/api/calendar/working-days?from=2027-01-01&to=2028-01-03',
      '/api/calendar/working-days?from=2027-01-01',
      '/api/calendar/working-hours?to=2027-01-01',
      '/api/calendar/working-hours?from=2027-02-30&to=2027-03-01',
      '/api/calendar/holidays?from=yesterday&to=2027-03-01',
      '/api/calendar/holidays',
    ];
    for (const url of cases) {
      const response = await get(url);
      expect(response.statusCode, url).toBe(400);
      expect(response.json().code).toBe('VALIDATION_FAILED');
    }
    // 366 days (a leap year) is the most a range may cover.
    expect((await get('/api/calendar/working-days?from=2028-01-01&to=2028-12-31')).json().days).toHaveLength(
      366,
    );
  });

  it('needs calendar.view and keeps units apart', async () => {
    const north = (await get('/api/calendar/holidays?from=2027-01-01&to=2027-12-31', 'north.admin')).json();
    expect(north.items).toEqual([]);
    const hours = (
      await get('/api/calendar/working-hours?from=2027-02-08&to=2027-02-08', 'north.admin')
    ).json();
    expect(hours.days[0]).toMatchObject({ hours: 8, modifier: null });
    expect((await t.request(null, { method: 'GET', url: '/api/calendar/configuration' })).statusCode).toBe(
      401,
    );
  });

  it('follows the weekendDays setting of the unit', async () => {
    const settings = await t.request('sysadmin', {
      method: 'PATCH',
      url: '/api/settings',
      payload: { weekendDays: ['Saturday', 'Sunday'] },
    });
    expect(settings.statusCode).toBe(200);
    const body = (await get('/api/calendar/working-days?from=2027-01-08&to=2027-01-10')).json();
    expect(body.days.map((day: Day) => day.isWorkingDay)).toEqual([true, false, false]);
  });
});
