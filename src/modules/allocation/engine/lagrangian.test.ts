import { describe, expect, it } from 'vitest';
import { allocate } from './allocate.ts';
import { checkRoster } from './checker/check.ts';
import { generateInstance } from './generate.ts';

// 50 × 14 `consecutive-bound`, seed 2: HiGHS proves 558 heads the optimum (bench/engine/mip-reference.json);
// windows, exchanges and replanning stop at 552.
const consecutiveBound = generateInstance({
  employees: 50,
  days: 14,
  terminals: 2,
  shifts: 3,
  seed: 2,
  variant: 'consecutive-bound',
});

describe('the Lagrangian heuristic', () => {
  it('gains heads the exchanges and one-employee replanning miss, by planning again whom the prices point at', () => {
    const without = allocate(consecutiveBound, { lagrangianSteps: 0 });
    const withPrices = allocate(consecutiveBound);
    expect(without.coverage.assigned).toBe(552);
    expect(withPrices.coverage.assigned).toBe(554);
    expect(checkRoster(consecutiveBound, withPrices).violations).toEqual([]);
  });

  it('keeps the same roster on every run', () => {
    const strip = (r: ReturnType<typeof allocate>) => ({ ...r, durationMs: 0 });
    expect(strip(allocate(consecutiveBound))).toEqual(strip(allocate(consecutiveBound)));
  });
});
