import { describe, expect, it } from 'vitest';
import { crossesMidnight, durationHours, durationMinutes, endDateOf } from './shift-times.ts';

describe('shift times', () => {
  it('measures a day shift within the day', () => {
    expect(durationMinutes('06:00', '14:00')).toBe(480);
    expect(crossesMidnight('06:00', '14:00')).toBe(false);
    expect(endDateOf('2026-03-31', '06:00', '14:00')).toBe('2026-03-31');
  });

  it('measures a night shift across midnight and ends it on the next day', () => {
    expect(durationHours('22:00', '06:00')).toBe(8);
    expect(crossesMidnight('22:00', '06:00')).toBe(true);
    expect(endDateOf('2026-12-31', '22:00', '06:00')).toBe('2027-01-01');
  });

  it('treats a shift ending at 00:00 as ending on the next day', () => {
    expect(durationHours('16:00', '00:00')).toBe(8);
    expect(endDateOf('2028-02-28', '16:00', '00:00')).toBe('2028-02-29');
  });

  it('keeps fractional hours', () => {
    expect(durationHours('07:15', '15:45')).toBe(8.5);
  });
});
