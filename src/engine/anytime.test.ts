import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { generateInstance, VARIANTS } from '../../bench/engine/generate.ts';
import { allocate } from './allocate.ts';
import { checkRoster } from './checker/check.ts';

const instances = fc.record({
  employees: fc.integer({ min: 3, max: 40 }),
  days: fc.integer({ min: 2, max: 14 }),
  terminals: fc.integer({ min: 1, max: 3 }),
  shifts: fc.integer({ min: 1, max: 3 }),
  seed: fc.integer({ min: 1, max: 1_000_000 }),
  variant: fc.constantFrom(...VARIANTS),
});

/** Keeps the thread busy for a while, as a loaded machine or a blocked event loop would. */
function busy(ms: number): void {
  const until = performance.now() + ms;
  while (performance.now() < until);
}

describe('anytime: the floor under starvation', () => {
  it('never returns less than the plain greedy, whatever the limit, and says the limit stopped it', () => {
    fc.assert(
      fc.property(instances, fc.integer({ min: 1, max: 5 }), (options, limit) => {
        const instance = generateInstance(options);
        const floor = allocate(instance, { greedyOnly: true }).coverage.assigned;
        const result = allocate(instance, { timeLimitMs: limit });
        expect(result.coverage.assigned).toBeGreaterThanOrEqual(floor);
        expect(checkRoster(instance, result).violations).toEqual([]);
        // A search that ended by itself after the limit (a busy machine) reports the overrun below.
        if (result.search.stoppedBy !== 'time_limit' && result.search.stoppedBy !== 'bound_reached')
          expect(result.durationMs <= limit || (result.search.overrunMs ?? 0) > 0).toBe(true);
        if (result.durationMs > limit) expect(result.search.overrunMs).toBeGreaterThan(0);
      }),
      { numRuns: 40, seed: 20_261_126 },
    );
  });

  it('still returns the floor when aborted before it starts, with the abort reported as the limit', () => {
    fc.assert(
      fc.property(instances, (options) => {
        const instance = generateInstance(options);
        const controller = new AbortController();
        controller.abort();
        const floor = allocate(instance, { greedyOnly: true });
        const result = allocate(instance, { signal: controller.signal, timeLimitMs: 10_000 });
        expect(result.coverage.assigned).toBeGreaterThanOrEqual(floor.coverage.assigned);
        if (result.coverage.assigned < result.coverage.required)
          expect(result.search.stoppedBy).toBe('time_limit');
      }),
      { numRuns: 20, seed: 20_261_127 },
    );
  });

  it('keeps the floor when the limit is spent before the search starts (a thread kept busy)', () => {
    const instance = generateInstance({ employees: 200, days: 28, terminals: 6, seed: 9, variant: 'mixed' });
    const floor = allocate(instance, { greedyOnly: true }).coverage.assigned;
    const signal = { aborted: false } as AbortSignal;
    // The first phase checking the clock finds it already past: the thread was busy since the run began.
    let checks = 0;
    Object.defineProperty(signal, 'aborted', {
      get: () => {
        if (checks++ === 0) busy(30);
        return false;
      },
    });
    const result = allocate(instance, { timeLimitMs: 20, signal });
    expect(result.coverage.assigned).toBeGreaterThanOrEqual(floor);
    expect(result.search.stoppedBy).toBe('time_limit');
    expect(result.search.overrunMs).toBeGreaterThan(0);
  });

  it('says the search ran to its end, or reached the bound, when nothing cut it', () => {
    const plenty = generateInstance({ employees: 30, days: 7, terminals: 1, seed: 4, variant: 'normal' });
    expect(allocate(plenty).search).toMatchObject({ stoppedBy: 'bound_reached', gap: 0 });
    const short = generateInstance({ employees: 30, days: 7, terminals: 1, seed: 4, variant: 'over-demand' });
    const result = allocate(short);
    expect(['search_done', 'bound_reached']).toContain(result.search.stoppedBy);
    expect(result.search.bound - result.coverage.assigned).toBe(result.search.gap);
    expect(result.search.bound).toBeLessThanOrEqual(result.coverage.required);
    expect(result.search.overrunMs).toBeUndefined();
  });
});

describe('progress while it runs', () => {
  it('reports each phase once, in order, never losing heads, and ends on the result’s coverage', () => {
    fc.assert(
      fc.property(instances, (options) => {
        const instance = generateInstance(options);
        const reports: { step: string; assigned: number; required: number }[] = [];
        const result = allocate(instance, { onProgress: (progress) => reports.push(progress) });
        expect(reports.map((report) => report.step)).toEqual(['floor', 'construction', 'search', 'finish']);
        for (const [index, report] of reports.entries()) {
          expect(report.required).toBe(result.coverage.required);
          if (index > 0) expect(report.assigned).toBeGreaterThanOrEqual(reports[index - 1]!.assigned);
        }
        expect(reports.at(-1)!.assigned).toBe(result.coverage.assigned);
      }),
      { numRuns: 25, seed: 20_261_127 },
    );
  });
});
