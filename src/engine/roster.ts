import type { Model } from './model.ts';

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
