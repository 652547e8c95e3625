import { candidateKey, outOfTime, type SolveContext } from './context.ts';
import { eligibleOf, isEligible, isHomePool } from './eligibility.ts';
import { place, placeIfLendingAllows, remove } from './moves.ts';
import { canTake, lendingRuleFor } from './roster.ts';
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
      // The clock is read every 64 employees too: a day of a large instance takes tens of milliseconds.
      for (let e = 0; e < model.employeeCount && (e & 63 || !outOfTime(ctx)); e++) {
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

/**
 * Same-day exchanges that move unsocial (night and weekend) work from someone with more of it, pro-rated, to
 * someone with less who works a sociable shift of equal paid hours that day. Coverage, hours and home-pool use
 * stay as they are; every rule is checked again after the exchange.
 */
export function shareUnsocialWork(ctx: SolveContext): number {
  const { model, roster, masks } = ctx;
  const scale = (e: number) => model.dayCount / Math.max(1, model.availableDays[e]!);
  const movable = (cell: number) =>
    roster.lineOf[cell]! >= 0 && !roster.fixed[cell] && !ctx.fromPrevious[cell];
  let swaps = 0;
  for (let day = 0; day < model.dayCount && !outOfTime(ctx); day++) {
    for (let e = 0; e < model.employeeCount && (e & 63 || !outOfTime(ctx)); e++) {
      const cell = e * model.dayCount + day;
      const l = roster.lineOf[cell]!;
      if (!movable(cell) || !model.lineUnsocial[l]) continue;
      const hours = model.lineHours[l]!;
      for (const f of eligibleOf(masks, l)) {
        const other = f * model.dayCount + day;
        const m = roster.lineOf[other]!;
        if (f === e || !movable(other) || model.lineUnsocial[m] || model.lineHours[m] !== hours) continue;
        if (!isEligible(masks, e, m)) continue;
        if ((ctx.unsocialHours[f]! + hours) * scale(f) >= ctx.unsocialHours[e]! * scale(e) - MARGIN) continue;
        const lentBefore = Number(!isHomePool(model, e, l)) + Number(!isHomePool(model, f, m));
        if (Number(!isHomePool(model, f, l)) + Number(!isHomePool(model, e, m)) > lentBefore) continue;
        const ruleE = roster.ruleOf[cell]!;
        const ruleF = roster.ruleOf[other]!;
        remove(ctx, e, day);
        remove(ctx, f, day);
        if (canTake(model, roster, e, m) && placeIfLendingAllows(ctx, e, m)) {
          if (canTake(model, roster, f, l) && placeIfLendingAllows(ctx, f, l)) {
            swaps++;
            break;
          }
          remove(ctx, e, day);
        }
        place(ctx, e, l, ruleE);
        place(ctx, f, m, ruleF);
      }
    }
  }
  return swaps;
}
