import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { generateInstance, VARIANTS } from '../../bench/engine/generate.ts';
import { allocate } from './allocate.ts';
import { coverageBound } from './bound.ts';
import { checkRoster } from './checker/check.ts';

const instances = fc.record({
  employees: fc.integer({ min: 3, max: 30 }),
  days: fc.integer({ min: 2, max: 12 }),
  terminals: fc.integer({ min: 1, max: 3 }),
  shifts: fc.integer({ min: 1, max: 3 }),
  seed: fc.integer({ min: 1, max: 1_000_000 }),
  variant: fc.constantFrom(...VARIANTS),
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
        const restBound = coverageBound(instance, {
          restIterations: 30,
          incumbent: result.coverage.assigned,
        });
        expect(result.coverage.assigned).toBeLessThanOrEqual(restBound);
        // Anytime: never below the plain day-by-day greedy, which is the first roster it holds.
        const floor = allocate(instance, { greedyOnly: true });
        expect(checkRoster(instance, floor).violations).toEqual([]);
        expect(result.coverage.assigned).toBeGreaterThanOrEqual(floor.coverage.assigned);
      }),
      { numRuns: 60, seed: 20_260_302 },
    );
  });

  it('gets the same roster on every run, large-neighbourhood search included', () => {
    fc.assert(
      fc.property(instances, (options) => {
        const instance = generateInstance(options);
        const strip = (r: ReturnType<typeof allocate>) => ({ ...r, durationMs: 0 });
        expect(strip(allocate(instance, { windows: 12 }))).toEqual(
          strip(allocate(instance, { windows: 12 })),
        );
      }),
      { numRuns: 15, seed: 20_261_123 },
    );
  });
});
