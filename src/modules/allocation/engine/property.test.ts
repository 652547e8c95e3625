import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { allocate } from './allocate.ts';
import { coverageBound } from './bound.ts';
import { checkRoster } from './checker/check.ts';
import { generateInstance } from './generate.ts';

const instances = fc.record({
  employees: fc.integer({ min: 3, max: 30 }),
  days: fc.integer({ min: 2, max: 12 }),
  terminals: fc.integer({ min: 1, max: 3 }),
  shifts: fc.integer({ min: 1, max: 3 }),
  seed: fc.integer({ min: 1, max: 1_000_000 }),
  variant: fc.constantFrom('normal', 'tight', 'rest-bound', 'consecutive-bound' as const),
  from: fc.constantFrom('2026-03-02', '2026-03-04', '2026-03-08', '2026-12-28'),
});

describe('any generated instance', () => {
  it('gets a roster without hard violations, within the coverage bound, on which the checker agrees', () => {
    fc.assert(
      fc.property(instances, (options) => {
        const instance = generateInstance(options);
        const result = allocate(instance);
        const report = checkRoster(instance, result);
        expect(report.violations).toEqual([]);
        expect(report.assigned).toBe(result.coverage.assigned);
        expect(report.required).toBe(result.coverage.required);
        expect(result.coverage.assigned).toBeLessThanOrEqual(coverageBound(instance));
      }),
      { numRuns: 60, seed: 20_260_302 },
    );
  });
});
