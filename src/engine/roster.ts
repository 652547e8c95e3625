import { applicableRules, isHomePool } from './eligibility.ts';
import type { Model } from './model.ts';
import type { ReasonCode } from './types.ts';

/** The roster being built: at most one line per employee per day, with running totals the rules need. */
export interface Roster {
  /** employee × day → line index, or -1. */
  lineOf: Int32Array;
  /** employee × day → lending rule used, or -1 for home-pool work. */
  ruleOf: Int32Array;
  /** employee × day → 1 for fixed assignments, which are never moved. */
  fixed: Uint8Array;
  /** employee × week → paid hours, including hours worked before the period in the first week. */
  weekHours: Float64Array;
  /** rule × day → employees lent through the rule. */
  ruleCount: Int32Array;
  assignedCount: Int32Array;
  /** Paid hours in the period per employee. */
  periodHours: Float64Array;
}

const HOURS_EPSILON = 1e-9;
export const NO_RULE = -1;
export const LENDING_FULL = -2;
export const POOL_CLOSED = -3;

export function emptyRoster(model: Model): Roster {
  const cells = model.employeeCount * model.dayCount;
  const weekHours = new Float64Array(model.employeeCount * model.weekCount);
  for (let e = 0; e < model.employeeCount; e++) weekHours[e * model.weekCount] = model.priorWeekHours[e]!;
  return {
    lineOf: new Int32Array(cells).fill(-1),
    ruleOf: new Int32Array(cells).fill(-1),
    fixed: new Uint8Array(cells),
    weekHours,
    ruleCount: new Int32Array(model.ruleIds.length * model.dayCount),
    assignedCount: new Int32Array(model.lineCount),
    periodHours: new Float64Array(model.employeeCount),
  };
}

/**
 * Lending rule to use for the pair: NO_RULE for home-pool staff, LENDING_FULL when every applicable rule is at
 * its cap, POOL_CLOSED when no rule applies at all.
 */
export function lendingRuleFor(model: Model, roster: Roster, e: number, l: number, ignoreOwn = true): number {
  if (isHomePool(model, e, l)) return NO_RULE;
  const day = model.lineDay[l]!;
  const cell = e * model.dayCount + day;
  const rules = applicableRules(model, e, l);
  if (rules.length === 0) return POOL_CLOSED;
  // The rule with the most room left (uncapped first), so that a capped rule is not used up by staff who
  // could have gone through another one; ties go to the first listed.
  let best = LENDING_FULL;
  let bestRoom = 0;
  for (const r of rules) {
    const own = ignoreOwn && roster.ruleOf[cell] === r ? 1 : 0;
    const room = model.ruleMax[r]! - (roster.ruleCount[r * model.dayCount + day]! - own);
    if (room > bestRoom) {
      best = r;
      bestRoom = room;
    }
  }
  return best;
}

/** True when the rest before and after the line is long enough given the employee's other days. */
export function restHolds(model: Model, roster: Roster, e: number, l: number): boolean {
  const day = model.lineDay[l]!;
  const start = model.lineStart[l]!;
  const end = model.lineEnd[l]!;
  const rest = model.minRestMinutes;
  if (start - model.priorLastEnd[e]! < rest) return false;
  // Shifts last under 24 h and rest is at most 24 h, so only two days either side can conflict.
  for (let d = Math.max(0, day - 2); d <= Math.min(model.dayCount - 1, day + 2); d++) {
    if (d === day) continue;
    const other = roster.lineOf[e * model.dayCount + d]!;
    if (other < 0) continue;
    const gap = d < day ? start - model.lineEnd[other]! : model.lineStart[other]! - end;
    if (gap < rest) return false;
  }
  return true;
}

/**
 * Days whose work, if given up alone, could let the employee take the line: the same day when already busy,
 * else the days that break the rest, run or weekly rule, intersected. Empty when no single day would do.
 */
