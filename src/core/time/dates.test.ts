import { describe, expect, it } from 'vitest';
import { utcInstant } from './dates.ts';

describe('utcInstant', () => {
  it('places a wall time of a zone without daylight saving', () => {
    expect(utcInstant('2026-11-26', '22:40', 'Asia/Riyadh')).toBe('2026-11-26T19:40:00.000Z');
    expect(utcInstant('2026-12-31', '23:59', 'Asia/Riyadh')).toBe('2026-12-31T20:59:00.000Z');
  });

  it('follows daylight saving, and resolves a skipped or repeated wall time to the later instant', () => {
    expect(utcInstant('2026-07-01', '08:00', 'America/New_York')).toBe('2026-07-01T12:00:00.000Z');
    expect(utcInstant('2026-01-15', '08:00', 'America/New_York')).toBe('2026-01-15T13:00:00.000Z');
    expect(utcInstant('2026-03-29', '02:30', 'Europe/Berlin')).toBe('2026-03-29T01:30:00.000Z');
    expect(utcInstant('2026-10-25', '02:30', 'Europe/Berlin')).toBe('2026-10-25T01:30:00.000Z');
  });
});
