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
  /** The unit's weekend: work on these days is unsocial (default Saturday and Sunday). */
  weekendDays?: Weekday[];
  /**
   * Fatigue rule: at most this many night shifts (shift type 'night') on consecutive dates, reason
   * MAX_CONSECUTIVE_NIGHTS; off when absent.
   */
  maxConsecutiveNights?: number;
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
  /** Night shifts on consecutive dates ending the day before the period starts (for the fatigue rule). */
  consecutiveNights?: number;
}

export interface EqualizationHistory {
  employeeId: string;
  /** Paid hours worked in the equalization window before the period. */
  hours: number;
  /** Night and weekend hours within `hours`. */
  unsocialHours: number;
  /** Days of the window the employee was on leave or inactive; scores are rates over the other days. */
  unavailableDays: number;
  /** Night-shift hours within `unsocialHours` (nights shared fairly); 0 when absent. */
  nightHours?: number;
  /** Hours worked on the unit's weekend days within `unsocialHours`; 0 when absent. */
  weekendHours?: number;
}

/**
 * A wish about work (soft, weighed after coverage and home pool, before fairness). `off`: rather not work (any
 * shift, or with `shiftType` a shift of that type); `work`: rather work that day (or, with `shiftType`, when
 * working, a shift of that type). It applies on `date`, or without one on every date of the period, narrowed to
 * `weekdays` when given.
 */
export interface Preference {
  employeeId: string;
  date?: BusinessDate;
  weekdays?: Weekday[];
  kind: 'work' | 'off';
  shiftType?: string;
  /** How much the wish counts against others' (default 1, at most 10). */
  weight?: number;
}

/** Days an employee cannot work (hard: reason UNAVAILABLE), as stated by them. */
export interface Unavailability {
  employeeId: string;
  from: BusinessDate;
  to: BusinessDate;
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
  unavailability?: Unavailability[];
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
  'UNAVAILABLE',
  'MAX_CONSECUTIVE_NIGHTS',
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
  /**
   * Fewer than 14 days employed and available in the window: every score is 0 (neutral), never extrapolated
   * from the few days there are.
   */
  insufficientHistory: boolean;
}

export interface Fairness {
  /** Largest spread (max − min) of pro-rated period hours within any cohort group, per cohort kind. */
  spreadHours: Record<CohortKind, number>;
  /** The same spread in shifts of the instance's median paid hours. */
  spreadShifts: Record<CohortKind, number>;
  /**
   * Unsocial work shared within each cohort of department, grade and home pool, among staff available the whole
   * period who could work such lines and have no standing wish (one without a date, which decides their share): the largest spread (max − min) of night shifts and of weekend shifts, the
   * window's history included (its hours in shifts of the median paid hours), and of this period alone.
   */
  unsocialShifts: { nights: number; weekends: number; periodNights: number; periodWeekends: number };
}

/** Why the search ended: the time limit (or an abort), a bound proving the roster optimal, or its own end. */
export type StopReason = 'time_limit' | 'bound_reached' | 'search_done';

export interface SearchReport {
  stoppedBy: StopReason;
  /** The best upper bound on coverage the run knows (at least Σ required); `gap` = bound − assigned. */
  bound: number;
  gap: number;
  /** How far past `timeLimitMs` the run ended, when it did. */
  overrunMs?: number;
  /** What the exact windows did, when the run had a solver for them (`AllocateOptions.exact`). */
  exact?: ExactWindowsReport;
}

/** The exact windows of a run: how many HiGHS solved, how many covered more and were kept, the heads gained. */
export interface ExactWindowsReport {
  /** Windows HiGHS was asked to solve. */
  solved: number;
  /** Windows whose answer covered more and was kept. */
  improved: number;
  /** Windows whose answer the engine's own checks refused (a rule the model got wrong; none in any run measured). */
  refused: number;
  gained: number;
  /** Windows HiGHS left at `windowSeconds` (or `wholeSeconds`): those make the run depend on the machine's speed. */
  cutByClock: number;
}

export interface WishesGranted {
  employeeId: string;
  /** Wish-days that applied (see Preference) and how many of them the roster grants. */
  asked: number;
  granted: number;
}

export interface Result {
  engineVersion: string;
  durationMs: number;
  assignments: Assignment[];
  coverage: Coverage;
  unfilled: UnfilledLine[];
  fairness: Fairness;
  equalization: EqualizationScore[];
  search: SearchReport;
  /** Per employee with wishes: how many were granted; `total` sums them. */
  wishes: { total: { asked: number; granted: number }; byEmployee: WishesGranted[] };
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
  /** −1 wishes to work this line, +1 wishes not to, 0 otherwise (the wishes' weights summed, in sign). */
  preference: number;
  assigned: boolean;
}
