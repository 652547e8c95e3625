import { describe, expect, it } from 'vitest';
import { generateInstance } from '../../bench/engine/generate.ts';
import { allocate } from './allocate.ts';
import { checkRoster } from './checker/check.ts';
import { explain } from './explain.ts';
import { day, employee, instance, line } from './fixtures.test-support.ts';
import type { Instance, Result } from './types.ts';

const withoutTiming = (result: Result) => ({ ...result, durationMs: 0 });
const pairs = (result: Result) => new Set(result.assignments.map((a) => `${a.employeeId}|${a.lineId}`));

describe('objective', () => {
  it('covers as much as it can but never more than a line requires', () => {
    const input = instance({
      employees: ['e1', 'e2', 'e3'].map((id) => employee(id)),
      demandLines: [line('l', day(0), 'M', { required: 2 })],
    });
    const result = allocate(input);
    expect(result.coverage).toEqual({ required: 2, assigned: 2, ratio: 1 });
    expect(result.assignments).toHaveLength(2);
  });

  it('staffs with home-pool employees before lent ones', () => {
    const input = instance({
      employees: [employee('lent', { homePool: 'B' }), employee('home')],
      lendingRules: [{ id: 'r', sourcePool: 'B', targetPool: 'A', effectiveFrom: day(0) }],
      demandLines: [line('l', day(0), 'M')],
    });
    expect(allocate(input).assignments.map((a) => a.employeeId)).toEqual(['home']);
  });

  it('keeps fixed assignments and counts them against the rules', () => {
    const input = instance({
      employees: [employee('e1'), employee('e2')],
      demandLines: [line('eve', day(0), 'E'), line('morn', day(1), 'M')],
      fixedAssignments: [{ employeeId: 'e1', lineId: 'eve' }],
    });
    const result = allocate(input);
    expect(result.assignments).toContainEqual({ lineId: 'eve', employeeId: 'e1', date: day(0), fixed: true });
    expect(result.assignments.find((a) => a.lineId === 'morn')?.employeeId).toBe('e2');
  });

  it('shares work out evenly when there is more staff than demand', () => {
    const input = instance({
      employees: ['e1', 'e2', 'e3', 'e4'].map((id) => employee(id)),
      demandLines: Array.from({ length: 8 }, (_, d) => line(`m${d}`, day(d), 'M')),
    });
    const result = allocate(input);
    const perEmployee = ['e1', 'e2', 'e3', 'e4'].map(
      (id) => result.assignments.filter((a) => a.employeeId === id).length,
    );
    expect(perEmployee).toEqual([2, 2, 2, 2]);
    expect(result.fairness.spreadShifts.pool).toBe(0);
  });

  it('follows a soft preference to be off when that costs nothing else', () => {
    const input = instance({
      employees: [employee('e1'), employee('e2')],
      preferences: [{ employeeId: 'e1', date: day(0), kind: 'off' }],
      demandLines: [line('l', day(0), 'M')],
    });
    expect(allocate(input).assignments.map((a) => a.employeeId)).toEqual(['e2']);
  });

  it('recovers coverage a day-by-day pass would lose to the rest rule', () => {
    // Greedy day by day gives e1 the evening, which blocks the next morning that only e1 can work.
    const input = instance({
      employees: [employee('e1'), employee('e2', { activeTo: day(0) })],
      demandLines: [line('eve', day(0), 'E'), line('morn', day(1), 'M'), line('m0', day(0), 'M')],
      preferences: [{ employeeId: 'e2', date: day(0), kind: 'off' }],
    });
    const result = allocate(input);
    expect(result.coverage.assigned).toBe(3);
    expect(checkRoster(input, result).violations).toEqual([]);
  });
});

