import type { Model } from '../model.ts';
import type { Roster } from '../roster.ts';

/**
 * The weekly hours rule (`MAX_WEEKLY_HOURS`): at most `maxWeeklyHours` paid hours a week (weeks start on
 * `weekStart`), the hours worked before the period in the first week counted.
 */

/** Paid hours are sums of a few decimals: a hair of slack keeps an exact fit from failing on rounding. */
const HOURS_EPSILON = 1e-9;

/** Whether a week of this many paid hours is allowed. */
export function weekHoursFit(model: Model, hours: number): boolean {
  return weekHoursWithin(hours, model.maxWeeklyHours);
}

/** Whether `hours` stay within `cap` (the rule's, or what forced work alone already holds). */
export function weekHoursWithin(hours: number, cap: number): boolean {
  return hours <= cap + HOURS_EPSILON;
}

/** Paid hours a week holding `used` still has room for (negative when over). */
export function weekHoursLeft(model: Model, used: number): number {
  return model.maxWeeklyHours - used;
}

/** Whether the line fits the employee's week in place of their own work that day. */
export function weeklyHoursHold(model: Model, roster: Roster, e: number, l: number): boolean {
  const day = model.lineDay[l]!;
  const current = roster.lineOf[e * model.dayCount + day]!;
  const week = roster.weekHours[e * model.weekCount + model.weekOfDay[day]!]!;
  const without = current >= 0 ? week - model.lineHours[current]! : week;
  return weekHoursFit(model, without + model.lineHours[l]!);
}
