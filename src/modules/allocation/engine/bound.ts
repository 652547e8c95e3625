import { eligibilityMasks, forEachEligible } from './eligibility.ts';
import { createFlowNetwork } from './max-flow.ts';
import { buildModel } from './model.ts';
import type { Instance } from './types.ts';
import { validateInstance } from './validate.ts';

/**
 * Upper bound on coverage: a maximum flow over the whole horizon, source → employee-week (weekly hours as a
 * shift count at the shortest paid shift) → employee-day (one shift) → line (required less fixed) → sink.
 * It relaxes rest, consecutive days and lending caps, so no roster can cover more.
 */
export function coverageBound(instance: Instance): number {
  validateInstance(instance);
  const model = buildModel(instance);
  const masks = eligibilityMasks(model);
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
  const net = createFlowNetwork(2 + n * weeks + n * days + lineCount);
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
      const left =
        model.maxWeeklyHours - (w === 0 ? model.priorWeekHours[e]! : 0) - fixedWeekHours[e * weeks + w]!;
      const shifts = shortest > 0 ? Math.floor(left / shortest + 1e-9) : daysInWeek[w]!;
      if (shifts > 0) net.addArc(source, weekNode(e, w), Math.min(shifts, daysInWeek[w]!));
    }
  const dayUsed = new Uint8Array(n * days);
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
      net.addArc(dayNode(e, d), lineNode(l), 1);
    });
  }
  return fixedCovered + net.maxFlow(source, sink);
}
