import type { Model } from './model.ts';
import type { Roster } from './roster.ts';
import type { CohortKind, CohortScore, EqualizationScore, Fairness, Tier } from './types.ts';

/**
 * Equalization (DESIGN §9). Hours over the window (history plus this period) are pro-rated for days on
 * leave or inactive, then compared with the mean of three cohorts: same grade in the department, same home
 * pool, and unsocial (night and weekend) hours across everyone, so that such work is shared fairly.
 */

export const COHORTS: CohortKind[] = ['gradeDepartment', 'pool', 'shiftType'];
const TIER_BAND = 0.1;

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

/** Per employee and cohort: the value compared (pro-rated hours, or unsocial hours for shiftType). */
function windowValues(model: Model, periodHours: Float64Array, periodUnsocial: Float64Array) {
  const windowDays = model.instance.settings.equalizationWindowDays + model.dayCount;
  const hasHistory = new Uint8Array(model.employeeCount);
  for (const h of model.instance.equalizationHistory) hasHistory[model.employeeIndex.get(h.employeeId)!] = 1;
  const value = (e: number, unsocial: boolean) => {
    const unavailable = model.historyUnavailable[e]! + model.dayCount - model.availableDays[e]!;
    const own = unsocial
      ? model.historyUnsocial[e]! + periodUnsocial[e]!
      : model.historyHours[e]! + periodHours[e]!;
    return (own * windowDays) / Math.max(1, windowDays - unavailable);
  };
  return { hasHistory, value };
}

function scoresFor(
  model: Model,
  periodHours: Float64Array,
  periodUnsocial: Float64Array,
  kind: CohortKind,
): Float64Array {
  const { hasHistory, value } = windowValues(model, periodHours, periodUnsocial);
  const sums = new Map<string, [number, number]>();
  const values = new Float64Array(model.employeeCount);
  for (let e = 0; e < model.employeeCount; e++) {
    if (!hasHistory[e]) continue;
    values[e] = value(e, kind === 'shiftType');
    const key = cohortKey(model, e, kind);
    const sum = sums.get(key) ?? [0, 0];
    sum[0] += values[e]!;
    sum[1]++;
    sums.set(key, sum);
  }
  const scores = new Float64Array(model.employeeCount);
  for (let e = 0; e < model.employeeCount; e++) {
    const [total, count] = sums.get(cohortKey(model, e, kind)) ?? [0, 0];
    const mean = count > 0 ? total / count : 0;
    scores[e] = hasHistory[e] && mean > 0 ? (values[e]! - mean) / mean : 0;
  }
  return scores;
}

/** Mean of the three cohort scores from history alone: the solver's tie-break towards those owed work. */
export function historyScores(model: Model): Float64Array {
  const zero = new Float64Array(model.employeeCount);
  const mean = new Float64Array(model.employeeCount);
  for (const kind of COHORTS) {
    const scores = scoresFor(model, zero, zero, kind);
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
  const byKind = COHORTS.map((kind) => scoresFor(model, roster.periodHours, unsocial, kind));
  return model.employeeIds.map((employeeId, e) => {
    const scores = {} as Record<CohortKind, CohortScore>;
    COHORTS.forEach((kind, k) => {
      const score = Math.round(byKind[k]![e]! * 1e4) / 1e4;
      scores[kind] = { score, tier: tierOf(score) };
    });
    return { employeeId, scores };
  });
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
}

/**
 * Largest spread of this period's pro-rated hours inside any cohort group. Employees available for less than
 * half the period are left out: pro-rating a handful of days turns one shift into several.
 */
export function fairness(model: Model, roster: Roster): Fairness {
  const unsocial = unsocialPeriodHours(model, roster);
  const shiftHours = median(Array.from(model.lineHours)) || 1;
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
  return { spreadHours, spreadShifts };
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