export function daysToGiveUp(model: Model, roster: Roster, e: number, l: number): number[] {
  const day = model.lineDay[l]!;
  const base = e * model.dayCount;
  if (roster.lineOf[base + day]! >= 0) return [day];
  // Each broken rule narrows the days to those that could mend it; in one pass, nearest first (ties earlier
  // first), without building the lists one rule at a time (this runs for every candidate of every ejection).
  const rest = !restHolds(model, roster, e, l);
  let first = 0;
  let last = model.dayCount - 1;
  if (runThrough(model, roster, e, day) > model.maxConsecutiveDays) {
    first = day;
    while (first > 0 && roster.lineOf[base + first - 1]! >= 0) first--;
    last = day;
    while (last < model.dayCount - 1 && roster.lineOf[base + last + 1]! >= 0) last++;
  }
  if (model.lineNight[l] && nightRunThrough(model, roster, e, day) > model.maxConsecutiveNights) {
    // Only a night of the run next to the line mends it.
    let from = day;
    while (from > 0 && isNight(model, roster, base + from - 1)) from--;
    let to = day;
    while (to < model.dayCount - 1 && isNight(model, roster, base + to + 1)) to++;
    first = Math.max(first, from);
    last = Math.min(last, to);
  }
  const week = weeklyHoursHold(model, roster, e, l) ? -1 : model.weekOfDay[day]!;
  const start = model.lineStart[l]!;
  const end = model.lineEnd[l]!;
  const days: number[] = [];
  const reach = rest ? Math.min(2, model.maxConsecutiveDays) : model.maxConsecutiveDays;
  for (let k = 1; k <= reach; k++)
    for (let side = -1; side <= 1; side += 2) {
      const d = day + side * k;
      if (d < Math.max(0, first) || d > Math.min(model.dayCount - 1, last)) continue;
      const other = roster.lineOf[base + d]!;
      if (other < 0 || roster.fixed[base + d]) continue;
      if (week >= 0 && model.weekOfDay[d] !== week) continue;
      if (
        rest &&
        (d < day ? start - model.lineEnd[other]! : model.lineStart[other]! - end) >= model.minRestMinutes
      )
        continue;
      days.push(d);
    }
  return days;
}

/** Length of the run of working days through `day` if the employee worked it. */
export function runThrough(model: Model, roster: Roster, e: number, day: number): number {
  const base = e * model.dayCount;
  let run = 1;
  let d = day - 1;
  while (d >= 0 && roster.lineOf[base + d]! >= 0) {
    run++;
    d--;
  }
  if (d < 0) run += model.priorConsecutive[e]!;
  for (d = day + 1; d < model.dayCount && roster.lineOf[base + d]! >= 0; d++) run++;
  return run;
}

function isNight(model: Model, roster: Roster, cell: number): boolean {
  const l = roster.lineOf[cell]!;
  return l >= 0 && model.lineNight[l] === 1;
}

/** Length of the run of nights on consecutive dates through `day` if the employee worked a night then. */
export function nightRunThrough(model: Model, roster: Roster, e: number, day: number): number {
  const base = e * model.dayCount;
  let run = 1;
  let d = day - 1;
  while (d >= 0 && isNight(model, roster, base + d)) {
    run++;
    d--;
  }
  if (d < 0) run += model.priorNights[e]!;
  for (d = day + 1; d < model.dayCount && isNight(model, roster, base + d); d++) run++;
  return run;
}

/** The fatigue rule allows the line (only nights count; off when the setting is absent). */
export function nightsHold(model: Model, roster: Roster, e: number, l: number): boolean {
  return (
    model.lineNight[l] === 0 ||
    model.maxConsecutiveNights === Number.POSITIVE_INFINITY ||
    nightRunThrough(model, roster, e, model.lineDay[l]!) <= model.maxConsecutiveNights
  );
}

export function weeklyHoursHold(model: Model, roster: Roster, e: number, l: number): boolean {
  const day = model.lineDay[l]!;
  const current = roster.lineOf[e * model.dayCount + day]!;
  const week = roster.weekHours[e * model.weekCount + model.weekOfDay[day]!]!;
  const without = current >= 0 ? week - model.lineHours[current]! : week;
  return without + model.lineHours[l]! <= model.maxWeeklyHours + HOURS_EPSILON;
}

