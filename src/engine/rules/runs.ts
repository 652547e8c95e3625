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

/** Whether the row's cell counts towards the run: any work, or (`nights`) only a night shift. */
export function inRun(model: Model, lines: Int32Array, cell: number, nights: boolean): boolean {
  const l = lines[cell]!;
  return l >= 0 && (!nights || model.lineNight[l] === 1);
}

/**
 * Length of the run through `day` if it were worked (a night, with `nights`): working days in a row, or nights on
 * consecutive dates, `prior` of them before the period.
 */
function runThroughDay(
  model: Model,
  lines: Int32Array,
  base: number,
  prior: number,
  day: number,
  nights: boolean,
): number {
  let run = 1;
  let d = day - 1;
  while (d >= 0 && inRun(model, lines, base + d, nights)) {
    run++;
    d--;
  }
  if (d < 0) run += prior;
  for (d = day + 1; d < model.dayCount && inRun(model, lines, base + d, nights); d++) run++;
  return run;
}

/** Length of the run of working days through `day` if it were worked, `prior` days worked before the period. */
export function runThroughRow(
  model: Model,
  lines: Int32Array,
  base: number,
  prior: number,
  day: number,
): number {
  return runThroughDay(model, lines, base, prior, day, false);
}

/** Length of the run of working days through `day` if the employee worked it. */
export function runThrough(model: Model, roster: Roster, e: number, day: number): number {
  return runThroughRow(model, roster.lineOf, e * model.dayCount, model.priorConsecutive[e]!, day);
}

/** Length of the run of nights on consecutive dates through `day` if the employee worked a night then. */
export function nightRunThrough(model: Model, roster: Roster, e: number, day: number): number {
  return runThroughDay(model, roster.lineOf, e * model.dayCount, model.priorNights[e]!, day, true);
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
