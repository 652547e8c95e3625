import { describe, expect, it } from 'vitest';
import { allocate } from './allocate.ts';
import { coverageBound } from './bound.ts';
import { day, employee, instance, line } from './fixtures.test-support.ts';
import { generateInstance } from './generate.ts';

describe('coverage bound', () => {
  it('keeps the rest rule with rest iterations: evenings then mornings cannot all be worked', () => {
    // Two employees, an evening line and the next morning's line each day for a week: without rest both could
    // work every line (14 heads); with 11 hours of rest each works evenings or mornings in blocks.
    const lines = Array.from({ length: 7 }, (_, d) => [
      line(`E${d}`, day(d), 'E', { required: 2 }),
      line(`M${d}`, day(d + 1), 'M', { required: 2 }),
    ]).flat();
    const input = instance({
      period: { from: day(0), to: day(7) },
      employees: [employee('a'), employee('b')],
      demandLines: lines,
      settings: { ...instance().settings, maxConsecutiveDays: 7 },
    });
    const optimum = allocate(input).coverage.assigned;
    expect(coverageBound(input)).toBe(16);
    expect(coverageBound(input, { restIterations: 100 })).toBeLessThan(16);
    expect(coverageBound(input, { restIterations: 100 })).toBeGreaterThanOrEqual(optimum);
  });

  it('is within a point of the proven optimum on a generated rest-bound mix where the flow bound is eleven above', () => {
    // 50 × 14 `mixed`, seed 2: HiGHS proves 505 of 604 required; the flow bound says 567.
    const mixed = generateInstance({
      employees: 50,
      days: 14,
      terminals: 2,
      shifts: 3,
      seed: 2,
      variant: 'mixed',
    });
    expect(coverageBound(mixed)).toBe(567);
    const bound = coverageBound(mixed, { restIterations: 200, incumbent: 505 });
    expect(bound).toBeGreaterThanOrEqual(505);
    expect(bound).toBeLessThanOrEqual(511);
  });
});
