import { candidateKey, createContext, loadWith, type SolveContext } from './context.ts';
import { buildModel, wishCost } from './model.ts';
import { place, remove } from './moves.ts';
import { emptyRoster } from './roster.ts';
import {
  applicableRules,
  eligibleOf,
  failingCertification,
  isEligible,
  isHomePool,
  staticReasons,
} from './rules/eligibility.ts';
import { lendingRuleFor, NO_RULE } from './rules/lending.ts';
import { canTake, dynamicReasons } from './rules/placement.ts';
import type { CandidateScore, Instance, ReasonCode, Result } from './types.ts';
import { validateInstance } from './validate.ts';

/** On-demand explanations for a finished run: nothing is materialised per (line, employee) pair up front. */
export interface Explainer {
  /** Employees who could staff the line in this roster (or already do), best first, with their score parts. */
  candidates(lineId: string): CandidateScore[];
  /**
   * Why the employee cannot staff the line; empty when they can or already do. `releasing`: lines of the
   * employee's own work taken off the roster first (a swap gives up one's own shift in the same change).
   */
  reasons(lineId: string, employeeId: string, releasing?: readonly string[]): ReasonCode[];
  /** The certification id a `CERTIFICATION_MISSING` or `CERTIFICATION_EXPIRED` reason of the pair is about. */
  certification(lineId: string, employeeId: string): string | null;
  /**
   * Puts the employee on the line for every later question (a batch of edits checks each against the ones
   * accepted before it); answers the id of the lending rule the work goes through, or null for home work.
   */
  assign(lineId: string, employeeId: string): string | null;
  /** Takes the employee's work on the line off the roster for every later question (an edit removes it). */
  unassign(lineId: string, employeeId: string): void;
}

function lookup(map: Map<string, number>, id: string, kind: string): number {
  const index = map.get(id);
  if (index === undefined) throw new RangeError(`unknown ${kind} ${id}`);
  return index;
}

export function explain(instance: Instance, result: Pick<Result, 'assignments'>): Explainer {
  validateInstance(instance);
  const model = buildModel(instance);
  const ctx: SolveContext = createContext(model, emptyRoster(model), Number.POSITIVE_INFINITY);
  const rules = new Map(model.ruleIds.map((id, r) => [id, r]));
  for (const a of result.assignments) {
    const e = lookup(model.employeeIndex, a.employeeId, 'employee');
    const l = lookup(model.lineIndex, a.lineId, 'line');
    // Fixed work lent without a named rule counts towards the first rule that allows it, as `placeFixed` does.
    const rule =
      a.lendingRuleId !== undefined
        ? (rules.get(a.lendingRuleId) ?? -1)
        : a.fixed
          ? (applicableRules(model, e, l)[0] ?? -1)
          : -1;
    place(ctx, e, l, rule, a.fixed);
  }
  const { roster } = ctx;
  // Static reasons depend only on the line's date, pool and skill: one array per employee per eligibility group.
  const staticByGroup = new Map<Uint32Array, ReasonCode[][]>();
  const staticOf = (e: number, l: number): ReasonCode[] => {
    const mask = ctx.masks.maskOfLine[l]!;
    let group = staticByGroup.get(mask);
    if (group === undefined) {
      group = [];
      staticByGroup.set(mask, group);
    }
    let reasons = group[e];
    if (reasons === undefined) {
      reasons = isEligible(ctx.masks, e, l) ? [] : staticReasons(model, e, l);
      group[e] = reasons;
    }
    return reasons;
  };
  return {
    candidates(lineId) {
      const l = lookup(model.lineIndex, lineId, 'line');
      const day = model.lineDay[l]!;
      const list: { score: CandidateScore; key: number }[] = [];
      for (const e of eligibleOf(ctx.masks, l)) {
        const assigned = roster.lineOf[e * model.dayCount + day] === l;
        if (!assigned && !canTake(model, roster, e, l)) continue;
        const hours = model.lineHours[l]!;
        list.push({
          key: candidateKey(ctx, e, l),
          score: {
            employeeId: model.employeeIds[e]!,
            lent: isHomePool(model, e, l) ? 0 : 1,
            load: Math.round((assigned ? loadWith(ctx, e, l) - hours : loadWith(ctx, e, l)) * 100) / 100,
            history: Math.round(ctx.historyScore[e]! * 1e4) / 1e4,
            preference: Math.sign(wishCost(model, e, day, l) - wishCost(model, e, day, -1)),
            assigned,
          },
        });
      }
      return list.sort((a, b) => a.key - b.key).map((c) => c.score);
    },
    reasons(lineId, employeeId, releasing = []) {
      const e = lookup(model.employeeIndex, employeeId, 'employee');
      const l = lookup(model.lineIndex, lineId, 'line');
      if (roster.lineOf[e * model.dayCount + model.lineDay[l]!] === l) return [];
      // Taken off for the question and put back as they were: the explainer answers many questions.
      const released = releasing.flatMap((id) => {
        const line = model.lineIndex.get(id);
        if (line === undefined) return [];
        const cell = e * model.dayCount + model.lineDay[line]!;
        if (roster.lineOf[cell] !== line) return [];
        const held = { line, rule: roster.ruleOf[cell]!, fixed: roster.fixed[cell] === 1 };
        remove(ctx, e, model.lineDay[line]!);
        return [held];
      });
      try {
        return [...staticOf(e, l), ...dynamicReasons(model, roster, e, l)];
      } finally {
        for (const held of released) place(ctx, e, held.line, held.rule, held.fixed);
      }
    },
    certification(lineId, employeeId) {
      const e = lookup(model.employeeIndex, employeeId, 'employee');
      const l = lookup(model.lineIndex, lineId, 'line');
      const cert = failingCertification(model, e, l);
      return cert < 0 ? null : model.certNames[cert]!;
    },
    assign(lineId, employeeId) {
      const e = lookup(model.employeeIndex, employeeId, 'employee');
      const l = lookup(model.lineIndex, lineId, 'line');
      const chosen = lendingRuleFor(model, roster, e, l);
      // A pool closed or full was a reason already; the caller assigns what the reasons allowed.
      const rule = chosen >= NO_RULE ? chosen : (applicableRules(model, e, l)[0] ?? NO_RULE);
      place(ctx, e, l, rule);
      return rule < 0 ? null : model.ruleIds[rule]!;
    },
    unassign(lineId, employeeId) {
      const e = lookup(model.employeeIndex, employeeId, 'employee');
      const l = lookup(model.lineIndex, lineId, 'line');
      if (roster.lineOf[e * model.dayCount + model.lineDay[l]!] === l) remove(ctx, e, model.lineDay[l]!);
    },
  };
}
