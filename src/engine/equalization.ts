import type { Model } from './model.ts';
import type { Roster } from './roster.ts';
import { type EligibilityMasks, forEachEligible } from './rules/eligibility.ts';
import type { CohortKind, CohortScore, EqualizationScore, Fairness, Tier } from './types.ts';

/**
 * Equalization (DESIGN §9). Hours over the window (history plus this period) per day the employee was employed
 * and available in it, compared with the mean of three cohorts: same grade in the department, same home pool,
 * and unsocial (night and weekend) hours across everyone, so that such work is shared fairly. A rate over the
 * days there were, never hours extrapolated to a whole window: with fewer than 14 such days the employee is
 * neutral (score 0, `insufficientHistory`) and left out of the cohort's mean.
 */

export const COHORTS: CohortKind[] = ['gradeDepartment', 'pool', 'shiftType'];
const TIER_BAND = 0.1;
export const MIN_HISTORY_DAYS = 14;

function cohortKey(model: Model, e: number, kind: CohortKind): string {
  const employee = model.instance.employees[e]!;
  if (kind === 'gradeDepartment') return `${employee.grade}|${employee.department}`;
  if (kind === 'pool') return employee.homePool;
  return 'unsocial';
}

export function tierOf(score: number): Tier {
  if (score < -TIER_BAND) return 'Below';
  if (score > TIER_BAND) return 'Above';
  return 'At';
}

/** Days of the window the employee was employed and available: the history's, and the period's when counted. */
export function windowDays(model: Model, withPeriod: boolean): Int32Array {
  const window = model.instance.settings.equalizationWindowDays;
  return Int32Array.from({ length: model.employeeCount }, (_, e) => {
    const before = model.hasHistory[e] ? Math.max(0, window - model.historyUnavailable[e]!) : 0;
    return before + (withPeriod ? model.availableDays[e]! : 0);
  });
}

function scoresFor(
  model: Model,
  days: Int32Array,
  periodHours: Float64Array,
  periodUnsocial: Float64Array,
  kind: CohortKind,
): Float64Array {
  const sums = new Map<string, [number, number]>();
  const rates = new Float64Array(model.employeeCount);
  for (let e = 0; e < model.employeeCount; e++) {
    if (days[e]! < MIN_HISTORY_DAYS) continue;
    const own =
      kind === 'shiftType'
        ? model.historyUnsocial[e]! + periodUnsocial[e]!
        : model.historyHours[e]! + periodHours[e]!;
    rates[e] = own / days[e]!;
    const key = cohortKey(model, e, kind);
    const sum = sums.get(key) ?? [0, 0];
    sum[0] += rates[e]!;
    sum[1]++;
    sums.set(key, sum);
  }
  const scores = new Float64Array(model.employeeCount);
  for (let e = 0; e < model.employeeCount; e++) {
    if (days[e]! < MIN_HISTORY_DAYS) continue;
    const [total, count] = sums.get(cohortKey(model, e, kind))!;
    const mean = total / count;
    scores[e] = mean > 0 ? (rates[e]! - mean) / mean : 0;
  }
  return scores;
}

/**
 * Mean of the three cohort scores of the history's hours over the whole window's days (the period's available
 * days included, as they will be worked): the solver's tie-break towards those owed work.
 */
export function historyScores(model: Model): Float64Array {
  const zero = new Float64Array(model.employeeCount);
  const days = windowDays(model, true);
  const mean = new Float64Array(model.employeeCount);
  for (const kind of COHORTS) {
    const scores = scoresFor(model, days, zero, zero, kind);
    for (let e = 0; e < model.employeeCount; e++) mean[e]! += scores[e]! / COHORTS.length;
  }
  return mean;
}

export function unsocialPeriodHours(model: Model, roster: Roster): Float64Array {
  const hours = new Float64Array(model.employeeCount);
  roster.lineOf.forEach((l, cell) => {
    if (l >= 0 && model.lineUnsocial[l]) hours[Math.floor(cell / model.dayCount)]! += model.lineHours[l]!;
  });
  return hours;
}

export function equalizationScores(model: Model, roster: Roster): EqualizationScore[] {
  const unsocial = unsocialPeriodHours(model, roster);
  const days = windowDays(model, true);
  const byKind = COHORTS.map((kind) => scoresFor(model, days, roster.periodHours, unsocial, kind));
  return model.employeeIds.map((employeeId, e) => {
    const scores = {} as Record<CohortKind, CohortScore>;
    COHORTS.forEach((kind, k) => {
      const score = Math.round(byKind[k]![e]! * 1e4) / 1e4;
      scores[kind] = { score, tier: tierOf(score) };
    });
    return { employeeId, scores, insufficientHistory: days[e]! < MIN_HISTORY_DAYS };
  });
}

/** The median paid hours of the instance's lines: the shift in which hours are counted as shifts. */
export function shiftHoursOf(model: Model): number {
  return median(Array.from(model.lineHours)) || 1;
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
}

/**
 * Largest spread of this period's pro-rated hours inside any cohort group. Employees available for less than
 * half the period are left out: pro-rating a handful of days turns one shift into several.
 */