describe('results', () => {
  it('lists unfilled lines with how many employees each rule blocked', () => {
    const input = instance({
      employees: [employee('e1'), employee('e2'), employee('away'), employee('b', { homePool: 'B' })],
      leaves: [{ employeeId: 'away', from: day(0), to: day(0) }],
      demandLines: [line('l', day(0), 'M', { required: 3 })],
    });
    const result = allocate(input);
    expect(result.unfilled).toEqual([
      { lineId: 'l', missing: 1, reasons: { ON_LEAVE: 1, POOL_NOT_ALLOWED: 1 } },
    ]);
  });

  it('ranks candidates with their score parts, home pool and lighter load first', () => {
    const input = instance({
      employees: [employee('busy'), employee('idle'), employee('lent', { homePool: 'B' })],
      lendingRules: [{ id: 'r', sourcePool: 'B', targetPool: 'A', effectiveFrom: day(0) }],
      demandLines: [line('l0', day(0), 'M'), line('l2', day(2), 'M')],
      fixedAssignments: [{ employeeId: 'busy', lineId: 'l0' }],
    });
    const result = allocate(input);
    const ranked = explain(input, { assignments: result.assignments.filter((a) => a.fixed) }).candidates(
      'l2',
    );
    expect(ranked.map((c) => c.employeeId)).toEqual(['idle', 'busy', 'lent']);
    expect(ranked[2]).toMatchObject({ lent: 1, assigned: false, preference: 0 });
  });

  it('scores equalization per cohort with tiers, neutral with fewer than 14 days in the window', () => {
    const input = instance({
      employees: [...['e1', 'e2', 'e3'].map((id) => employee(id)), employee('new', { activeFrom: day(5) })],
      equalizationHistory: [
        { employeeId: 'e1', hours: 400, unsocialHours: 100, unavailableDays: 0 },
        { employeeId: 'e2', hours: 500, unsocialHours: 100, unavailableDays: 0 },
        { employeeId: 'e3', hours: 600, unsocialHours: 100, unavailableDays: 0 },
      ],
    });
    const equalization = allocate(input).equalization;
    const scores = new Map(equalization.map((s) => [s.employeeId, s.scores]));
    expect(scores.get('e1')?.pool).toEqual({ score: -0.2, tier: 'Below' });
    expect(scores.get('e2')?.pool).toEqual({ score: 0, tier: 'At' });
    expect(scores.get('e3')?.gradeDepartment).toEqual({ score: 0.2, tier: 'Above' });
    // Nine days in the period and no history: neutral, never extrapolated to a window.
    expect(scores.get('new')?.pool).toEqual({ score: 0, tier: 'At' });
    expect(equalization.map((s) => s.insufficientHistory)).toEqual([false, false, false, true]);
  });

  it('scores a recent hire by the days they were there, not hours extrapolated to the window', () => {
    // A hire of last week with no nights against a colleague with eight nights over the window.
    const input = instance({
      period: { from: '2026-03-02', to: '2026-03-02' },
      employees: [employee('veteran'), employee('hire'), employee('colleague')],
      equalizationHistory: [
        { employeeId: 'veteran', hours: 480, unsocialHours: 64, unavailableDays: 0 },
        { employeeId: 'hire', hours: 40, unsocialHours: 0, unavailableDays: 83 },
        { employeeId: 'colleague', hours: 480, unsocialHours: 0, unavailableDays: 0 },
      ],
    });
    const [veteran, hire, colleague] = allocate(input).equalization;
    expect(hire).toMatchObject({ insufficientHistory: true, scores: { shiftType: { score: 0 } } });
    expect(veteran!.scores.shiftType.score).toBeGreaterThan(colleague!.scores.shiftType.score);
    expect(veteran!.insufficientHistory).toBe(false);
  });

  it('compares equalization hours per day available, so days on leave do not count against anyone', () => {
    const input = instance({
      period: { from: '2026-03-02', to: '2026-03-02' },
      settings: { ...instance().settings, equalizationWindowDays: 99 },
      employees: [employee('e1'), employee('e2')],
      equalizationHistory: [
        { employeeId: 'e1', hours: 400, unsocialHours: 0, unavailableDays: 50 },
        { employeeId: 'e2', hours: 800, unsocialHours: 0, unavailableDays: 0 },
      ],
    });
    const scores = allocate(input).equalization.map((s) => s.scores.pool.score);
    expect(scores).toEqual([0, 0]);
  });
});

describe('determinism and reruns', () => {
  const generated: Instance = generateInstance({
    employees: 40,
    days: 14,
    terminals: 2,
    seed: 7,
    variant: 'rest-bound',
  });

  it('gives the same roster for the same input', () => {
    expect(withoutTiming(allocate(structuredClone(generated)))).toEqual(
      withoutTiming(allocate(structuredClone(generated))),
    );
  });

  it('changes nothing on a rerun of an unchanged input', () => {
    const first = allocate(generated);
    const previousAssignments = first.assignments
      .filter((a) => !a.fixed)
      .map(({ employeeId, lineId }) => ({ employeeId, lineId }));
    const rerun = allocate({ ...generated, previousAssignments });
    expect(rerun.changedFromPrevious).toBe(0);
    expect(pairs(rerun)).toEqual(pairs(first));
  });

  it('moves few assignments when one employee becomes unavailable', () => {
    const first = allocate(generated);
    const previousAssignments = first.assignments
      .filter((a) => !a.fixed)
      .map(({ employeeId, lineId }) => ({ employeeId, lineId }));
    const absent = first.assignments.find((a) => !a.fixed)!.employeeId;
    const worked = previousAssignments.filter((a) => a.employeeId === absent).length;
    const leaves = [
      ...generated.leaves,
      { employeeId: absent, from: generated.period.from, to: generated.period.to },
    ];
    const rerun = allocate({ ...generated, leaves, previousAssignments });
    expect(rerun.changedFromPrevious).toBeGreaterThanOrEqual(worked);
    // Each lost shift is covered again directly or by a short chain that moves one or two others.
    expect(rerun.changedFromPrevious).toBeLessThanOrEqual(worked * 2);
    const moved = [...pairs(rerun)].filter((p) => !pairs(first).has(p)).length;
    expect(moved).toBeLessThanOrEqual(worked * 3);
    expect(moved).toBeLessThan(first.assignments.length / 10);
    expect(checkRoster({ ...generated, leaves }, rerun).violations).toEqual([]);
  });
});
