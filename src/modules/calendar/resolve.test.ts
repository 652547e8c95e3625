import { describe, expect, it } from 'vitest';
import { type CalendarInputs, modifierOn, resolveDays } from './resolve.ts';

const inputs: CalendarInputs = {
  weekendDays: ['Friday', 'Saturday'],
  holidays: [
    {
      code: 'EID',
      nameEn: 'Eid',
      nameAr: 'عيد',
      date: '2027-03-09',
      endDate: '2027-03-12',
      holidayTypeCode: 'RELIGIOUS',
    },
  ],
  modifiers: [
    {
      code: 'RAMADAN',
      nameEn: 'Ramadan',
      nameAr: 'رمضان',
      fromDate: '2027-02-08',
      toDate: '2027-03-08',
      hoursPerDay: 6,
    },
  ],
  standardDailyHours: 8,
};

describe('calendar resolution', () => {
  it('marks the weekend days of the setting as not worked', () => {
    const days = resolveDays('2027-01-07', '2027-01-10', inputs);
    expect(days.map((d) => [d.date, d.weekday, d.isWorkingDay])).toEqual([
      ['2027-01-07', 'Thursday', true],
      ['2027-01-08', 'Friday', false],
      ['2027-01-09', 'Saturday', false],
      ['2027-01-10', 'Sunday', true],
    ]);
    expect(days[1]!.reasons).toEqual([expect.objectContaining({ type: 'WEEKEND', code: null })]);
    expect(days.map((d) => d.hours)).toEqual([8, 0, 0, 8]);
  });

  it('gives both reasons when a holiday falls on a weekend', () => {
    const [friday] = resolveDays('2027-03-12', '2027-03-12', inputs);
    expect(friday!.reasons.map((r) => r.type)).toEqual(['WEEKEND', 'HOLIDAY']);
  });

  it('applies a modifier to working days only and never moves a date', () => {
    const days = resolveDays('2027-03-07', '2027-03-10', inputs);
    expect(days.map((d) => [d.date, d.hours])).toEqual([
      ['2027-03-07', 6],
      ['2027-03-08', 6],
      ['2027-03-09', 0],
      ['2027-03-10', 0],
    ]);
  });

  it('lets the later-starting of two overlapping modifiers win', () => {
    const modifiers = [
      {
        code: 'LONG',
        nameEn: 'Long',
        nameAr: 'طويل',
        fromDate: '2027-01-01',
        toDate: '2027-12-31',
        hoursPerDay: 7,
      },
      {
        code: 'SHORT',
        nameEn: 'Short',
        nameAr: 'قصير',
        fromDate: '2027-06-01',
        toDate: '2027-06-30',
        hoursPerDay: 5,
      },
    ];
    expect(modifierOn('2027-06-15', modifiers)?.code).toBe('SHORT');
    expect(modifierOn('2027-07-01', modifiers)?.code).toBe('LONG');
    expect(modifierOn('2028-01-01', modifiers)).toBeNull();
  });
});
