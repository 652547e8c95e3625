import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { generateInstance, VARIANTS } from '../../bench/engine/generate.ts';
import { allocate } from './allocate.ts';
import { checkRoster } from './checker/check.ts';
import { explain } from './explain.ts';
import { day, employee, instance, line } from './fixtures.test-support.ts';

const nights = (count: number) => Array.from({ length: count }, (_, d) => line(`n${d}`, day(d), 'N'));
const withRule = (most: number) => ({ ...instance().settings, maxConsecutiveNights: most });

describe('the fatigue rule: most nights in a row', () => {
  it('is off unless set: one person may work every night', () => {
    const input = instance({ employees: [employee('e1')], demandLines: nights(5) });
    expect(allocate(input).coverage.assigned).toBe(5);
  });

  it('gives the fourth night to someone else when at most three are allowed', () => {
    const input = instance({
      settings: withRule(3),
      employees: [employee('e1'), employee('e2')],
      demandLines: nights(6),
    });
    const result = allocate(input);
    expect(result.coverage.assigned).toBe(6);
    expect(checkRoster(input, result).violations).toEqual([]);
  });

  it('counts the nights worked just before the period', () => {
    const input = instance({
      settings: withRule(3),
      employees: [employee('e1')],
      demandLines: nights(2),
      priorWork: [{ employeeId: 'e1', consecutiveDays: 2, hoursInFirstWeek: 0, consecutiveNights: 2 }],
    });
    const result = allocate(input);
    expect(result.coverage.assigned).toBe(1);
    expect(result.unfilled[0]?.reasons.MAX_CONSECUTIVE_NIGHTS).toBe(1);
  });

  it('is reported by the checker with the nights of the run, and explained with its reason code', () => {
    const input = instance({ settings: withRule(2), employees: [employee('e1')], demandLines: nights(3) });
    const roster = ['n0', 'n1', 'n2'].map((lineId, d) => ({
      lineId,
      employeeId: 'e1',
      date: day(d),
      fixed: false,
    }));
    const report = checkRoster(input, { assignments: roster });
    expect(report.violations).toEqual([
      {
        rule: 'MAX_CONSECUTIVE_NIGHTS',
        employeeId: 'e1',
        lineIds: ['n0', 'n1', 'n2'],
        detail: '3 nights in a row',
      },
    ]);
    const twoNights = explain(input, { assignments: roster.slice(0, 2) });
    expect(twoNights.reasons('n2', 'e1')).toEqual(['MAX_CONSECUTIVE_NIGHTS']);
    expect(checkRoster({ ...input, settings: withRule(3) }, { assignments: roster }).violations).toEqual([]);
  });

  it('holds on any generated instance, by the checker', () => {
    fc.assert(
      fc.property(
        fc.record({
          employees: fc.integer({ min: 3, max: 30 }),
          days: fc.integer({ min: 2, max: 14 }),
          terminals: fc.integer({ min: 1, max: 2 }),
          seed: fc.integer({ min: 1, max: 1_000_000 }),
          variant: fc.constantFrom(...VARIANTS),
        }),
        fc.integer({ min: 1, max: 4 }),
        (options, most) => {
          const generated = generateInstance(options);
          const input = { ...generated, settings: { ...generated.settings, maxConsecutiveNights: most } };
          const result = allocate(input);
          const report = checkRoster(input, result);
          expect(report.violations).toEqual([]);
          expect(report.assigned).toBe(result.coverage.assigned);
        },
      ),
      { numRuns: 30, seed: 20_261_128 },
    );
  });
});
