import { allocate } from './allocate.ts';
import { createFlowNetwork } from './max-flow.ts';
import type { Model } from './model.ts';
import { buildModel } from './model.ts';
import { restBound } from './rest-bound.ts';
import {
  applicableRules,
  type EligibilityMasks,
  eligibilityMasks,
  forEachEligible,
  isHomePool,
  lendingCapsLeft,
} from './rules/eligibility.ts';
import { weekHoursLeft } from './rules/weekly-hours.ts';
import type { Instance } from './types.ts';
import { validateInstance } from './validate.ts';

export interface BoundOptions {
  /**
   * Subgradient steps of the bound that keeps rest and consecutive days (default 0: the flow bound alone;
   * docs/engine.md says how many settle it).
   */
  restIterations?: number;
  /** Best coverage known, which steers the steps (default: the plain greedy's). */
  incumbent?: number;
  /** Stop the rest bound's steps after this long, keeping the best bound so far. */
  timeLimitMs?: number;
}

/**
 * Upper bound on coverage: the smaller of two. A maximum flow over the whole horizon, source → employee-week
 * (weekly hours as a shift count at the shortest paid shift) → employee-day (one shift) → line (required less
 * fixed) → sink, which relaxes rest and consecutive days, and lending caps (or, in a second network,
 * the eligibility of the few each cap lets through: the smaller of the two). With `restIterations`, also a
 * Lagrangian bound that keeps rest and consecutive days for each employee (rest-bound.ts), far tighter where
 * rest binds. No roster can cover more than either.
 */
export function coverageBound(instance: Instance, options: BoundOptions = {}): number {
  const started = performance.now();
  validateInstance(instance);
  const model = buildModel(instance);
  const masks = eligibilityMasks(model);
  const flow = Math.min(flowBound(model, masks, false), flowBound(model, masks, true));
  const iterations = options.restIterations ?? 0;
  if (iterations <= 0) return flow;
  const incumbent = options.incumbent ?? allocate(instance, { greedyOnly: true }).coverage.assigned;
  const deadline = started + (options.timeLimitMs ?? Number.POSITIVE_INFINITY);
  // Two runs, neither tighter everywhere: the plain step rule, and the growing one with lending caps priced
  // (the lending prices do not help the plain rule).
  const plain = restBound(model, masks, { iterations, incumbent, deadline });
  const growing = restBound(model, masks, {
    iterations,
    incumbent,
    deadline,
    priceLending: true,
    growStep: true,
  });
  return Math.min(flow, plain, growing);
}

function flowBound(model: Model, masks: EligibilityMasks, capLending: boolean): number {
  const { employeeCount: n, dayCount: days, weekCount: weeks, lineCount } = model;
  const fixedCount = new Int32Array(lineCount);
  const fixedDay = new Uint8Array(n * days);
  const fixedWeekHours = new Float64Array(n * weeks);
  for (const [e, l] of model.fixed) {
    fixedCount[l]!++;
    fixedDay[e * days + model.lineDay[l]!] = 1;
    fixedWeekHours[e * weeks + model.weekOfDay[model.lineDay[l]!]!]! += model.lineHours[l]!;
  }
  let fixedCovered = 0;
  for (let l = 0; l < lineCount; l++) fixedCovered += Math.min(fixedCount[l]!, model.lineRequired[l]!);

  const source = 0;
  const sink = 1;
  const weekNode = (e: number, w: number) => 2 + e * weeks + w;
  const dayNode = (e: number, d: number) => 2 + n * weeks + e * days + d;
  const lineNode = (l: number) => 2 + n * weeks + n * days + l;
  // With `capLending`, staff lent only through capped rules pass a rule's node for the day (its cap, less fixed
  // work that has no other rule, on one arc), which then reaches every line of that day the rule may staff:
  // eligibility relaxed for the cap's few instead of lending without limit, so either network may be the
  // tighter one.
  const rules = model.ruleIds.length;
  const lendIn = (r: number, d: number) => 2 + n * weeks + n * days + lineCount + (r * days + d) * 2;
  const lendOut = (r: number, d: number) => lendIn(r, d) + 1;
  const net = createFlowNetwork(2 + n * weeks + n * days + lineCount + rules * days * 2);
  let shortest = Number.POSITIVE_INFINITY;
  for (let l = 0; l < lineCount; l++) {
    const room = model.lineRequired[l]! - fixedCount[l]!;
    if (room > 0) net.addArc(lineNode(l), sink, room);
    if (room > 0) shortest = Math.min(shortest, model.lineHours[l]!);
  }
  if (shortest === Number.POSITIVE_INFINITY) return fixedCovered;
  const daysInWeek = new Int32Array(weeks);
  for (let d = 0; d < days; d++) daysInWeek[model.weekOfDay[d]!]!++;
  for (let e = 0; e < n; e++)
    for (let w = 0; w < weeks; w++) {
      const left = weekHoursLeft(
        model,
        (w === 0 ? model.priorWeekHours[e]! : 0) + fixedWeekHours[e * weeks + w]!,
      );
      const shifts = shortest > 0 ? Math.floor(left / shortest + 1e-9) : daysInWeek[w]!;
      if (shifts > 0) net.addArc(source, weekNode(e, w), Math.min(shifts, daysInWeek[w]!));
    }
  const capLeft = capLending ? lendingCapsLeft(model) : new Float64Array(0);
  const capped = (r: number) => Number.isFinite(model.ruleMax[r]!);
  for (let r = 0; r < rules && capLending; r++)
    if (capped(r))
      for (let d = 0; d < days; d++)
        if (capLeft[r * days + d]! > 0) net.addArc(lendIn(r, d), lendOut(r, d), capLeft[r * days + d]!);
  const dayUsed = new Uint8Array(n * days);
  const ruleDayUsed = new Uint8Array(n * days * rules);
  const lineReached = new Uint8Array(rules * lineCount);
  for (let l = 0; l < lineCount; l++) {
    if (model.lineRequired[l]! - fixedCount[l]! <= 0) continue;
    const d = model.lineDay[l]!;
    forEachEligible(masks, l, (e) => {
      const cell = e * days + d;
      if (fixedDay[cell]) return;
      if (!dayUsed[cell]) {
        dayUsed[cell] = 1;
        net.addArc(weekNode(e, model.weekOfDay[d]!), dayNode(e, d), 1);
      }
      const through = !capLending || isHomePool(model, e, l) ? [] : applicableRules(model, e, l);
      if (through.length === 0 || !through.every(capped)) {
        net.addArc(dayNode(e, d), lineNode(l), 1);
        return;
      }
      for (const r of through) {
        if (capLeft[r * days + d]! <= 0) continue;
        if (!ruleDayUsed[cell * rules + r]) {
          ruleDayUsed[cell * rules + r] = 1;
          net.addArc(dayNode(e, d), lendIn(r, d), 1);
        }
        if (!lineReached[r * lineCount + l]) {
          lineReached[r * lineCount + l] = 1;
          net.addArc(lendOut(r, d), lineNode(l), model.lineRequired[l]! - fixedCount[l]!);
        }
      }
    });
  }
  return fixedCovered + net.maxFlow(source, sink);
}
