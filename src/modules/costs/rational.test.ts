import { describe, expect, it } from 'vitest';
import { price, shiftWork } from './pricing.ts';
import { exact, formatMinor, fromDecimal, parseMinor, round } from './rational.ts';

describe('exact amounts', () => {
  it('rounds a half to the even neighbour and everything else to the nearest', () => {
    expect([exact(5n, 2n), exact(7n, 2n), exact(-5n, 2n), exact(-7n, 2n)].map(round)).toEqual([
      2n,
      4n,
      -2n,
      -4n,
    ]);
    expect([exact(2501n, 1000n), exact(-2501n, 1000n), exact(1n, 3n)].map(round)).toEqual([3n, -3n, 0n]);
  });

  it('reads and writes amounts in the currency’s digits without binary fractions', () => {
    expect(parseMinor('0.10', 2)).toBe(10n);
    expect(parseMinor('12.345', 3)).toBe(12345n);
    expect(parseMinor('1.005', 2)).toBeNull();
    expect(parseMinor('1e3', 2)).toBeNull();
    expect(formatMinor(-5n, 2)).toBe('-0.05');
    expect(formatMinor(1234n, 0)).toBe('1234');
    expect(fromDecimal('7.25')).toEqual(exact(29n, 4n));
  });
});

describe('pricing', () => {
  const percent = (bp: number) => ({
    basis: 'PERCENT' as const,
    percentBasisPoints: bp,
    amountMinor: null,
    windowStart: null,
    windowEnd: null,
  });
  it('spreads a shift’s paid hours over its span and cuts it at midnight and at the night window', () => {
    // 20:00–05:00 with 8 paid hours of 9: 2 night hours before midnight and 5 after, each 8/9 paid.
    const totals = price([shiftWork('e', '2026-11-26', '20:00', '05:00', exact(8n))], {
      rateOf: () => 900n,
      premiums: { NIGHT: { ...percent(1000), windowStart: '22:00', windowEnd: '06:00' } },
      weekendDays: new Set([5]),
      holidays: new Set(),
      maxWeeklyHours: exact(60n),
      weekStart: 0,
      countFrom: '2026-11-26',
      countTo: '2026-11-26',
    });
    expect(totals.base).toEqual(exact(7200n));
    // Night: 7 of 9 span hours → 56/9 paid hours × 900 × 10 % = 560.
    expect(totals.night).toEqual(exact(560n));
    // 27 November 2026 is a Friday, the weekend here, but no weekend premium is set: nothing added.
    expect(totals.weekend).toEqual(exact(0n));
  });
});
