import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { generateInstance, VARIANTS } from '../../bench/engine/generate.ts';
import { allocate } from './allocate.ts';
import { checkRoster } from './checker/check.ts';
import { buildModel } from './model.ts';
import { assign, emptyRoster } from './roster.ts';
import { eligibilityMasks, eligibleOf } from './rules/eligibility.ts';
import { lendingRuleFor, NO_RULE } from './rules/lending.ts';
import { canTake } from './rules/placement.ts';
import type { Instance } from './types.ts';

/**
 * The plain greedy an outsider measures the engine against, built here and not taken from the engine: fixed work
 * first, then lines by the fewest statically eligible employees (the whole period at once, or day by day), each
 * to the eligible employees free to take it with the fewest hours so far, every rule checked.
 */
function plainGreedy(instance: Instance, byDay: boolean): number {
  const model = buildModel(instance);
  const masks = eligibilityMasks(model);
  const roster = emptyRoster(model);
  for (const [e, l] of model.fixed) assign(model, roster, e, l, lendingRuleFor(model, roster, e, l), true);
  const lines = Array.from({ length: model.lineCount }, (_, l) => l);
  const eligible = (l: number) => eligibleOf(masks, l).length;
  lines.sort(
    (a, b) => (byDay ? model.lineDay[a]! - model.lineDay[b]! : 0) || eligible(a) - eligible(b) || a - b,
  );
  for (const l of lines) {
    const candidates = eligibleOf(masks, l)
      .filter((e) => canTake(model, roster, e, l))
      .sort((a, b) => roster.periodHours[a]! - roster.periodHours[b]! || a - b);
    for (const e of candidates) {
      if (roster.assignedCount[l]! >= model.lineRequired[l]!) break;
      const rule = lendingRuleFor(model, roster, e, l);
      if (rule >= NO_RULE) assign(model, roster, e, l, rule);
    }
  }
  let covered = 0;
  for (let l = 0; l < model.lineCount; l++)
    covered += Math.min(model.lineRequired[l]!, roster.assignedCount[l]!);
  return covered;
}

const instances = fc.record({
  employees: fc.integer({ min: 3, max: 60 }),
  days: fc.integer({ min: 2, max: 21 }),
  terminals: fc.integer({ min: 1, max: 3 }),
  shifts: fc.integer({ min: 1, max: 3 }),
  seed: fc.integer({ min: 1, max: 1_000_000 }),
  variant: fc.constantFrom(...VARIANTS),
});

describe('the floor', () => {
  it('is never below the plain greedy, whatever the time limit, on generated instances of every shape', () => {
    fc.assert(
      fc.property(instances, fc.constantFrom(1, 3, 10, 100), (options, limit) => {
        const instance = generateInstance(options);
        const result = allocate(instance, { timeLimitMs: limit });
        expect(checkRoster(instance, result).violations).toEqual([]);
        expect(result.coverage.assigned).toBeGreaterThanOrEqual(plainGreedy(instance, false));
        expect(result.coverage.assigned).toBeGreaterThanOrEqual(plainGreedy(instance, true));
      }),
      { numRuns: 120, seed: 20_261_202 },
    );
  });

  it('is never below the plain greedy on the benchmark size of every shape, under the shortest limit', () => {
    for (const variant of VARIANTS) {
      const instance = generateInstance({ employees: 200, days: 28, terminals: 6, seed: 11, variant });
      const result = allocate(instance, { timeLimitMs: 1 });
      expect(result.coverage.assigned).toBeGreaterThanOrEqual(plainGreedy(instance, false));
      expect(result.coverage.assigned).toBeGreaterThanOrEqual(plainGreedy(instance, true));
    }
  });
});
