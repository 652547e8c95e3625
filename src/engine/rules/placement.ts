import type { Model } from '../model.ts';
import type { Roster } from '../roster.ts';
import type { ReasonCode } from '../types.ts';
import { LENDING_FULL, lendingRuleFor, NO_RULE } from './lending.ts';
import { linesRest, REST_REACH, restHolds } from './rest.ts';
import {
  countsNights,
  inRun,
  nightRunFits,
  nightRunThrough,
  nightsHold,
  runFits,
  runHolds,
  runThrough,
} from './runs.ts';
import { weeklyHoursHold } from './weekly-hours.ts';

/**
 * The roster's rules together, for a pair (employee, line) that passes the static rules (eligibility.ts): what
 * every phase asks before it places work. The employee's own assignment on the line's day is ignored except for
 * ALREADY_ASSIGNED (one shift per employee per date), so the answers say whether a move is legal.
 */

/** The roster's rules in the order their reasons are given. */
const ROSTER_RULES: [ReasonCode, (model: Model, roster: Roster, e: number, l: number) => boolean][] = [
  ['REST_TOO_SHORT', restHolds],
  ['MAX_CONSECUTIVE_DAYS', runHolds],
  ['MAX_WEEKLY_HOURS', weeklyHoursHold],
  ['MAX_CONSECUTIVE_NIGHTS', nightsHold],
];

/** Reasons tied to the rest of the roster, in a stable order; `all` false stops at the first. */
export function dynamicReasons(model: Model, roster: Roster, e: number, l: number, all = true): ReasonCode[] {
  const reasons: ReasonCode[] = [];
  const current = roster.lineOf[e * model.dayCount + model.lineDay[l]!]!;
  if (current >= 0 && current !== l) {
    reasons.push('ALREADY_ASSIGNED');
    if (!all) return reasons;
  }
  for (const [reason, holds] of ROSTER_RULES)
    if (!holds(model, roster, e, l)) {
      reasons.push(reason);
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
    runHolds(model, roster, e, l) &&
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
  if (!runFits(model, runThrough(model, roster, e, day))) {
    first = day;
    while (first > 0 && roster.lineOf[base + first - 1]! >= 0) first--;
    last = day;
    while (last < model.dayCount - 1 && roster.lineOf[base + last + 1]! >= 0) last++;
  }
  if (
    model.lineNight[l] &&
    countsNights(model) &&
    !nightRunFits(model, nightRunThrough(model, roster, e, day))
  ) {
    // Only a night of the run next to the line mends it.
    let from = day;
    while (from > 0 && inRun(model, roster.lineOf, base + from - 1, true)) from--;
    let to = day;
    while (to < model.dayCount - 1 && inRun(model, roster.lineOf, base + to + 1, true)) to++;
    first = Math.max(first, from);
    last = Math.min(last, to);
  }
  const week = weeklyHoursHold(model, roster, e, l) ? -1 : model.weekOfDay[day]!;
  const days: number[] = [];
  const reach = rest ? Math.min(REST_REACH, model.maxConsecutiveDays) : model.maxConsecutiveDays;
  for (let k = 1; k <= reach; k++)
    for (let side = -1; side <= 1; side += 2) {
      const d = day + side * k;
      if (d < Math.max(0, first) || d > Math.min(model.dayCount - 1, last)) continue;
      const other = roster.lineOf[base + d]!;
      if (other < 0 || roster.fixed[base + d]) continue;
      if (week >= 0 && model.weekOfDay[d] !== week) continue;
      if (rest && (d < day ? linesRest(model, other, l) : linesRest(model, l, other))) continue;
      days.push(d);
    }
  return days;
}