export function fairness(model: Model, roster: Roster, masks: EligibilityMasks): Fairness {
  const unsocial = unsocialPeriodHours(model, roster);
  const shiftHours = shiftHoursOf(model);
  const spreadHours = {} as Record<CohortKind, number>;
  const spreadShifts = {} as Record<CohortKind, number>;
  for (const kind of COHORTS) {
    const ranges = new Map<string, [number, number]>();
    for (let e = 0; e < model.employeeCount; e++) {
      const available = model.availableDays[e]!;
      if (available * 2 < model.dayCount) continue;
      const hours = kind === 'shiftType' ? unsocial[e]! : roster.periodHours[e]!;
      const value = (hours * model.dayCount) / available;
      const key = cohortKey(model, e, kind);
      const range = ranges.get(key) ?? [value, value];
      ranges.set(key, [Math.min(range[0], value), Math.max(range[1], value)]);
    }
    let spread = 0;
    for (const [low, high] of ranges.values()) spread = Math.max(spread, high - low);
    spreadHours[kind] = Math.round(spread * 100) / 100;
    spreadShifts[kind] = Math.round((spread / shiftHours) * 100) / 100;
  }
  return { spreadHours, spreadShifts, unsocialShifts: unsocialSpreads(model, roster, masks) };
}

/** The unsocial cohort: staff of one department, grade and home pool, who stand in for one another. */
export function unsocialCohortOf(model: Model): Int32Array {
  const keys = new Map<string, number>();
  return Int32Array.from(model.instance.employees, (employee) => {
    const key = `${employee.department}|${employee.grade}|${employee.homePool}`;
    let cohort = keys.get(key);
    if (cohort === undefined) {
      cohort = keys.size;
      keys.set(key, cohort);
    }
    return cohort;
  });
}

/** Per employee, 1 when statically eligible for at least one line of the kind (night or weekend). */
export function eligibleForKind(model: Model, masks: EligibilityMasks, of: Uint8Array): Uint8Array {
  const eligible = new Uint8Array(model.employeeCount);
  const seen = new Set<Uint32Array>();
  for (let l = 0; l < model.lineCount; l++) {
    const mask = masks.maskOfLine[l]!;
    if (!of[l] || model.lineRequired[l] === 0 || seen.has(mask)) continue;
    seen.add(mask);
    forEachEligible(masks, l, (e) => {
      eligible[e] = 1;
    });
  }
  return eligible;
}

/** Shifts of the kind worked this period per employee. */
export function shiftsOfKind(model: Model, roster: Roster, of: Uint8Array): Int32Array {
  const count = new Int32Array(model.employeeCount);
  roster.lineOf.forEach((l, cell) => {
    if (l >= 0 && of[l]) count[Math.floor(cell / model.dayCount)]!++;
  });
  return count;
}

/**
 * The history's hours of the kind in shifts of the median paid hours; someone without a history (a new hire)
 * counts as the mean of their cohort's, so as to be neither owed all of it nor spared it.
 */
export function historyShifts(model: Model, hours: Float64Array, cohort: Int32Array): Float64Array {
  const shiftHours = shiftHoursOf(model);
  const sums = new Map<number, [number, number]>();
  for (let e = 0; e < model.employeeCount; e++) {
    if (!model.hasHistory[e]) continue;
    const sum = sums.get(cohort[e]!) ?? [0, 0];
    sums.set(cohort[e]!, [sum[0] + hours[e]!, sum[1] + 1]);
  }
  return Float64Array.from(hours, (h, e) => {
    if (model.hasHistory[e]) return h / shiftHours;
    const [total, count] = sums.get(cohort[e]!) ?? [0, 0];
    return count === 0 ? 0 : total / count / shiftHours;
  });
}

function unsocialSpreads(model: Model, roster: Roster, masks: EligibilityMasks): Fairness['unsocialShifts'] {
  const cohort = unsocialCohortOf(model);
  const spread = (of: Uint8Array, history: Float64Array, withHistory: boolean) => {
    const eligible = eligibleForKind(model, masks, of);
    const shifts = shiftsOfKind(model, roster, of);
    const past = historyShifts(model, history, cohort);
    const ranges = new Map<number, [number, number]>();
    for (let e = 0; e < model.employeeCount; e++) {
      if (!eligible[e] || model.availableDays[e] !== model.dayCount || model.wishes.standing[e]) continue;
      const value = shifts[e]! + (withHistory ? past[e]! : 0);
      const range = ranges.get(cohort[e]!) ?? [value, value];
      ranges.set(cohort[e]!, [Math.min(range[0], value), Math.max(range[1], value)]);
    }
    let widest = 0;
    for (const [low, high] of ranges.values()) widest = Math.max(widest, high - low);
    return Math.round(widest * 100) / 100;
  };
  return {
    nights: spread(model.lineNight, model.historyNight, true),
    weekends: spread(model.lineWeekend, model.historyWeekend, true),
    periodNights: spread(model.lineNight, model.historyNight, false),
    periodWeekends: spread(model.lineWeekend, model.historyWeekend, false),
  };
}

/** Sum over home pools of the squared deviations of pro-rated period hours: lower is fairer. */
export function poolImbalance(model: Model, roster: Roster): number {
  const sums = new Map<number, [number, number, number]>();
  for (let e = 0; e < model.employeeCount; e++) {
    const available = model.availableDays[e]!;
    if (available * 2 < model.dayCount) continue;
    const value = (roster.periodHours[e]! * model.dayCount) / available;
    const sum = sums.get(model.homePool[e]!) ?? [0, 0, 0];
    sum[0] += value;
    sum[1] += value * value;
    sum[2]++;
    sums.set(model.homePool[e]!, sum);
  }
  let total = 0;
  for (const [sum, squares, count] of sums.values()) total += squares - (sum * sum) / count;
  return total;
}
