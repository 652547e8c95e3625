import { describe, expect, it } from 'vitest';
import { day, employee, instance, line } from '../fixtures.test-support.ts';
import type { Assignment, Instance } from '../types.ts';
import { checkRoster } from './check.ts';

const base = instance({
  employees: [
    employee('e1', {
      skills: ['hazmat'],
      certifications: [{ certificationId: 'HZ', validFrom: day(0), validTo: day(2), status: 'active' }],
    }),
    employee('e2', { activeTo: day(3) }),
    employee('b1', { homePool: 'B' }),
    employee('b2', { homePool: 'B' }),
  ],
  leaves: [{ employeeId: 'e2', from: day(1), to: day(1) }],
  lendingRules: [{ id: 'r', sourcePool: 'B', targetPool: 'A', effectiveFrom: day(5), maxPerDay: 1 }],
  demandLines: [
    ...Array.from({ length: 10 }, (_, d) => line(`m${d}`, day(d), 'M', { required: 2 })),
    ...Array.from({ length: 10 }, (_, d) => line(`e${d}`, day(d), 'E', { required: 2 })),
    ...Array.from({ length: 10 }, (_, d) => line(`n${d}`, day(d), 'N', { required: 2 })),
    line('hz4', day(4), 'M', { skill: 'hazmat' }),
    line('hz1', day(1), 'M', { skill: 'hazmat' }),
  ],
});

const at = (employeeId: string, lineId: string, extra: Partial<Assignment> = {}): Assignment => {
  const date = base.demandLines.find((l) => l.id === lineId)!.date;
  return { employeeId, lineId, date, fixed: false, ...extra };
};

function rules(assignments: Assignment[], input: Instance = base) {
  return checkRoster(input, { assignments }).violations.map((v) => v.rule);
}

describe('roster checker', () => {
  it('accepts a roster that keeps every rule', () => {
    expect(rules([at('e1', 'hz1'), at('e2', 'm0'), at('b1', 'm5', { lendingRuleId: 'r' })])).toEqual([]);
  });

  it.each([
    ['EMPLOYEE_INACTIVE', [at('e2', 'm4')]],
    ['SKILL_MISSING', [at('e2', 'hz1')]],
    ['ON_LEAVE', [at('e2', 'm1')]],
    ['POOL_NOT_ALLOWED', [at('b1', 'm4')]],
    ['ALREADY_ASSIGNED', [at('e2', 'm0'), at('e2', 'e0')]],
    ['REST_TOO_SHORT', [at('e2', 'e0'), at('e2', 'm1')]],
    ['LENDING_LIMIT_REACHED', [at('b1', 'm5'), at('b2', 'e5')]],
    ['OVER_REQUIRED', [at('e1', 'm0'), at('e2', 'm0'), at('b1', 'm5'), at('b1', 'm0')]],
    ['UNKNOWN_LINE', [at('e2', 'm0', { lineId: 'nope' })]],
    ['UNKNOWN_EMPLOYEE', [at('ghost', 'm0')]],
    ['WRONG_DATE', [at('e2', 'm0', { date: day(1) })]],
  ])('reports a planted %s', (rule, assignments) => {
    expect(rules(assignments)).toContain(rule);
  });

  it('reports a missing and an expired certification apart', () => {
    const input = { ...base, employees: [...base.employees, employee('e3', { skills: ['hazmat'] })] };
    expect(rules([at('e3', 'hz1')], input)).toEqual(['CERTIFICATION_MISSING']);
    expect(rules([at('e1', 'hz4')])).toEqual(['CERTIFICATION_EXPIRED']);
  });

  it('reports too little rest after a night shift that ends the next morning', () => {
    expect(rules([at('e1', 'n2'), at('e1', 'e3')])).toEqual(['REST_TOO_SHORT']);
    expect(rules([at('e1', 'n2'), at('e1', 'n3')])).toEqual([]);
  });

  it('counts consecutive days and weekly hours across the period start', () => {
    const input: Instance = {
      ...base,
      priorWork: [
        { employeeId: 'e1', consecutiveDays: 3, hoursInFirstWeek: 30, lastShiftEnd: '2026-03-01T22:00' },
      ],
    };
    expect(rules([at('e1', 'm0')], input)).toEqual(['REST_TOO_SHORT']);
    const fourDays = [0, 1, 2, 3].map((d) => at('e1', `e${d}`));
    expect(rules(fourDays, input)).toEqual(['MAX_CONSECUTIVE_DAYS', 'MAX_WEEKLY_HOURS']);
    expect(rules(fourDays)).toEqual([]);
  });

  it('reports a dropped fixed assignment', () => {
    const input = { ...base, fixedAssignments: [{ employeeId: 'e1', lineId: 'm0' }] };
    expect(checkRoster(input, { assignments: [] }).violations).toEqual([
      { rule: 'FIXED_MISSING', employeeId: 'e1', lineIds: ['m0'], detail: 'fixed assignment dropped' },
    ]);
  });

  it('names the rule, the employee and the lines of a violation', () => {
    const [violation] = checkRoster(base, { assignments: [at('e1', 'e0'), at('e1', 'm1')] }).violations;
    expect(violation).toMatchObject({ rule: 'REST_TOO_SHORT', employeeId: 'e1', lineIds: ['e0', 'm1'] });
  });
});

