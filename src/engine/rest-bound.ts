import type { Model } from './model.ts';
import {
  type EligibilityMasks,
  forEachEligible,
  lendingCapsLeft,
  lendingRulesFrom,
} from './rules/eligibility.ts';
import { restBetween, restHoldsInRow } from './rules/rest.ts';
import { runFits } from './rules/runs.ts';
import { weekHoursLeft } from './rules/weekly-hours.ts';

export interface RestBoundOptions {
  /** Subgradient steps (a count, so that the bound is reproducible). */
  iterations: number;
  /** Best coverage known (a roster's): steers the step size; the bound is valid whatever it is. */
  incumbent: number;
  /** performance.now() after which it stops with the best bound so far. */
  deadline?: number;
  /**
   * Called after each step with every employee's priced best schedule (employee × day → line, -1 for a day off
   * or fixed work) and the bound so far; returning false stops the steps. The Lagrangian heuristic (lagrangian.ts) reads these schedules.
   */
  onSchedules?: (schedules: RelaxedSchedules) => boolean;
  /**
   * Lending caps priced too, each capped rule and day like a line. For the bound on its own: the Lagrangian
   * heuristic's few steps are better guided without.
   */
  priceLending?: boolean;
  /**
   * The step grows by half after five better steps in a row and halves only after 20 steps without a better
   * bound rather than 10: on large instances the plain rule halves the step early (the first steps swing) and
   * then creeps. Neither is better everywhere, so the bound on its own runs both (bound.ts).
   */
  growStep?: boolean;
}

export interface RelaxedSchedules {
  plan: Int32Array;
  iteration: number;
  /** The bound so far (rounded down): a roster covering this much is optimal. */
  bound: number;
}

/**
 * Upper bound on coverage that keeps the rest and consecutive-day rules: a Lagrangian relaxation of the
 * lines' headcount. With a price λ on each line (0 ≤ λ ≤ 1), every employee on their own picks the work worth
 * most (1 − λ a shift) under one shift a day, the minimum rest between neighbouring days and the run of working
 * days (a dynamic programme over the days: the previous day's shift times and the run so far), and
 * Σ λ · room + Σ each employee's best is at least any roster's coverage. Prices follow subgradient steps; the
 * smallest value seen is the bound. Relaxed: weekly hours, lending caps, rest across two days and runs that
 * continue into fixed work (all only make it larger, so it stays a bound). Fixed work is forced as it is.
 */
