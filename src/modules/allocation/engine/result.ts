import { dateOf } from './dates.ts';
import { equalizationScores, fairness } from './equalization.ts';
import type { Model } from './model.ts';
import { reasonsFor } from './reasons.ts';
import type { Roster } from './roster.ts';
import type { Assignment, Coverage, ReasonCode, Result, UnfilledLine } from './types.ts';
import { ENGINE_VERSION } from './version.ts';

export function assignmentsOf(model: Model, roster: Roster): Assignment[] {
  const list: Assignment[] = [];
  for (let d = 0; d < model.dayCount; d++)
    for (let e = 0; e < model.employeeCount; e++) {
      const cell = e * model.dayCount + d;
      const l = roster.lineOf[cell]!;
      if (l < 0) continue;
      const rule = roster.ruleOf[cell]!;
      const assignment: Assignment = {
        lineId: model.lineIds[l]!,
        employeeId: model.employeeIds[e]!,
        date: dateOf(model.firstDay + d),
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

/** Unfilled lines, each with how many employees every rule blocked. */
export function unfilledLines(model: Model, roster: Roster): UnfilledLine[] {
  const unfilled: UnfilledLine[] = [];
  for (let l = 0; l < model.lineCount; l++) {
    const missing = model.lineRequired[l]! - roster.assignedCount[l]!;
    if (missing <= 0) continue;
    const reasons: Partial<Record<ReasonCode, number>> = {};
    for (let e = 0; e < model.employeeCount; e++)
      for (const code of reasonsFor(model, roster, e, l)) reasons[code] = (reasons[code] ?? 0) + 1;
    unfilled.push({ lineId: model.lineIds[l]!, missing, reasons });
  }
  return unfilled;
}

export function buildResult(model: Model, roster: Roster, startedAt: number): Result {
  const assignments = assignmentsOf(model, roster);
  const result: Result = {
    engineVersion: ENGINE_VERSION,
    durationMs: 0,
    assignments,
    coverage: coverageOf(model, roster),
    unfilled: unfilledLines(model, roster),
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
