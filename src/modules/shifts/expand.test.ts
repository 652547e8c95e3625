import { describe, expect, it } from 'vitest';
import { expandCycle } from './expand.ts';
import type { CycleDayRow } from './repository.ts';

const night = {
  code: 'NIGHT',
  nameEn: 'Night',
  nameAr: 'ليلية',
  startTime: '22:00',
  endTime: '06:00',
  paidHours: 7.5,
};
const cycle: CycleDayRow[] = [
  { patternId: 'p', position: 0, template: night },
  { patternId: 'p', position: 1, template: null },
];

describe('pattern expansion', () => {
  it('repeats the cycle over the dates and ends a night shift on the next day', () => {
    const days = expandCycle(cycle, '2027-02-27', 4);
    expect(days.map((d) => [d.date, d.cycleDay, d.code, d.endDate])).toEqual([
      ['2027-02-27', 1, 'NIGHT', '2027-02-28'],
      ['2027-02-28', 2, 'OFF', null],
      ['2027-03-01', 1, 'NIGHT', '2027-03-02'],
      ['2027-03-02', 2, 'OFF', null],
    ]);
    expect(days[0]).toMatchObject({ crossesMidnight: true, paidHours: 7.5, isOff: false });
    expect(days[1]).toMatchObject({ isOff: true, paidHours: 0, startTime: null });
  });

  it('answers nothing for an empty cycle', () => {
    expect(expandCycle([], '2027-01-01', 5)).toEqual([]);
  });
});
