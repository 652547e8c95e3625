import type { Model } from '../model.ts';
import type { Roster } from '../roster.ts';

/**
 * The rules on runs: at most `maxConsecutiveDays` working days in a row (`MAX_CONSECUTIVE_DAYS`) and, when set,
 * at most `maxConsecutiveNights` night shifts on consecutive dates (`MAX_CONSECUTIVE_NIGHTS`), the days before
 * the period counted. Rows of days are `lines[base + d]` (line or -1).
 */

/** Whether a run of this many working days is allowed. */
export function runFits(model: Model, run: number): boolean {
  return run <= model.maxConsecutiveDays;
}

/** Whether a run of this many nights is allowed (always, while the fatigue rule is off). */
export function nightRunFits(model: Model, nights: number): boolean {
  return nights <= model.maxConsecutiveNights;
}

/** Whether the fatigue rule is on. */
export function countsNights(model: Model): boolean {
  return Number.isFinite(model.maxConsecutiveNights);
}

/** Length of the run of working days through `day` if it were worked, `prior` days worked before the period. */
export function runThroughRow(
  model: Model,
  lines: Int32Array,
  base: number,
  prior: number,
  day: number,
): number {
  let run = 1;
  let d = day - 1;
  while (d >= 0 && lines[base + d]! >= 0) {
    run++;
    d--;
  }
  if (d < 0) run += prior;
  for (d = day + 1; d < model.dayCount && lines[base + d]! >= 0; d++) run++;
  return run;
}

function isNight(model: Model, lines: Int32Array, cell: number): boolean {
  const l = lines[cell]!;
  return l >= 0 && model.lineNight[l] === 1;
}

/** Length of the run of nights on consecutive dates through `day` if a night were worked then. */
export function nightRunThroughRow(
  model: Model,
  lines: Int32Array,
  base: number,
  prior: number,
  day: number,
): number {
  let run = 1;
  let d = day - 1;
  while (d >= 0 && isNight(model, lines, base + d)) {
    run++;
    d--;
  }
  if (d < 0) run += prior;
  for (d = day + 1; d < model.dayCount && isNight(model, lines, base + d); d++) run++;
  return run;
}

/** Length of the run of working days through `day` if the employee worked it. */
export function runThrough(model: Model, roster: Roster, e: number, day: number): number {
  return runThroughRow(model, roster.lineOf, e * model.dayCount, model.priorConsecutive[e]!, day);
}

/** Length of the run of nights on consecutive dates through `day` if the employee worked a night then. */
export function nightRunThrough(model: Model, roster: Roster, e: number, day: number): number {
  return nightRunThroughRow(model, roster.lineOf, e * model.dayCount, model.priorNights[e]!, day);
}

/** Whether the run of days through the line's day stays within the rule. */
export function runHolds(model: Model, roster: Roster, e: number, l: number): boolean {
  return runFits(model, runThrough(model, roster, e, model.lineDay[l]!));
}

/** The fatigue rule allows the line (only nights count; off when the setting is absent). */
export function nightsHold(model: Model, roster: Roster, e: number, l: number): boolean {
  return (
    model.lineNight[l] === 0 ||
    !countsNights(model) ||
    nightRunFits(model, nightRunThrough(model, roster, e, model.lineDay[l]!))
  );
}
