import { describe, expect, it } from 'vitest';
import { openingEnd } from './opening';

const today = '2026-12-02';

describe('the range the live roster opens on', () => {
  it('is two weeks when nothing stands or starts in them', () => {
    expect(openingEnd(today, [])).toBe('2026-12-15');
    expect(openingEnd(today, [{ from: '2026-12-16', to: '2026-12-31' }])).toBe('2026-12-15');
    expect(openingEnd(today, [{ from: '2026-11-01', to: '2026-11-30' }])).toBe('2026-12-15');
  });

  it('holds the last day of a plan that runs from tomorrow for two weeks', () => {
    expect(openingEnd(today, [{ from: '2026-12-03', to: '2026-12-16' }])).toBe('2026-12-16');
  });

  it('reaches the latest end among the plans starting within the coming two weeks', () => {
    const periods = [
      { from: '2026-11-20', to: '2026-12-10' },
      { from: '2026-12-15', to: '2027-01-13' },
      { from: '2026-12-05', to: '2026-12-20' },
    ];
    expect(openingEnd(today, periods)).toBe('2027-01-13');
  });

  it('never passes the 62 days the page shows', () => {
    expect(openingEnd(today, [{ from: '2026-12-10', to: '2027-03-09' }])).toBe('2027-02-01');
  });
});
