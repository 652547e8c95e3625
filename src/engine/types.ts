/** Instance and result formats of the allocation engine: plain JSON-friendly types, ids as strings. */

export type BusinessDate = string;
export type ClockTime = string;

export interface ShiftTemplate {
  id: string;
  /** HH:mm; when end <= start the shift crosses midnight and ends the next day. */
  start: ClockTime;
  end: ClockTime;
  paidHours: number;
  /** Free text such as 'morning', 'evening', 'night'; 'night' counts towards the unsocial-hours cohort. */
  shiftType: string;
}

export interface DemandLine {
  id: string;
  date: BusinessDate;
  terminal: string;
  shiftTemplateId: string;
  skill?: string;
  pool: string;
  required: number;
}

export type CertificationStatus = 'active' | 'suspended' | 'revoked';

export interface EmployeeCertification {
  certificationId: string;
  validFrom: BusinessDate;
  validTo: BusinessDate;
  status: CertificationStatus;
}

export interface Employee {
  id: string;
  grade: string;
  department: string;
  homePool: string;
  activeFrom: BusinessDate;
  activeTo?: BusinessDate;
  skills: string[];
  certifications: EmployeeCertification[];
}

export interface Leave {
  employeeId: string;
  from: BusinessDate;
  to: BusinessDate;
}

export interface LendingRule {
  id: string;
  sourcePool: string;
  targetPool: string;
  effectiveFrom: BusinessDate;
  effectiveTo?: BusinessDate;
  /** When present, only lines needing one of these skills may be staffed through this rule. */
  skills?: string[];
  maxPerDay?: number;
}

export interface FixedAssignment {
  employeeId: string;
  lineId: string;
}

export type Weekday = 'monday' | 'tuesday' | 'wednesday' | 'thursday' | 'friday' | 'saturday' | 'sunday';

export interface Settings {
  minRestHours: number;
  maxConsecutiveDays: number;
  maxWeeklyHours: number;
  weekStart: Weekday;
  equalizationWindowDays: number;
}

/** What an employee worked just before the period, so that rules hold across its start. */
export interface PriorWork {
  employeeId: string;
  /** Working days in a row ending the day before the period starts. */
  consecutiveDays: number;
  /** Paid hours already worked in the week that contains the period's first day. */
  hoursInFirstWeek: number;
  /** End of the last shift worked before the period, `YYYY-MM-DDTHH:mm`. */
  lastShiftEnd?: string;
}

export interface EqualizationHistory {
  employeeId: string;
  /** Paid hours worked in the equalization window before the period. */
  hours: number;
  /** Night and weekend hours within `hours`. */
  unsocialHours: number;
  /** Days of the window the employee was on leave or inactive; hours are pro-rated over the rest. */
  unavailableDays: number;
}

export interface Preference {
  employeeId: string;
  date: BusinessDate;
  kind: 'work' | 'off';
}

export interface PreviousAssignment {
  employeeId: string;
  lineId: string;
}

export interface Instance {
  period: { from: BusinessDate; to: BusinessDate };
  settings: Settings;
  shiftTemplates: ShiftTemplate[];
  demandLines: DemandLine[];
  employees: Employee[];
  /** Skill → certifications it requires (all of them). */
  skillCertifications: Record<string, string[]>;
  leaves: Leave[];
  lendingRules: LendingRule[];
  fixedAssignments: FixedAssignment[];
  priorWork: PriorWork[];
  equalizationHistory: EqualizationHistory[];
  preferences?: Preference[];
  previousAssignments?: PreviousAssignment[];
}

export const REASON_CODES = [
  'EMPLOYEE_INACTIVE',
  'SKILL_MISSING',
  'CERTIFICATION_MISSING',
  'CERTIFICATION_EXPIRED',
  'ON_LEAVE',
  'POOL_NOT_ALLOWED',
  'ALREADY_ASSIGNED',
  'REST_TOO_SHORT',
  'MAX_CONSECUTIVE_DAYS',
  'MAX_WEEKLY_HOURS',
  'LENDING_LIMIT_REACHED',
] as const;

export type ReasonCode = (typeof REASON_CODES)[number];

export interface Assignment {
  lineId: string;
  employeeId: string;
  date: BusinessDate;
  /** Set when the employee is lent from another pool. */
  lendingRuleId?: string;
  fixed: boolean;
}

export interface Coverage {
  required: number;
  assigned: number;
  ratio: number;
}

export interface UnfilledLine {
  lineId: string;
  missing: number;
  /** How many employees each rule blocked (an employee blocked by several rules counts under each). */
  reasons: Partial<Record<ReasonCode, number>>;
}

export type CohortKind = 'gradeDepartment' | 'pool' | 'shiftType';

export type Tier = 'Below' | 'At' | 'Above';

export interface CohortScore {
  score: number;
  tier: Tier;
}

export interface EqualizationScore {
  employeeId: string;
  scores: Record<CohortKind, CohortScore>;
}

export interface Fairness {
  /** Largest spread (max − min) of pro-rated period hours within any cohort group, per cohort kind. */
  spreadHours: Record<CohortKind, number>;
  /** The same spread in shifts of the instance's median paid hours. */
  spreadShifts: Record<CohortKind, number>;
}

export interface Result {
  engineVersion: string;
  durationMs: number;
  assignments: Assignment[];
  coverage: Coverage;
  unfilled: UnfilledLine[];
  fairness: Fairness;
  equalization: EqualizationScore[];
  /** Assignments of `previousAssignments` no longer present (rerun only). */
  changedFromPrevious?: number;
}

export interface CandidateScore {
  employeeId: string;
  /** 0 for home-pool staff, 1 for lent staff. */
  lent: number;
  /** Pro-rated period hours including this line; lower ranks first. */
  load: number;
  /** Equalization score over the window (own − mean) / mean, across the three cohorts. */
  history: number;
  /** −1 prefers to work, +1 prefers to be off, 0 otherwise. */
  preference: number;
  assigned: boolean;
}
