import { describe, expect, it } from 'vitest';
import { timeOf } from '../../core/xlsx/sheet.ts';
import { segmentLabel, segmentsOverlap } from './segments.ts';

const seg = (Time_In: string | null, Time_Out: string | null = null) => ({ Time_In, Time_Out });

describe('segments of presence', () => {
  it('lets segments that touch stand side by side, and refuses those that overlap', () => {
    expect(segmentsOverlap(seg('00:00', '06:03'), seg('22:40', '24:00'))).toBe(false);
    expect(segmentsOverlap(seg('06:00', '10:00'), seg('10:00', '14:00'))).toBe(false);
    expect(segmentsOverlap(seg('06:00', '12:00'), seg('11:30', '14:00'))).toBe(true);
    expect(segmentsOverlap(seg('06:00', '14:00'), seg('06:00', '10:00'))).toBe(true);
  });

  it('reads a clock-in alone as a moment, and a record without times as the whole day', () => {
    expect(segmentsOverlap(seg('08:00'), seg('07:00', '12:00'))).toBe(true);
    expect(segmentsOverlap(seg('08:00'), seg('06:00', '08:00'))).toBe(false);
    expect(segmentsOverlap(seg('22:00'), seg('00:00', '06:00'))).toBe(false);
    expect(segmentsOverlap(seg(null), seg('22:00', '24:00'))).toBe(true);
    expect(segmentLabel(seg('06:00'))).toBe('06:00–…');
    expect(segmentLabel(seg(null))).toBe('no times');
  });

  it('reads 24:00 as a clock-out at midnight, and only where the end of the day is allowed', () => {
    expect(timeOf('24:00', { endOfDay: true })).toBe('24:00');
    expect(timeOf('24:00:00', { endOfDay: true })).toBe('24:00');
    expect(timeOf('1', { endOfDay: true })).toBe('24:00');
    expect(timeOf('24:00')).toBe('invalid');
    expect(timeOf('24:01', { endOfDay: true })).toBe('invalid');
    expect(timeOf('0.75', { endOfDay: true })).toBe('18:00');
  });
});
