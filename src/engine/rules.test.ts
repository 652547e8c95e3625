import { describe, expect, it } from 'vitest';
import { allocate } from './allocate.ts';
import { checkRoster } from './checker/check.ts';
import { explain } from './explain.ts';
import { day, employee, instance, line } from './fixtures.test-support.ts';
import type { Instance } from './types.ts';

function solve(input: Instance) {
  const result = allocate(input);
  expect(checkRoster(input, result).violations).toEqual([]);
  const why = explain(input, result);
  const assigned = (lineId: string) =>
    result.assignments.filter((a) => a.lineId === lineId).map((a) => a.employeeId);
  return { result, why, assigned };
}

/** Of two lines, e1 works one and the other is refused them for `reason` alone. */
function expectOneOf(input: Instance, [a, b]: [string, string], reason: string) {
  const { result, why } = solve(input);
  expect(result.assignments).toHaveLength(1);
  const other = result.assignments[0]!.lineId === a ? b : a;
  expect(why.reasons(other, 'e1')).toEqual([reason]);
}

describe('static hard rules', () => {
  it('does not staff a line with an employee who is not active on its date', () => {
    const input = instance({
      employees: [employee('e1', { activeTo: day(0) })],
      demandLines: [line('l0', day(0), 'M'), line('l1', day(1), 'M')],
    });
    const { assigned, why } = solve(input);
    expect(assigned('l0')).toEqual(['e1']);
    expect(assigned('l1')).toEqual([]);
    expect(why.reasons('l1', 'e1')).toEqual(['EMPLOYEE_INACTIVE']);
  });

  it('requires the line skill', () => {
    const input = instance({
      employees: [employee('e1'), employee('e2', { skills: ['ramp'] })],
      demandLines: [line('l0', day(0), 'M', { skill: 'ramp' })],
    });
    const { assigned, why } = solve(input);
    expect(assigned('l0')).toEqual(['e2']);
    expect(why.reasons('l0', 'e1')).toEqual(['SKILL_MISSING']);
  });

  it('tells a missing certification from an expired or suspended one', () => {
    const cert = (validTo: string, status: 'active' | 'suspended' = 'active') => ({
      certificationId: 'HZ',
      validFrom: '2025-01-01',
      validTo,
      status,
    });
    const input = instance({
      employees: [
        employee('none', { skills: ['hazmat'] }),
        employee('expired', { skills: ['hazmat'], certifications: [cert(day(0))] }),
        employee('suspended', { skills: ['hazmat'], certifications: [cert('2027-01-01', 'suspended')] }),
      ],
      demandLines: [
        line('l0', day(0), 'M', { skill: 'hazmat' }),
        line('l1', day(1), 'M', { skill: 'hazmat' }),
      ],
    });
    const { assigned, why } = solve(input);
    expect(assigned('l0')).toEqual(['expired']);
    expect(assigned('l1')).toEqual([]);
    expect(why.reasons('l1', 'none')).toEqual(['CERTIFICATION_MISSING']);
    expect(why.reasons('l1', 'expired')).toEqual(['CERTIFICATION_EXPIRED']);
    expect(why.reasons('l1', 'suspended')).toEqual(['CERTIFICATION_EXPIRED']);
  });

  it('names the certification a certification reason is about', () => {
    const input = instance({
      skillCertifications: { hazmat: ['HZ', 'FIRE'] },
      employees: [
        employee('none', { skills: ['hazmat'] }),
        employee('noFire', {
          skills: ['hazmat'],
          certifications: [
            { certificationId: 'HZ', validFrom: '2025-01-01', validTo: '2030-01-01', status: 'active' },
            { certificationId: 'FIRE', validFrom: '2025-01-01', validTo: day(0), status: 'active' },
          ],
        }),
      ],
      demandLines: [line('l1', day(1), 'M', { skill: 'hazmat' }), line('l2', day(1), 'M')],
    });
    const { why } = solve(input);
    expect(why.certification('l1', 'none')).toBe('HZ');
    expect(why.reasons('l1', 'noFire')).toEqual(['CERTIFICATION_EXPIRED']);
    expect(why.certification('l1', 'noFire')).toBe('FIRE');
    expect(why.certification('l2', 'none')).toBeNull();
  });

  it('does not staff anyone on approved leave', () => {
    const input = instance({
      employees: [employee('e1')],
      leaves: [{ employeeId: 'e1', from: day(1), to: day(2) }],
      demandLines: [line('l1', day(1), 'M'), line('l3', day(3), 'M')],
    });
    const { assigned, why } = solve(input);
    expect(assigned('l1')).toEqual([]);
    expect(assigned('l3')).toEqual(['e1']);
    expect(why.reasons('l1', 'e1')).toEqual(['ON_LEAVE']);
  });

  it('lends staff only through a rule effective on the date whose skill list matches', () => {
    const input = instance({
      employees: [employee('b1', { homePool: 'B', skills: ['ramp'] })],
      lendingRules: [
        { id: 'r1', sourcePool: 'B', targetPool: 'A', effectiveFrom: day(2), effectiveTo: day(3) },
        { id: 'r2', sourcePool: 'B', targetPool: 'A', effectiveFrom: day(5), skills: ['ramp'] },
      ],
      demandLines: [
        line('before', day(1), 'M'),
        line('during', day(2), 'M'),
        line('plain', day(5), 'M'),
        line('ramp', day(6), 'M', { skill: 'ramp' }),
      ],
    });
    const { assigned, why, result } = solve(input);
    expect(assigned('before')).toEqual([]);
    expect(why.reasons('before', 'b1')).toEqual(['POOL_NOT_ALLOWED']);
    expect(assigned('during')).toEqual(['b1']);
    expect(assigned('plain')).toEqual([]);
    expect(why.reasons('plain', 'b1')).toEqual(['POOL_NOT_ALLOWED']);
    expect(assigned('ramp')).toEqual(['b1']);
    expect(result.assignments.find((a) => a.lineId === 'ramp')?.lendingRuleId).toBe('r2');
  });
});

