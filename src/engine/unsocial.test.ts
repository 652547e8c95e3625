import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { generateInstance } from '../../bench/engine/generate.ts';
import { allocate } from './allocate.ts';
import { checkRoster } from './checker/check.ts';
import { day, employee, instance, line } from './fixtures.test-support.ts';

describe('nights and weekend shifts shared within a cohort', () => {
  it('spreads nights evenly where staff are plentiful, the history the window holds counted', () => {
    fc.assert(
      fc.property(
        fc.record({
          employees: fc.integer({ min: 12, max: 40 }),
          days: fc.integer({ min: 14, max: 28 }),
          seed: fc.integer({ min: 1, max: 1_000_000 }),
        }),
        (options) => {
          // One pool, demand at 80 % of what staff can work and no skill asked for: everyone stands in for
          // everyone, so coverage never stands in the way. The generated history spreads by two shifts itself.
          const generated = generateInstance({ ...options, terminals: 1, shifts: 3, variant: 'normal' });
          const input = { ...generated, demandLines: generated.demandLines.map(({ skill: _, ...l }) => l) };
          const result = allocate(input);
          expect(checkRoster(input, result).violations).toEqual([]);
          expect(result.fairness.unsocialShifts.nights).toBeLessThanOrEqual(3);
          expect(result.fairness.unsocialShifts.weekends).toBeLessThanOrEqual(3);
          expect(result.fairness.unsocialShifts.periodNights).toBeLessThanOrEqual(3);
        },
      ),
      { numRuns: 20, seed: 20_261_130 },
    );
  });

  it('gives the nights to whoever has had fewer over the window', () => {
    const input = instance({
      period: { from: day(0), to: day(3) },
      employees: [employee('e1'), employee('e2')],
      demandLines: [0, 1, 2, 3].map((d) => line(`n${d}`, day(d), 'N')),
      equalizationHistory: [
        { employeeId: 'e1', hours: 400, unsocialHours: 160, unavailableDays: 0, nightHours: 160 },
        { employeeId: 'e2', hours: 400, unsocialHours: 96, unavailableDays: 0, nightHours: 96 },
      ],
    });
    const result = allocate(input);
    const nightsOf = (id: string) => result.assignments.filter((a) => a.employeeId === id).length;
    expect(result.coverage.assigned).toBe(4);
    // 20 and 12 nights before: e2 takes at least three of the four.
    expect(nightsOf('e2')).toBeGreaterThanOrEqual(3);
  });

  it("counts the unit's weekend days as unsocial work, not Saturday and Sunday by default", () => {
    const friday = day(4);
    const input = instance({
      period: { from: day(0), to: day(6) },
      settings: { ...instance().settings, weekendDays: ['friday', 'saturday'] },
      employees: [employee('e1'), employee('e2')],
      demandLines: [line('fri', friday, 'M'), line('sun', day(6), 'M')],
      equalizationHistory: ['e1', 'e2'].map((employeeId) => ({
        employeeId,
        hours: 400,
        unsocialHours: 100,
        unavailableDays: 0,
      })),
      fixedAssignments: [
        { employeeId: 'e1', lineId: 'fri' },
        { employeeId: 'e2', lineId: 'sun' },
      ],
    });
    const [e1, e2] = allocate(input).equalization;
    expect(e1!.scores.shiftType.score).toBeGreaterThan(e2!.scores.shiftType.score);
  });

  it('gives back the line it took back when an exchange does not even the shares out, keeping every rule', () => {
    // 200 × 28 `mixed`, seed 5: a line taken back and then left with the richer member, who was given their own
    // line again as well, once made seven days in a row and 56 hours in a week.
    const mixed = generateInstance({
      employees: 200,
      days: 28,
      terminals: 6,
      shifts: 3,
      seed: 5,
      variant: 'mixed',
    });
    expect(checkRoster(mixed, allocate(mixed)).violations).toEqual([]);
  });
});
