import { candidateKey, outOfTime, type SolveContext } from './context.ts';
import { place, remove } from './moves.ts';
import { lendingRuleFor } from './roster.ts';
import { bestTaker } from './takers.ts';

const MARGIN = 0.01;

/**
 * Evens out workload without changing coverage: an assignment passes to a better-ranked employee (home pool,
 * lighter pro-rated load, preference) who could take it. Fixed and carried-over assignments stay put.
 */
export function balance(ctx: SolveContext, passes = 2): number {
  const { model, roster } = ctx;
  let moved = 0;
  for (let pass = 0; pass < passes; pass++) {
    let passMoves = 0;
    for (let day = 0; day < model.dayCount && !outOfTime(ctx); day++) {
      for (let e = 0; e < model.employeeCount; e++) {
        const cell = e * model.dayCount + day;
        const l = roster.lineOf[cell]!;
        if (l < 0 || roster.fixed[cell] || ctx.fromPrevious[cell]) continue;
        const rule = roster.ruleOf[cell]!;
        remove(ctx, e, day);
        const taker = bestTaker(ctx, l, e, candidateKey(ctx, e, l) - MARGIN);
        if (taker >= 0) {
          place(ctx, taker, l, lendingRuleFor(model, roster, taker, l));
          passMoves++;
        } else place(ctx, e, l, rule);
      }
    }
    moved += passMoves;
    if (passMoves === 0) break;
  }
  return moved;
}
