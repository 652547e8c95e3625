import { describe, expect, it } from 'vitest';
import { allocate } from './allocate.ts';
import { day, employee, instance, line } from './fixtures.test-support.ts';
import { InstanceError, validateInstance } from './validate.ts';

function problemsOf(input: unknown): string[] {
  try {
    validateInstance(input);
    return [];
  } catch (error) {
    if (error instanceof InstanceError) return error.problems;
    throw error;
  }
}

describe('instance validation', () => {
  it('accepts a well-formed instance', () => {
    expect(
      problemsOf(instance({ employees: [employee('e1')], demandLines: [line('l', day(0), 'M')] })),
    ).toEqual([]);
  });

  it('rejects a period whose start is after its end', () => {
    expect(problemsOf(instance({ period: { from: day(3), to: day(1) } }))).toEqual([
      'period: from 2026-03-05 is after to 2026-03-03',
    ]);
  });

  it('rejects impossible dates and times with the path to them', () => {
    const input = instance({
      employees: [employee('e1', { activeFrom: '2026-02-30' })],
      shiftTemplates: [{ id: 'M', start: '25:00', end: '14:00', paidHours: 8, shiftType: 'morning' }],
    });
    expect(problemsOf(input)).toEqual([
      'shiftTemplates[0].start: expected HH:mm',
      'employees[0].active.from: expected a date YYYY-MM-DD, got "2026-02-30"',
    ]);
  });

  it('names unknown references', () => {
    const input = instance({
      employees: [employee('e1')],
      demandLines: [line('l', day(0), 'X' as 'M')],
      leaves: [{ employeeId: 'ghost', from: day(0), to: day(0) }],
      fixedAssignments: [{ employeeId: 'e1', lineId: 'nope' }],
    });
    expect(problemsOf(input)).toEqual([
      'demandLines[0].shiftTemplateId: unknown shift template X',
      'leaves[0].employeeId: unknown employee ghost',
      'fixedAssignments[0].lineId: unknown line nope',
    ]);
  });

  it('rejects duplicate ids, lines outside the period and an employee fixed twice on one date', () => {
    const input = instance({
      employees: [employee('e1'), employee('e1')],
      demandLines: [line('a', day(0), 'M'), line('b', day(0), 'E'), line('c', '2027-01-01', 'M')],
      fixedAssignments: [
        { employeeId: 'e1', lineId: 'a' },
        { employeeId: 'e1', lineId: 'b' },
      ],
    });
    expect(problemsOf(input)).toEqual([
      'demandLines[2].date: 2027-01-01 is outside the period',
      'employees[1].id: duplicate id e1',
      'fixedAssignments[1]: employee e1 fixed twice on one date',
    ]);
  });

  it('makes allocate throw rather than guess on a malformed instance', () => {
    expect(() => allocate({ period: {} } as never)).toThrow(InstanceError);
  });
});