/**
 * Reasons tied to the rest of the roster, for a pair that passes the static rules. The employee's own
 * assignment on that day is ignored except for ALREADY_ASSIGNED, so the answer says whether a move is legal.
 */
export function dynamicReasons(model: Model, roster: Roster, e: number, l: number, all = true): ReasonCode[] {
  const reasons: ReasonCode[] = [];
  const day = model.lineDay[l]!;
  const current = roster.lineOf[e * model.dayCount + day]!;
  if (current >= 0 && current !== l) {
    reasons.push('ALREADY_ASSIGNED');
    if (!all) return reasons;
  }
  if (!restHolds(model, roster, e, l)) {
    reasons.push('REST_TOO_SHORT');
    if (!all) return reasons;
  }
  if (runThrough(model, roster, e, day) > model.maxConsecutiveDays) {
    reasons.push('MAX_CONSECUTIVE_DAYS');
    if (!all) return reasons;
  }
  if (!weeklyHoursHold(model, roster, e, l)) {
    reasons.push('MAX_WEEKLY_HOURS');
    if (!all) return reasons;
  }
  if (!nightsHold(model, roster, e, l)) {
    reasons.push('MAX_CONSECUTIVE_NIGHTS');
    if (!all) return reasons;
  }
  if (lendingRuleFor(model, roster, e, l) === LENDING_FULL) reasons.push('LENDING_LIMIT_REACHED');
  return reasons;
}

/**
 * Rest, consecutive days, weekly hours and consecutive nights allow the line in place of the employee's work that
 * day (lending caps aside).
 */
export function rulesAllow(model: Model, roster: Roster, e: number, l: number): boolean {
  return (
    restHolds(model, roster, e, l) &&
    runThrough(model, roster, e, model.lineDay[l]!) <= model.maxConsecutiveDays &&
    weeklyHoursHold(model, roster, e, l) &&
    nightsHold(model, roster, e, l)
  );
}

/** Whether the employee could take the line in place of their own work that day (static rules assumed). */
export function canTakeIfMoved(model: Model, roster: Roster, e: number, l: number): boolean {
  return rulesAllow(model, roster, e, l) && lendingRuleFor(model, roster, e, l) >= NO_RULE;
}

/** Whether the employee, free on the line's day, could take it without breaking a rule (static rules assumed). */
export function canTake(model: Model, roster: Roster, e: number, l: number): boolean {
  return roster.lineOf[e * model.dayCount + model.lineDay[l]!]! < 0 && canTakeIfMoved(model, roster, e, l);
}

export function assign(
  model: Model,
  roster: Roster,
  e: number,
  l: number,
  rule: number,
  fixed = false,
): void {
  const day = model.lineDay[l]!;
  const cell = e * model.dayCount + day;
  roster.lineOf[cell] = l;
  roster.ruleOf[cell] = rule;
  roster.fixed[cell] = fixed ? 1 : 0;
  roster.weekHours[e * model.weekCount + model.weekOfDay[day]!]! += model.lineHours[l]!;
  roster.periodHours[e]! += model.lineHours[l]!;
  if (rule >= 0) roster.ruleCount[rule * model.dayCount + day]!++;
  roster.assignedCount[l]!++;
}

/** Removes the employee's assignment on the day and returns its line (-1 when there was none). */
export function unassign(model: Model, roster: Roster, e: number, day: number): number {
  const cell = e * model.dayCount + day;
  const l = roster.lineOf[cell]!;
  if (l < 0) return l;
  const rule = roster.ruleOf[cell]!;
  roster.lineOf[cell] = -1;
  roster.ruleOf[cell] = -1;
  roster.fixed[cell] = 0;
  roster.weekHours[e * model.weekCount + model.weekOfDay[day]!]! -= model.lineHours[l]!;
  roster.periodHours[e]! -= model.lineHours[l]!;
  if (rule >= 0) roster.ruleCount[rule * model.dayCount + day]!--;
  roster.assignedCount[l]!--;
  return l;
}
