import type { DemandLine, Employee, Instance } from './types.ts';

/** Small hand-built instances for unit tests: one or two pools, three shift templates, no noise. */

export function employee(id: string, overrides: Partial<Employee> = {}): Employee {
  return {
    id,
    grade: 'G1',
    department: 'OPS',
    homePool: 'A',
    activeFrom: '2026-01-01',
    skills: [],
    certifications: [],
    ...overrides,
  };
}

export function line(
  id: string,
  date: string,
  shiftTemplateId: 'M' | 'E' | 'N',
  overrides: Partial<DemandLine> = {},
): DemandLine {
  return { id, date, terminal: 'T1', shiftTemplateId, pool: 'A', required: 1, ...overrides };
}

export function instance(overrides: Partial<Instance> = {}): Instance {
  return {
    period: { from: '2026-03-02', to: '2026-03-15' },
    settings: {
      minRestHours: 11,
      maxConsecutiveDays: 6,
      maxWeeklyHours: 60,
      weekStart: 'monday',
      equalizationWindowDays: 90,
    },
    shiftTemplates: [
      { id: 'M', start: '06:00', end: '14:00', paidHours: 8, shiftType: 'morning' },
      { id: 'E', start: '14:00', end: '22:00', paidHours: 8, shiftType: 'evening' },
      { id: 'N', start: '22:00', end: '06:00', paidHours: 8, shiftType: 'night' },
    ],
    demandLines: [],
    employees: [],
    skillCertifications: { hazmat: ['HZ'] },
    leaves: [],
    lendingRules: [],
    fixedAssignments: [],
    priorWork: [],
    equalizationHistory: [],
    ...overrides,
  };
}

/** Dates of March 2026 from the 2nd (a Monday): day(0) is 2026-03-02. */
export function day(offset: number): string {
  return `2026-03-${String(2 + offset).padStart(2, '0')}`;
}