describe('roster checker warnings', () => {
  const mornings = (employeeId: string, days: number[]) =>
    days.map((d) => ({ employeeId, lineId: `m${d}`, date: day(d), fixed: false }));
  const warnings = (assignments: Assignment[], settings: Partial<Instance['settings']> = {}) => {
    const input = { ...base, settings: { ...base.settings, ...settings } };
    const report = checkRoster(input, { assignments }, { warnings: true });
    return { violations: report.violations.map((v) => v.rule), warnings: report.warnings ?? [] };
  };

  it('are only reported when asked for', () => {
    expect(checkRoster(base, { assignments: [at('e1', 'hz1')] })).not.toHaveProperty('warnings');
  });

  it('names a week within 10 % of the weekly maximum, and not one under it', () => {
    const six = warnings(mornings('e1', [0, 1, 2, 3, 4, 5]), { maxWeeklyHours: 48 });
    expect(six.violations).toEqual([]);
    expect(six.warnings).toEqual([
      expect.objectContaining({ rule: 'WEEKLY_HOURS_NEAR_LIMIT', employeeId: 'e1', value: 48, limit: 48 }),
    ]);
    expect(six.warnings[0]!.dates).toEqual([0, 1, 2, 3, 4, 5].map(day));
    expect(warnings(mornings('e1', [0, 1, 2, 3, 4]), { maxWeeklyHours: 48 }).warnings).toEqual([]);
  });

  it('names rest under an hour above the minimum, between the two shifts', () => {
    const tight = warnings([at('e1', 'e0'), at('e1', 'm1')], { minRestHours: 8 });
    expect(tight.violations).toEqual([]);
    expect(tight.warnings).toEqual([
      expect.objectContaining({ rule: 'REST_NEAR_MINIMUM', value: 8, limit: 8, dates: [day(0), day(1)] }),
    ]);
    expect(warnings([at('e1', 'e0'), at('e1', 'm1')], { minRestHours: 7 }).warnings).toEqual([]);
  });

  it('names seven days in a row when the rules allow them', () => {
    const week = warnings(mornings('e1', [0, 1, 2, 3, 4, 5, 6]), { maxConsecutiveDays: 8 });
    expect(week.violations).toEqual([]);
    // 56 hours: near the week's 60 too.
    expect(week.warnings.map((w) => [w.rule, w.value])).toEqual([
      ['NO_DAY_OFF_IN_SEVEN', 7],
      ['WEEKLY_HOURS_NEAR_LIMIT', 56],
    ]);
    // Past the maximum it is a broken rule instead, not a warning as well.
    const over = warnings(mornings('e1', [0, 1, 2, 3, 4, 5, 6]));
    expect(over.violations).toContain('MAX_CONSECUTIVE_DAYS');
    expect(over.warnings.map((w) => w.rule)).not.toContain('NO_DAY_OFF_IN_SEVEN');
  });

  it('names a needed certification that ends inside the period, with the shifts after it', () => {
    const before = warnings([at('e1', 'hz1')]);
    expect(before.warnings).toEqual([
      expect.objectContaining({
        rule: 'CERTIFICATION_EXPIRES',
        certificationId: 'HZ',
        validTo: day(2),
        dates: [],
      }),
    ]);
    const after = warnings([at('e1', 'hz1'), at('e1', 'hz4')]);
    expect(after.violations).toEqual(['CERTIFICATION_EXPIRED']);
    expect(after.warnings[0]).toMatchObject({ rule: 'CERTIFICATION_EXPIRES', dates: [day(4)] });
    // Work that needs no certification says nothing of it.
    expect(warnings([at('e1', 'm1')]).warnings).toEqual([]);
  });
});
