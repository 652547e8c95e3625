import { candidateKey, createContext, loadWith, type SolveContext } from './context.ts';
import { forEachEligible, isHomePool } from './eligibility.ts';
import { buildModel } from './model.ts';
import { place } from './moves.ts';
import { reasonsFor } from './reasons.ts';
import { canTake, emptyRoster } from './roster.ts';
import type { CandidateScore, Instance, ReasonCode, Result } from './types.ts';
import { validateInstance } from './validate.ts';

/** On-demand explanations for a finished run: nothing is materialised per (line, employee) pair up front. */
export interface Explainer {
  /** Employees who could staff the line in this roster (or already do), best first, with their score parts. */
  candidates(lineId: string): CandidateScore[];
  /** Why the employee cannot staff the line; empty when they can or already do. */
  reasons(lineId: string, employeeId: string): ReasonCode[];
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
    place(ctx, e, l, a.lendingRuleId === undefined ? -1 : (rules.get(a.lendingRuleId) ?? -1), a.fixed);
  }
  const { roster } = ctx;
  return {
    candidates(lineId) {
      const l = lookup(model.lineIndex, lineId, 'line');
      const day = model.lineDay[l]!;
      const list: { score: CandidateScore; key: number }[] = [];
      forEachEligible(ctx.masks, l, (e) => {
        const assigned = roster.lineOf[e * model.dayCount + day] === l;
        if (!assigned && !canTake(model, roster, e, l)) return;
        const hours = model.lineHours[l]!;
        list.push({
          key: candidateKey(ctx, e, l),
          score: {
            employeeId: model.employeeIds[e]!,
            lent: isHomePool(model, e, l) ? 0 : 1,
            load: Math.round((assigned ? loadWith(ctx, e, l) - hours : loadWith(ctx, e, l)) * 100) / 100,
            history: Math.round(ctx.historyScore[e]! * 1e4) / 1e4,
            preference: model.preference[e * model.dayCount + day]!,
            assigned,
          },
        });
      });
      return list.sort((a, b) => a.key - b.key).map((c) => c.score);
    },
    reasons(lineId, employeeId) {
      return reasonsFor(
        model,
        roster,
        lookup(model.employeeIndex, employeeId, 'employee'),
        lookup(model.lineIndex, lineId, 'line'),
      );
    },
  };
}
