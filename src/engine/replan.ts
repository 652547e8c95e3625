import { coverage, outOfTime, type SolveContext } from './context.ts';
import { place, placeIfLendingAllows, remove, tryPlace } from './moves.ts';
import { availableOn, isEligible, workMayChange } from './rules/eligibility.ts';
import { lendingRuleFor, NO_RULE } from './rules/lending.ts';
import { canTake } from './rules/placement.ts';
import { linesRest, restAfterPriorWork } from './rules/rest.ts';
import { countsNights, nightRunFits, runFits } from './rules/runs.ts';
import { weekHoursFit, weekHoursWithin } from './rules/weekly-hours.ts';
import { bestTaker } from './takers.ts';

/**
 * One employee's whole period planned again, exactly, with everyone else held: their work (neither fixed nor
 * carried over) is taken away, and a dynamic programme over the days picks the most lines still short that
 * they can work under one shift a day, the rest between neighbouring days, the run of working days and the
 * hours of each week (the day before's shift times, the run so far and the week's hours as the state; an old
 * line counts a hair more, so nothing moves for nothing, unless someone free could take it over, then a hair
 * less). Someone whose work on one day keeps them off two short lines elsewhere (rest, a run or a full week)
 * gives it up for both, or hands work on to someone free to take a short line: moves no chain of single swaps
 * makes. The plan is placed through the ordinary checks (rest two days apart and lending caps included), the
 * old lines left open are offered to the best free taker, and all is kept only when it covers more; else the
 * old work comes back as it was.
 */
export function replanEach(ctx: SolveContext, target: number): number {
  const { model, roster } = ctx;
  const days = model.dayCount;
  let gained = 0;
  for (let e = 0; e < model.employeeCount; e++) {
    if (outOfTime(ctx) || coverage(ctx) + gained >= target) break;
    if (!couldGain(ctx, e)) continue;
    const old: [number, number, number][] = [];
    for (let d = 0; d < days; d++) {
      const cell = e * days + d;
      if (roster.lineOf[cell]! >= 0 && !roster.fixed[cell] && !ctx.fromPrevious[cell]) {
        old.push([d, roster.lineOf[cell]!, roster.ruleOf[cell]!]);
        remove(ctx, e, d);
      }
    }
    // An old line someone free could take over is worth a hair less than a short one, so the plan hands it on.
    const worth = new Map<number, number>();
    for (const [, l] of old) worth.set(l, bestTaker(ctx, l, e) >= 0 ? 0.999 : 1.001);
    const plan = bestPlan(ctx, e, worth);
    const placed: number[] = [];
    for (const l of plan)
      if (roster.assignedCount[l]! < model.lineRequired[l]! && canTake(model, roster, e, l))
        if (placeIfLendingAllows(ctx, e, l)) placed.push(model.lineDay[l]!);
    const refilled: [number, number][] = [];
    for (const [d, l] of old) {
      if (roster.assignedCount[l]! >= model.lineRequired[l]!) continue;
      const taker = bestTaker(ctx, l, e);
      if (taker >= 0 && tryPlace(ctx, taker, l)) refilled.push([taker, d]);
    }
    const gain = placed.length + refilled.length - old.length;
    if (gain > 0) {
      gained += gain;
      continue;
    }
    for (const [taker, d] of refilled) remove(ctx, taker, d);
    for (const d of placed) remove(ctx, e, d);
    for (const [, l, rule] of old) place(ctx, e, l, rule);
  }
  return gained;
}

/** Only someone statically able to work a line still short on a day they may change can gain. */
function couldGain(ctx: SolveContext, e: number): boolean {
  const { model, roster } = ctx;
  for (let d = 0; d < model.dayCount; d++) {
    const cell = e * model.dayCount + d;
    if (!workMayChange(ctx, cell)) continue;
    for (const l of model.linesByDay[d]!)
      if (roster.assignedCount[l]! < model.lineRequired[l]! && isEligible(ctx.masks, e, l)) return true;
  }
  return false;
}

interface Step {
  value: number;
  from: number;
  line: number;
}

// A state packed into one number (a string key cost a third of the programme's time): the previous day's
// line + 1, the run so far, the run of nights (0 while the fatigue rule is off) and the week's minutes, each
// below its radix.
const RUN_RADIX = 1024;
const NIGHT_RADIX = 64;
const MINUTE_RADIX = 131_072;
const key = (line: number, run: number, nights: number, hours: number) =>
  (((line + 1) * RUN_RADIX + run) * NIGHT_RADIX + nights) * MINUTE_RADIX + Math.round(hours * 60);
const NO_STATE = -1;

/** Keeps the better way into a state (a module function: a closure per day cost its naming under tsx). */
function offer(next: Map<number, Step>, k: number, value: number, from: number, line: number): void {
  const known = next.get(k);
  if (known === undefined || value > known.value) next.set(k, { value, from, line });
}

