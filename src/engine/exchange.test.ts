import { describe, expect, it } from 'vitest';
import { generateInstance } from '../../bench/engine/generate.ts';
import { allocate } from './allocate.ts';
import { checkRoster } from './checker/check.ts';

// 50 × 14 `mixed`, seed 3: HiGHS proves 510 heads the optimum (bench/engine/mip-reference.json).
const mixed = generateInstance({
  employees: 50,
  days: 14,
  terminals: 2,
  shifts: 3,
  seed: 3,
  variant: 'mixed',
});

describe('exact two-day exchanges', () => {
  it('gain heads where construction, repair and balancing alone stop short', () => {
    // Windows and the Lagrangian heuristic off in both, which otherwise find these heads too.
    const without = allocate(mixed, { exchangeNodes: 0, lagrangianSteps: 0, windows: 0 });
    const withExchanges = allocate(mixed, { lagrangianSteps: 0, windows: 0 });
    expect(without.coverage.assigned).toBe(507);
    expect(withExchanges.coverage.assigned).toBe(509);
    expect(checkRoster(mixed, withExchanges).violations).toEqual([]);
  });

  it('keep the same roster on every run', () => {
    const strip = (r: ReturnType<typeof allocate>) => ({ ...r, durationMs: 0 });
    expect(strip(allocate(mixed))).toEqual(strip(allocate(mixed)));
  });
});