export function restBound(model: Model, masks: EligibilityMasks, options: RestBoundOptions): number {
  const { employeeCount: n, dayCount: days, lineCount } = model;
  const fixedLine = new Int32Array(n * days).fill(-1);
  const fixedCount = new Int32Array(lineCount);
  for (const [e, l] of model.fixed) {
    fixedLine[e * days + model.lineDay[l]!] = l;
    fixedCount[l]!++;
  }
  let fixedCovered = 0;
  const room = new Int32Array(lineCount);
  for (let l = 0; l < lineCount; l++) {
    fixedCovered += Math.min(fixedCount[l]!, model.lineRequired[l]!);
    room[l] = Math.max(0, model.lineRequired[l]! - fixedCount[l]!);
  }

  // Shift times relative to the line's day: lines sharing them are one shape to the rules.
  const shapeKeys = new Map<string, number>();
  const shapeStart: number[] = [];
  const shapeEnd: number[] = [];
  const shapeOf = Int32Array.from({ length: lineCount }, (_, l) => {
    const start = model.lineStart[l]! - model.lineDay[l]! * 1440;
    const end = model.lineEnd[l]! - model.lineDay[l]! * 1440;
    const key = `${start}|${end}`;
    let shape = shapeKeys.get(key);
    if (shape === undefined) {
      shape = shapeStart.length;
      shapeKeys.set(key, shape);
      shapeStart.push(start);
      shapeEnd.push(end);
    }
    return shape;
  });
  const shapes = shapeStart.length;
  const off = shapes;
  // clash[a * shapes + b]: shape b the day after shape a leaves too little rest.
  const clash = new Uint8Array(shapes * shapes);
  for (let a = 0; a < shapes; a++)
    for (let b = 0; b < shapes; b++)
      clash[a * shapes + b] = restBetween(model, shapeEnd[a]!, shapeStart[b]! + 1440) ? 0 : 1;
  const maxRun = model.maxConsecutiveDays;
  const runs = maxRun + 2;
  const states = (shapes + 1) * runs;

  // Per employee-day, the lines they could work there (statically eligible, room left, no clash with fixed
  // work or the work before the period), in CSR form.
  const cellStart = new Int32Array(n * days + 1);
  const cellLines: number[] = [];
  const byCell = Array.from({ length: n * days }, () => [] as number[]);
  for (let l = 0; l < lineCount; l++) {
    if (room[l]! <= 0) continue;
    const d = model.lineDay[l]!;
    forEachEligible(masks, l, (e) => {
      if (fixedLine[e * days + d]! < 0 && restHoldsInRow(model, fixedLine, e * days, e, l))
        byCell[e * days + d]!.push(l);
    });
  }
  for (let c = 0; c < n * days; c++) {
    cellStart[c] = cellLines.length;
    cellLines.push(...byCell[c]!);
  }
  cellStart[n * days] = cellLines.length;

  // Weekly hours are priced too, per employee and week, counted in the shortest paid shift and rounded down
  // (a week with 20 hours left holds two 8-hour shifts, not 2.5; valid since shifts are whole): what each week
  // has left after the work before the period and fixed work.
  const weeks = model.weekCount;
  let unit = Number.POSITIVE_INFINITY;
  for (let l = 0; l < lineCount; l++)
    if (room[l]! > 0 && model.lineHours[l]! > 0) unit = Math.min(unit, model.lineHours[l]!);
  if (!Number.isFinite(unit)) unit = 1;
  const weight = Float64Array.from({ length: lineCount }, (_, l) =>
    Math.floor(model.lineHours[l]! / unit + 1e-9),
  );
  const weekLeft = new Float64Array(n * weeks);
  for (let e = 0; e < n; e++)
    for (let w = 0; w < weeks; w++) weekLeft[e * weeks + w] = w === 0 ? model.priorWeekHours[e]! : 0;
  for (let c = 0; c < n * days; c++)
    if (fixedLine[c]! >= 0) {
      const e = Math.floor(c / days);
      weekLeft[e * weeks + model.weekOfDay[c - e * days]!]! += model.lineHours[fixedLine[c]!]!;
    }
  for (let k = 0; k < n * weeks; k++)
    weekLeft[k] = Math.max(0, Math.floor(weekHoursLeft(model, weekLeft[k]!) / unit + 1e-9));
  // With `priceLending`, lending caps are priced too, per capped rule and day, on what each has left after fixed
  // work: an employee lent to a line pays the cheapest rule that may carry them, nothing when one is uncapped (or
  // at home). Without it nobody is charged, so the prices stay 0 and the steps leave them there.
  const capped = model.ruleIds.length;
  const capLeft = lendingCapsLeft(model);
  const pools = model.pools.length;
  // Per (line, home pool): the rules that could carry the employee when every one of them is capped, else null.
  const lendingRules: (number[] | null)[] | null = options.priceLending
    ? new Array(lineCount * pools).fill(null)
    : null;
  for (let l = 0; l < lineCount && lendingRules !== null; l++)
    for (let p = 0; p < pools; p++) {
      if (model.linePool[l] === p) continue;
      const usable = lendingRulesFrom(model, p, l);
      if (usable.length > 0 && usable.every((r) => Number.isFinite(model.ruleMax[r]!)))
        lendingRules[l * pools + p] = usable;
    }
  const lendPrice = new Float64Array(capped * days);
  const lendUsed = new Float64Array(capped * days);
  const lendDirection = new Float64Array(capped * days);
  /** The cheapest capped rule for the employee's home pool and the line, or -1 when lending costs nothing. */
  const cheapestRule = (p: number, l: number): number => {
    const rules = lendingRules?.[l * pools + p] ?? null;
    if (rules === null) return -1;
    const d = model.lineDay[l]!;
    let best = rules[0]!;
    for (const r of rules) if (lendPrice[r * days + d]! < lendPrice[best * days + d]!) best = r;
    return best;
  };
  const weekUsed = new Float64Array(n * weeks);
  const weekPrice = new Float64Array(n * weeks);
  const lineDirection = new Float64Array(lineCount);
  const weekDirection = new Float64Array(n * weeks);

  const price = new Float64Array(lineCount).fill(0.5);
  const taken = new Int32Array(lineCount);
  let value = new Float64Array(states);
  let next = new Float64Array(states);
  // Per day and state: the previous state and the line worked (-1 off or fixed), to read the schedule back.
  const from = new Int32Array(days * states);
  const worked = new Int32Array(days * states);
  const bestValue = new Float64Array(shapes);
  const bestLine = new Int32Array(shapes);
  const none = Number.NEGATIVE_INFINITY;

  const visit = options.onSchedules;
  const plan = visit ? new Int32Array(n * days) : null;

  let best = Number.POSITIVE_INFINITY;
  let step = 2;
  let sinceBetter = 0;
  let streak = 0;
  for (let it = 0; it < options.iterations; it++) {
    if (options.deadline !== undefined && performance.now() > options.deadline) break;
    taken.fill(0);
    weekUsed.fill(0);
    lendUsed.fill(0);
    let total = fixedCovered;
    for (let k = 0; k < capped * days; k++) total += lendPrice[k]! * capLeft[k]!;
    for (let l = 0; l < lineCount; l++) total += price[l]! * room[l]!;
    for (let k = 0; k < n * weeks; k++) total += weekPrice[k]! * weekLeft[k]!;
    for (let e = 0; e < n; e++) {
      const home = model.homePool[e]!;
      value.fill(none);
      value[off * runs + Math.min(model.priorConsecutive[e]!, maxRun + 1)] = 0;
      for (let d = 0; d < days; d++) {
        next.fill(none);
        const cell = e * days + d;
        const fixed = fixedLine[cell]!;
        const weekCost = weekPrice[e * weeks + model.weekOfDay[d]!]!;
        bestValue.fill(0);
        bestLine.fill(-1);
        for (let k = cellStart[cell]!; k < cellStart[cell + 1]!; k++) {
          const l = cellLines[k]!;
          const rule = lendingRules === null ? -1 : cheapestRule(home, l);
          const lent = rule < 0 ? 0 : lendPrice[rule * days + d]!;
          const worth = 1 - price[l]! - weekCost * weight[l]! - lent;
          const s = shapeOf[l]!;
          if (worth > bestValue[s]!) {
            bestValue[s] = worth;
            bestLine[s] = l;
          }
        }
        const base = d * states;
        for (let s0 = 0; s0 < states; s0++) {
          const v = value[s0]!;
          if (v === none) continue;
          const prev = (s0 / runs) | 0;
          const run = s0 - prev * runs;
          const longer = runFits(model, run + 1) ? run + 1 : maxRun + 1;
          // Fixed work is forced; otherwise a day off, or the best line of each shape the rules allow.
          const to = fixed >= 0 ? shapeOf[fixed]! * runs + longer : off * runs;
          if (v > next[to]!) {
            next[to] = v;
            from[base + to] = s0;
            worked[base + to] = -1;
          }
          if (fixed >= 0 || !runFits(model, run + 1)) continue;
          for (let s = 0; s < shapes; s++) {
            if (bestLine[s]! < 0 || (prev !== off && clash[prev * shapes + s])) continue;
            const t = s * runs + longer;
            const w = v + bestValue[s]!;
            if (w > next[t]!) {
              next[t] = w;
              from[base + t] = s0;
              worked[base + t] = bestLine[s]!;
            }
          }
        }
        [value, next] = [next, value];
      }
      let end = 0;
      for (let s0 = 1; s0 < states; s0++) if (value[s0]! > value[end]!) end = s0;
      total += value[end]!;
      for (let d = days - 1; d >= 0; d--) {
        const line = worked[d * states + end]!;
        if (plan) plan[e * days + d] = line;
        if (line >= 0) {
          taken[line]!++;
          weekUsed[e * weeks + model.weekOfDay[d]!]! += weight[line]!;
          const rule = lendingRules === null ? -1 : cheapestRule(home, line);
          if (rule >= 0) lendUsed[rule * days + d]!++;
        }
        end = from[d * states + end]!;
      }
    }
    if (total < best - 1e-9) {
      best = total;
      sinceBetter = 0;
      if (options.growStep && ++streak >= GROW_AFTER) {
        step = Math.min(2, step * 1.5);
        streak = 0;
      }
    } else if (++sinceBetter >= (options.growStep ? LONG_PATIENCE : PATIENCE)) {
      step /= 2;
      sinceBetter = 0;
      streak = 0;
    }
    if (visit && plan && !visit({ plan, iteration: it, bound: Math.floor(best + 1e-6) })) break;
    // Polyak's step towards the incumbent: a line or week over-taken gets dearer, one under-taken cheaper
    // (never below 0; a line never above 1, where nobody would take it anyway).
    // The direction keeps part of the last one (a deflected subgradient), which damps the zigzag of employees
    // all rushing to the cheapest line and all leaving it the next step.
    let norm = 0;
    for (let l = 0; l < lineCount; l++) {
      const g = room[l]! - taken[l]! + KEEP * lineDirection[l]!;
      lineDirection[l] = room[l]! > 0 && !(g > 0 && price[l] === 0) ? g : 0;
      norm += lineDirection[l]! ** 2;
    }
    for (let k = 0; k < n * weeks; k++) {
      const g = weekLeft[k]! - weekUsed[k]! + KEEP * weekDirection[k]!;
      weekDirection[k] = !(g > 0 && weekPrice[k] === 0) ? g : 0;
      norm += weekDirection[k]! ** 2;
    }
    // An uncapped rule has nothing left and is never charged, an unpriced cap is never used at price 0: both keep
    // a direction of 0, so only priced caps move.
    for (let k = 0; k < capped * days; k++) {
      const g = capLeft[k]! - lendUsed[k]! + KEEP * lendDirection[k]!;
      lendDirection[k] = !(g > 0 && lendPrice[k] === 0) ? g : 0;
      norm += lendDirection[k]! ** 2;
    }
    if (norm === 0) break;
    const length = (step * Math.max(total - options.incumbent, 0.5)) / norm;
    for (let l = 0; l < lineCount; l++)
      price[l] = Math.min(1, Math.max(0, price[l]! - length * lineDirection[l]!));
    for (let k = 0; k < n * weeks; k++)
      weekPrice[k] = Math.max(0, weekPrice[k]! - length * weekDirection[k]!);
    for (let k = 0; k < capped * days; k++)
      lendPrice[k] = Math.min(1, Math.max(0, lendPrice[k]! - length * lendDirection[k]!));
  }
  return Math.floor(best + 1e-6);
}

/** Steps without a better bound before the step length halves. */
const PATIENCE = 10;
/** With `growStep`: better steps in a row before the step grows, and the patience before it halves. */
const GROW_AFTER = 5;
const LONG_PATIENCE = 20;
/** Share of the last direction kept in the next. */
const KEEP = 0.5;