describe('roster-dependent hard rules', () => {
  it('gives an employee at most one shift per date', () => {
    const input = instance({
      employees: [employee('e1')],
      demandLines: [line('m', day(0), 'M'), line('e', day(0), 'E')],
    });
    expectOneOf(input, ['m', 'e'], 'ALREADY_ASSIGNED');
  });

  it('keeps the minimum rest between an evening and the next morning', () => {
    const input = instance({
      employees: [employee('e1')],
      demandLines: [line('eve', day(0), 'E'), line('morn', day(1), 'M')],
    });
    expectOneOf(input, ['eve', 'morn'], 'REST_TOO_SHORT');
  });

  it('answers as if the employee gave up their own work first, and leaves the roster as it was', () => {
    const input = instance({
      employees: [employee('e1')],
      demandLines: [
        line('eve', day(0), 'E', { required: 0 }),
        line('sameDay', day(0), 'M'),
        line('morn', day(1), 'M'),
      ],
      fixedAssignments: [{ employeeId: 'e1', lineId: 'eve' }],
    });
    const why = explain(input, {
      assignments: [{ employeeId: 'e1', lineId: 'eve', date: day(0), fixed: true }],
    });
    expect(why.reasons('sameDay', 'e1')).toEqual(['ALREADY_ASSIGNED']);
    expect(why.reasons('morn', 'e1')).toEqual(['REST_TOO_SHORT']);
    expect(why.reasons('sameDay', 'e1', ['eve'])).toEqual([]);
    expect(why.reasons('morn', 'e1', ['eve'])).toEqual([]);
    // Lines not held, or unknown, change nothing; the evening is back for the next question.
    expect(why.reasons('morn', 'e1', ['sameDay', 'nowhere'])).toEqual(['REST_TOO_SHORT']);
    expect(why.reasons('sameDay', 'e1')).toEqual(['ALREADY_ASSIGNED']);
  });

  it('answers each edit of a batch against the ones accepted before it (assign and unassign)', () => {
    const input = instance({
      employees: [employee('e1')],
      demandLines: [
        line('eve', day(0), 'E', { required: 0 }),
        line('morn', day(1), 'M'),
        line('eve1', day(1), 'E'),
        line('morn2', day(2), 'M'),
      ],
      fixedAssignments: [{ employeeId: 'e1', lineId: 'eve' }],
    });
    const why = explain(input, {
      assignments: [{ employeeId: 'e1', lineId: 'eve', date: day(0), fixed: true }],
    });
    expect(why.reasons('morn', 'e1')).toEqual(['REST_TOO_SHORT']);
    why.unassign('eve', 'e1');
    expect(why.reasons('morn', 'e1')).toEqual([]);
    expect(why.assign('eve1', 'e1')).toBeNull();
    // The evening accepted into the batch now binds the next morning, and the same day is taken.
    expect(why.reasons('morn2', 'e1')).toEqual(['REST_TOO_SHORT']);
    expect(why.reasons('morn', 'e1')).toEqual(['ALREADY_ASSIGNED']);
    // Unassigning what the employee does not hold changes nothing.
    why.unassign('morn', 'e1');
    expect(why.reasons('morn2', 'e1')).toEqual(['REST_TOO_SHORT']);
  });

  it('ends a night shift the next morning, so night then evening is too little rest but night then night is fine', () => {
    const input = instance({
      employees: [employee('e1'), employee('e2')],
      demandLines: [
        line('n0', day(0), 'N', { required: 2 }),
        line('n1', day(1), 'N'),
        line('e1', day(1), 'E'),
      ],
    });
    const { assigned, why } = solve(input);
    expect(assigned('n0')).toEqual(['e1', 'e2']);
    expect(assigned('n1')).toHaveLength(1);
    expect(assigned('e1')).toEqual([]);
    expect(why.reasons('e1', 'e1')).toContain('REST_TOO_SHORT');
  });

  it('measures rest from the last shift worked before the period', () => {
    const input = instance({
      employees: [employee('e1'), employee('e2')],
      priorWork: [
        { employeeId: 'e1', consecutiveDays: 1, hoursInFirstWeek: 0, lastShiftEnd: '2026-03-01T22:00' },
      ],
      demandLines: [line('m0', day(0), 'M')],
    });
    const { assigned, why } = solve(input);
    expect(assigned('m0')).toEqual(['e2']);
    expect(why.reasons('m0', 'e1')).toEqual(['REST_TOO_SHORT']);
  });

  it('caps consecutive working days, counting the days worked just before the period', () => {
    const lines = Array.from({ length: 8 }, (_, d) => line(`m${d}`, day(d), 'M'));
    const input = instance({
      employees: [employee('e1')],
      priorWork: [{ employeeId: 'e1', consecutiveDays: 2, hoursInFirstWeek: 0 }],
      demandLines: lines,
    });
    const { result, why } = solve(input);
    const days = result.assignments.map((a) => a.date).sort();
    expect(days.slice(0, 4)).toEqual([day(0), day(1), day(2), day(3)]);
    expect(days).not.toContain(day(4));
    expect(why.reasons('m4', 'e1')).toEqual(['MAX_CONSECUTIVE_DAYS']);
  });

  it('caps paid hours per week, counting hours worked earlier in the first week', () => {
    const input = instance({
      period: { from: '2026-03-04', to: '2026-03-08' },
      settings: { ...instance().settings, maxWeeklyHours: 24 },
      employees: [employee('e1')],
      priorWork: [{ employeeId: 'e1', consecutiveDays: 0, hoursInFirstWeek: 8 }],
      demandLines: [1, 2, 3, 4].map((d) => line(`m${d}`, `2026-03-0${d + 4}`, 'M')),
    });
    const { result, why } = solve(input);
    expect(result.assignments).toHaveLength(2);
    const idle = ['m1', 'm2', 'm3', 'm4'].find((id) => !result.assignments.some((a) => a.lineId === id))!;
    expect(why.reasons(idle, 'e1')).toEqual(['MAX_WEEKLY_HOURS']);
  });

  it("respects a lending rule's cap per day", () => {
    const input = instance({
      employees: [employee('b1', { homePool: 'B' }), employee('b2', { homePool: 'B' })],
      lendingRules: [{ id: 'r', sourcePool: 'B', targetPool: 'A', effectiveFrom: day(0), maxPerDay: 1 }],
      demandLines: [line('a', day(0), 'M', { required: 2 })],
    });
    const { result, why } = solve(input);
    expect(result.assignments).toHaveLength(1);
    const idle = result.assignments[0]!.employeeId === 'b1' ? 'b2' : 'b1';
    expect(why.reasons('a', idle)).toEqual(['LENDING_LIMIT_REACHED']);
    expect(result.unfilled).toEqual([{ lineId: 'a', missing: 1, reasons: { LENDING_LIMIT_REACHED: 1 } }]);
  });
});
