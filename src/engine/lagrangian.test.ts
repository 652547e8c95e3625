import { describe, expect, it } from 'vitest';
import { generateInstance } from '../../bench/engine/generate.ts';
import { allocate } from './allocate.ts';
import { checkRoster } from './checker/check.ts';

// 50 × 14 `mixed`, seed 2: HiGHS proves 505 heads the optimum (bench/engine/mip-reference.json); windows,
// exchanges and replanning stop at 504.
const mixed = generateInstance({
  employees: 50,
  days: 14,
  terminals: 2,
  shifts: 3,
  seed: 2,
  variant: 'mixed',
});

describe('the Lagrangian heuristic', () => {
  it('gains the head the exchanges and one-employee replanning miss, reaching the proven optimum', () => {
    const without = allocate(mixed, { lagrangianSteps: 0 });
    const withPrices = allocate(mixed);
    expect(without.coverage.assigned).toBe(504);
    expect(withPrices.coverage.assigned).toBe(505);
    expect(checkRoster(mixed, withPrices).violations).toEqual([]);
  });

  it('keeps the same roster on every run', () => {
    const strip = (r: ReturnType<typeof allocate>) => ({ ...r, durationMs: 0 });
    expect(strip(allocate(mixed))).toEqual(strip(allocate(mixed)));
  });
});
