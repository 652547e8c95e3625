import { describe, expect, it } from 'vitest';
import { generateInstance } from '../../bench/engine/generate.ts';
import { allocate } from './allocate.ts';
import { coverageBound } from './bound.ts';
import { day, employee, instance, line } from './fixtures.test-support.ts';

describe('coverage bound', () => {
  it('keeps the rest rule with rest iterations: evenings then mornings cannot all be worked', () => {
    // Two employees, an evening line and the next morning's line each day for a week: without rest both could
    // work every line (14 heads); with 11 hours of rest each works evenings or mornings in blocks.
    const lines = Array.from({ length: 7 }, (_, d) => [
      line(`E${d}`, day(d), 'E', { required: 2 }),
      line(`M${d}`, day(d + 1), 'M', { required: 2 }),
    ]).flat();
    const input = instance({
      period: { from: day(0), to: day(7) },
      employees: [employee('a'), employee('b')],
      demandLines: lines,
      settings: { ...instance().settings, maxConsecutiveDays: 7 },
    });
    const optimum = allocate(input).coverage.assigned;
    expect(coverageBound(input)).toBe(16);
    expect(coverageBound(input, { restIterations: 100 })).toBeLessThan(16);
    expect(coverageBound(input, { restIterations: 100 })).toBeGreaterThanOrEqual(optimum);
  });

  it('is within a point of the proven optimum on a generated rest-bound mix where the flow bound is eleven above', () => {
    // 50 × 14 `mixed`, seed 2: HiGHS proves 505 of 604 required; the flow bound says 567.
    const mixed = generateInstance({
      employees: 50,
      days: 14,
      terminals: 2,
      shifts: 3,
      seed: 2,
      variant: 'mixed',
    });
    expect(coverageBound(mixed)).toBe(567);
    const bound = coverageBound(mixed, { restIterations: 200, incumbent: 505 });
    expect(bound).toBeGreaterThanOrEqual(505);
    expect(bound).toBeLessThanOrEqual(511);
  });

  it('holds lending caps: staff of a full pool cannot all be lent past a cap of one a day', () => {
    // Pool A: four employees and no work; pool B: no staff and two lines a day for a week. A may lend to B one
    // a day, so at most seven heads; without the cap the flow would reach fourteen.
    const input = instance({
      period: { from: day(0), to: day(6) },
      employees: ['a', 'b', 'c', 'd'].map((id) => employee(id)),
      demandLines: Array.from({ length: 7 }, (_, d) => [
        line(`M${d}`, day(d), 'M', { pool: 'B' }),
        line(`E${d}`, day(d), 'E', { pool: 'B' }),
      ]).flat(),
      lendingRules: [{ id: 'AB', sourcePool: 'A', targetPool: 'B', effectiveFrom: day(0), maxPerDay: 1 }],
    });
    const roster = allocate(input).coverage.assigned;
    expect(roster).toBe(7);
    expect(coverageBound(input)).toBe(7);
    expect(coverageBound(input, { restIterations: 100, incumbent: roster })).toBe(7);
  });

  it('keeps eligibility where a cap would let a skill through: the smaller network wins', () => {
    // Lent x holds hazmat, lent y does not, z is at home; B needs two hazmat heads and one general. Truly 2
    // (x on hazmat, y or z on the general line). Through the rule's node both lent could reach the hazmat line
    // (3 with z); the network without caps keeps eligibility and says 2.
    const input = instance({
      period: { from: day(0), to: day(0) },
      employees: [
        employee('x', {
          skills: ['hazmat'],
          certifications: [{ certificationId: 'HZ', validFrom: day(0), validTo: day(9), status: 'active' }],
        }),
        employee('y'),
        employee('z', { homePool: 'B' }),
      ],
      demandLines: [
        line('H0', day(0), 'M', { pool: 'B', skill: 'hazmat', required: 2 }),
        line('G0', day(0), 'M', { pool: 'B' }),
      ],
      lendingRules: [{ id: 'AB', sourcePool: 'A', targetPool: 'B', effectiveFrom: day(0), maxPerDay: 2 }],
    });
    expect(allocate(input).coverage.assigned).toBe(2);
    expect(coverageBound(input)).toBe(2);
  });

  it('charges a fixed lent assignment to its rule: the cap it used is not offered again', () => {
    // Two employees of A, B's lines need two a day over two days, A may lend one a day, and a is already fixed
    // on B's first line: day one has no cap left, day two one. Optimum 2 (the fixed head and one lent on day
    // two); a cap that forgot the fixed work would say 3.
    const input = instance({
      period: { from: day(0), to: day(1) },
      employees: [employee('a'), employee('b')],
      demandLines: [
        line('B0', day(0), 'M', { pool: 'B', required: 2 }),
        line('B1', day(1), 'M', { pool: 'B', required: 2 }),
      ],
      lendingRules: [{ id: 'AB', sourcePool: 'A', targetPool: 'B', effectiveFrom: day(0), maxPerDay: 1 }],
      fixedAssignments: [{ employeeId: 'a', lineId: 'B0' }],
    });
    expect(allocate(input).coverage.assigned).toBe(2);
    expect(coverageBound(input)).toBe(2);
    expect(coverageBound(input, { restIterations: 100, incumbent: 2 })).toBe(2);
  });
});
