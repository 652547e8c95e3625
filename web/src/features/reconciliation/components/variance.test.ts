import { describe, expect, it } from 'vitest';
import { headsByDate, utilizationPercent } from './variance';

describe('variance figures', () => {
  it('sums the lines of a date over terminals and shifts, dates in order', () => {
    expect(
      headsByDate([
        { date: '2026-03-02', required: 3, planned: 2, actual: 2 },
        { date: '2026-03-01', required: 2, planned: 2, actual: 1 },
        { date: '2026-03-02', required: 1, planned: 1, actual: 0 },
      ]),
    ).toEqual([
      { date: '2026-03-01', required: 2, planned: 2, actual: 1 },
      { date: '2026-03-02', required: 4, planned: 3, actual: 2 },
    ]);
    expect(headsByDate([])).toEqual([]);
  });

  it('reads utilization as a percentage with one decimal, none where nothing was planned', () => {
    expect(utilizationPercent(0.8765)).toBe(87.7);
    expect(utilizationPercent(1)).toBe(100);
    expect(utilizationPercent(null)).toBeNull();
  });
});
