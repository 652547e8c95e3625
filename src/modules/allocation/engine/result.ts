import { dateOf } from './dates.ts';
import { type EligibilityMasks, eligibleOf, isEligible, staticReasons } from './eligibility.ts';
import { equalizationScores, fairness } from './equalization.ts';
import type { Model } from './model.ts';
import { dynamicReasons, type Roster } from './roster.ts';
import {
  type Assignment,
  type Coverage,
  REASON_CODES,
  type ReasonCode,
  type Result,
  type UnfilledLine,
} from './types.ts';
import { ENGINE_VERSION } from './version.ts';

export function assignmentsOf(model: Model, roster: Roster): Assignment[] {
  const list: Assignment[] = [];
  const dates = Array.from({ length: model.dayCount }, (_, d) => dateOf(model.firstDay + d));
  for (let d = 0; d < model.dayCount; d++)
    for (let e = 0; e < model.employeeCount; e++) {
      const cell = e * model.dayCount + d;
      const l = roster.lineOf[cell]!;
      if (l < 0) continue;
      const rule = roster.ruleOf[cell]!;
      const assignment: Assignment = {
        lineId: model.lineIds[l]!,
        employeeId: model.employeeIds[e]!,
        date: dates[d]!,
        fixed: roster.fixed[cell] === 1,
      };
      if (rule >= 0) assignment.lendingRuleId = model.ruleIds[rule]!;
      list.push(assignment);
    }
  return list;
}

export function coverageOf(model: Model, roster: Roster): Coverage {
  let required = 0;
  let assigned = 0;
  for (let l = 0; l < model.lineCount; l++) {
    required += model.lineRequired[l]!;
    assigned += Math.min(model.lineRequired[l]!, roster.assignedCount[l]!);
  }
  return { required, assigned, ratio: required === 0 ? 1 : Math.round((assigned / required) * 1e6) / 1e6 };
}

/**
 * Unfilled lines, each with how many employees every rule blocked. Static reasons depend only on the line's
 * date, pool and skill, so they are counted once per eligibility group; roster rules only for eligible staff.
 */
export function unfilledLines(model: Model, roster: Roster, masks: EligibilityMasks): UnfilledLine[] {
  const staticCounts = new Map<Uint32Array, Partial<Record<ReasonCode, number>>>();
  const unfilled: UnfilledLine[] = [];
  for (let l = 0; l < model.lineCount; l++) {
    const missing = model.lineRequired[l]! - roster.assignedCount[l]!;
    if (missing <= 0) continue;
    const mask = masks.maskOfLine[l]!;
    let counts = staticCounts.get(mask);
    if (counts === undefined) {
      const fresh: Partial<Record<ReasonCode, number>> = {};
      for (let e = 0; e < model.employeeCount; e++)
        if (!isEligible(masks, e, l))
          for (const code of staticReasons(model, e, l)) fresh[code] = (fresh[code] ?? 0) + 1;
      staticCounts.set(mask, fresh);
      counts = fresh;
    }
    const reasons = { ...counts };
    const day = model.lineDay[l]!;
    for (const e of eligibleOf(masks, l)) {
      if (roster.lineOf[e * model.dayCount + day] === l) continue;
      for (const code of dynamicReasons(model, roster, e, l)) reasons[code] = (reasons[code] ?? 0) + 1;
    }
    unfilled.push({ lineId: model.lineIds[l]!, missing, reasons: sortedReasons(reasons) });
  }
  return unfilled;
}

/** Reason counts in the fixed order of REASON_CODES, so results compare and print the same way every run. */
function sortedReasons(reasons: Partial<Record<ReasonCode, number>>): Partial<Record<ReasonCode, number>> {
  const sorted: Partial<Record<ReasonCode, number>> = {};
  for (const code of REASON_CODES) if (reasons[code] !== undefined) sorted[code] = reasons[code];
  return sorted;
}

export function buildResult(
  model: Model,
  roster: Roster,
  masks: EligibilityMasks,
  startedAt: number,
): Result {
  const assignments = assignmentsOf(model, roster);
  const result: Result = {
    engineVersion: ENGINE_VERSION,
    durationMs: 0,
    assignments,
    coverage: coverageOf(model, roster),
    unfilled: unfilledLines(model, roster, masks),
    fairness: fairness(model, roster),
    equalization: equalizationScores(model, roster),
  };
  if (model.previous.length > 0) {
    result.changedFromPrevious = model.previous.filter(
      ([e, l]) => roster.lineOf[e * model.dayCount + model.lineDay[l]!] !== l,
    ).length;
  }
  result.durationMs = Math.round((performance.now() - startedAt) * 10) / 10;
  return result;
}