/**
 * The employee's best plan with everyone else held: the lines to work, in day order. States are keyed by the
 * previous day's line (or none), the run of working days and the week's hours; fixed and carried-over work
 * is forced, and pairs of days two apart are left to the checks when the plan is placed.
 */
export function bestPlan(ctx: SolveContext, e: number, own: ReadonlyMap<number, number>): number[] {
  const { model, roster } = ctx;
  const days = model.dayCount;
  const countNights = countsNights(model);
  const nightsAfter = (line: number, nights: number) =>
    countNights && model.lineNight[line] ? Math.min(NIGHT_RADIX - 1, nights + 1) : 0;
  let layer = new Map<number, Step>([
    [
      key(-1, model.priorConsecutive[e]!, countNights ? model.priorNights[e]! : 0, model.priorWeekHours[e]!),
      { value: 0, from: NO_STATE, line: -1 },
    ],
  ]);
  const layers: Map<number, Step>[] = [];
  // What is forced (work before the period, fixed and carried-over work): each week's hours, and the run of
  // forced working days ending on each day. A week or run that breaks the rules on forced work alone is left
  // to it; the plan only must not make it longer.
  const heldWeekHours = new Float64Array(model.weekCount);
  heldWeekHours[0] = model.priorWeekHours[e]!;
  const forcedRun = new Int32Array(days);
  for (let d = 0; d < days; d++) {
    const l = roster.lineOf[e * days + d]!;
    if (l < 0) continue;
    heldWeekHours[model.weekOfDay[d]!]! += model.lineHours[l]!;
    forcedRun[d] = (d > 0 ? forcedRun[d - 1]! : model.priorConsecutive[e]!) + 1;
  }
  for (let d = 0; d < days; d++) {
    const cell = e * days + d;
    const next = new Map<number, Step>();
    const held = roster.lineOf[cell]!;
    const newWeek = d > 0 && model.weekOfDay[d] !== model.weekOfDay[d - 1];
    const options: number[] = [];
    if (held < 0 && availableOn(model, cell))
      for (const l of model.linesByDay[d]!)
        if (
          roster.assignedCount[l]! < model.lineRequired[l]! &&
          isEligible(ctx.masks, e, l) &&
          restAfterPriorWork(model, e, l) &&
          lendingRuleFor(model, roster, e, l) >= NO_RULE
        )
          options.push(l);
    for (const [k, step] of layer) {
      const minutes = k % MINUTE_RADIX;
      const withNights = (k - minutes) / MINUTE_RADIX;
      const nights = withNights % NIGHT_RADIX;
      const packed = (withNights - nights) / NIGHT_RADIX;
      const run = packed % RUN_RADIX;
      const prev = (packed - run) / RUN_RADIX - 1;
      const hours = newWeek ? 0 : minutes / 60;
      if (held >= 0) {
        // Forced work, but a plan must not run into it: work chosen the day before must leave the rest before
        // it, and no run or week may overflow with it (working less before it is always open, so this never
        // empties the programme).
        const chosenBefore = d > 0 && roster.lineOf[cell - 1]! < 0;
        const withHeld = hours + model.lineHours[held]!;
        if (prev >= 0 && chosenBefore && !linesRest(model, prev, held)) continue;
        if (!runFits(model, run + 1) && run + 1 > forcedRun[d]!) continue;
        if (!weekHoursFit(model, withHeld) && !weekHoursWithin(withHeld, heldWeekHours[model.weekOfDay[d]!]!))
          continue;
        const heldNights = nightsAfter(held, nights);
        if (chosenBefore && !nightRunFits(model, heldNights) && model.lineNight[prev] === 1) continue;
        offer(next, key(held, run + 1, heldNights, withHeld), step.value, k, -1);
        continue;
      }
      offer(next, key(-1, 0, 0, hours), step.value, k, -1);
      if (!runFits(model, run + 1)) continue;
      for (const l of options) {
        if (prev >= 0 && !linesRest(model, prev, l)) continue;
        if (!weekHoursFit(model, hours + model.lineHours[l]!)) continue;
        const after = nightsAfter(l, nights);
        if (!nightRunFits(model, after)) continue;
        const worth = own.get(l) ?? 1;
        offer(next, key(l, run + 1, after, hours + model.lineHours[l]!), step.value + worth, k, l);
      }
    }
    layers.push(next);
    layer = next;
  }
  let end = NO_STATE;
  let best = Number.NEGATIVE_INFINITY;
  for (const [k, step] of layer)
    if (step.value > best) {
      best = step.value;
      end = k;
    }
  const plan: number[] = [];
  for (let d = days - 1; d >= 0 && end !== NO_STATE; d--) {
    const step = layers[d]!.get(end)!;
    if (step.line >= 0) plan.push(step.line);
    end = step.from;
  }
  return plan.reverse();
}
