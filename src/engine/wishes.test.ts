import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { generateInstance, VARIANTS } from '../../bench/engine/generate.ts';
import { allocate } from './allocate.ts';
import { checkRoster } from './checker/check.ts';
import { explain } from './explain.ts';
import { day, employee, instance, line } from './fixtures.test-support.ts';

const who = (result: ReturnType<typeof allocate>, lineId: string) =>
  result.assignments.filter((a) => a.lineId === lineId).map((a) => a.employeeId);

describe('wishes', () => {
  it('keeps someone stated unavailable off work (hard), with reason UNAVAILABLE', () => {
    const input = instance({
      employees: [employee('e1')],
      demandLines: [line('l', day(1), 'M')],
      unavailability: [{ employeeId: 'e1', from: day(1), to: day(2) }],
    });
    const result = allocate(input);
    expect(result.coverage.assigned).toBe(0);
    expect(result.unfilled[0]?.reasons).toEqual({ UNAVAILABLE: 1 });
    expect(explain(input, result).reasons('l', 'e1')).toEqual(['UNAVAILABLE']);
    const forced = [{ lineId: 'l', employeeId: 'e1', date: day(1), fixed: false }];
    expect(checkRoster(input, { assignments: forced }).violations.map((v) => v.rule)).toEqual([
      'UNAVAILABLE',
    ]);
  });

  it('grants a day off, a shift type avoided and a shift type preferred when someone else can take the work', () => {
    const input = instance({
      employees: ['e1', 'e2', 'e3', 'e4'].map((id) => employee(id)),
      demandLines: [
        line('m', day(0), 'M'),
        line('n', day(2), 'N'),
        line('m4', day(4), 'M'),
        line('e4', day(4), 'E'),
      ],
      preferences: [
        { employeeId: 'e1', kind: 'off', date: day(0) },
        { employeeId: 'e2', kind: 'off', shiftType: 'night' },
        { employeeId: 'e3', kind: 'work', shiftType: 'evening', weight: 3 },
      ],
    });
    const result = allocate(input);
    expect(result.coverage.assigned).toBe(4);
    expect(who(result, 'm')).not.toContain('e1');
    expect(who(result, 'n')).not.toContain('e2');
    expect(who(result, 'e4')).toEqual(['e3']);
    expect(result.wishes.total.asked).toBe(result.wishes.total.granted);
    expect(result.wishes.byEmployee.find((w) => w.employeeId === 'e1')).toEqual({
      employeeId: 'e1',
      asked: 1,
      granted: 1,
    });
  });

  it('never lowers coverage: the same heads are covered with and without them', () => {
    fc.assert(
      fc.property(
        fc.record({
          employees: fc.integer({ min: 3, max: 30 }),
          days: fc.integer({ min: 2, max: 14 }),
          terminals: fc.integer({ min: 1, max: 3 }),
          shifts: fc.integer({ min: 1, max: 3 }),
          seed: fc.integer({ min: 1, max: 1_000_000 }),
          variant: fc.constantFrom(...VARIANTS),
        }),
        (options) => {
          const withWishes = generateInstance(options);
          const without = { ...withWishes, preferences: [] };
          const granted = allocate(withWishes);
          expect(granted.coverage.assigned).toBeGreaterThanOrEqual(allocate(without).coverage.assigned);
          expect(checkRoster(withWishes, granted).violations).toEqual([]);
          expect(granted.wishes.total.granted).toBeLessThanOrEqual(granted.wishes.total.asked);
        },
      ),
      { numRuns: 40, seed: 20_261_129 },
    );
  });
});
