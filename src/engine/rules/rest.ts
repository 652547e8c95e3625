import type { Model } from '../model.ts';
import type { Roster } from '../roster.ts';

/**
 * The rest rule (`REST_TOO_SHORT`): at least `minRestHours` between the end of one shift and the start of the
 * next. Every phase, the bounds and the exact windows ask these functions; the checker (checker/check.ts) keeps
 * its own arithmetic on purpose.
 */

/** Shifts last under 24 h and rest is at most 24 h, so only work up to two days away can come too close. */
export const REST_REACH = 2;

/** Whether work starting at `start` leaves the rest after work ending at `end` (period minutes). */
export function restBetween(model: Model, end: number, start: number): boolean {
  return start - end >= model.minRestMinutes;
}

/** Whether line `after`, worked after line `before`, leaves the rest between them. */
export function linesRest(model: Model, before: number, after: number): boolean {
  return restBetween(model, model.lineEnd[before]!, model.lineStart[after]!);
}

/** Whether two lines on different days leave the rest between them, whichever comes first. */
export function linesApartRest(model: Model, a: number, b: number): boolean {
  return model.lineStart[a]! <= model.lineStart[b]! ? linesRest(model, a, b) : linesRest(model, b, a);
}

/** Whether the line leaves the rest after the employee's last shift before the period. */
export function restAfterPriorWork(model: Model, e: number, l: number): boolean {
  return restBetween(model, model.priorLastEnd[e]!, model.lineStart[l]!);
}

/**
 * Whether the line leaves the rest before and after the employee's work on the other days of a row of days
 * (`lines[base + d]`: line or -1), and after the work before the period.
 */
export function restHoldsInRow(model: Model, lines: Int32Array, base: number, e: number, l: number): boolean {
  if (!restAfterPriorWork(model, e, l)) return false;
  const day = model.lineDay[l]!;
  for (let d = Math.max(0, day - REST_REACH); d <= Math.min(model.dayCount - 1, day + REST_REACH); d++) {
    if (d === day) continue;
    const other = lines[base + d]!;
    if (other >= 0 && !(d < day ? linesRest(model, other, l) : linesRest(model, l, other))) return false;
  }
  return true;
}

/** True when the rest before and after the line is long enough given the employee's other days. */
export function restHolds(model: Model, roster: Roster, e: number, l: number): boolean {
  return restHoldsInRow(model, roster.lineOf, e * model.dayCount, e, l);
}
