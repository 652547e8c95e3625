import type { SolveContext } from './context.ts';
import { assign, unassign } from './roster.ts';
import { applicableRules, isStaticallyEligible } from './rules/eligibility.ts';
import { lendingRuleFor, NO_RULE } from './rules/lending.ts';
import { canTake } from './rules/placement.ts';

/** Roster edits that also keep the solver's unsocial-hours totals current (and log who moved, when asked). */

export function place(ctx: SolveContext, e: number, l: number, rule: number, fixed = false): void {
  assign(ctx.model, ctx.roster, e, l, rule, fixed);
  ctx.moved?.push(e * ctx.model.dayCount + ctx.model.lineDay[l]!, -1);
  if (ctx.model.lineUnsocial[l]) ctx.unsocialHours[e]! += ctx.model.lineHours[l]!;
}

export function remove(ctx: SolveContext, e: number, day: number): number {
  const l = unassign(ctx.model, ctx.roster, e, day);
  if (l >= 0) ctx.moved?.push(e * ctx.model.dayCount + day, l);
  if (l >= 0 && ctx.model.lineUnsocial[l]) ctx.unsocialHours[e]! -= ctx.model.lineHours[l]!;
  return l;
}

/** Places the employee when the line still needs staff and no rule would break; returns whether it did. */
export function tryPlace(ctx: SolveContext, e: number, l: number): boolean {
  const { model, roster } = ctx;
  if (roster.assignedCount[l]! >= model.lineRequired[l]! || !canTake(model, roster, e, l)) return false;
  place(ctx, e, l, lendingRuleFor(model, roster, e, l));
  return true;
}

/** Places the employee on a line they are known to be allowed on, unless a lending cap blocks it. */
export function placeIfLendingAllows(ctx: SolveContext, e: number, l: number): boolean {
  const rule = lendingRuleFor(ctx.model, ctx.roster, e, l);
  if (rule < NO_RULE) return false;
  place(ctx, e, l, rule);
  return true;
}

/** Fixed assignments are kept as they are, even if they break a rule, and count towards every rule. */
export function placeFixed(ctx: SolveContext): void {
  for (const [e, l] of ctx.model.fixed) place(ctx, e, l, applicableRules(ctx.model, e, l)[0] ?? -1, true);
}

/** On a rerun, previous assignments that are still legal are kept first so that little moves. */
export function carryOverPrevious(ctx: SolveContext): void {
  const { model } = ctx;
  for (const [e, l] of model.previous)
    if (isStaticallyEligible(model, e, l) && tryPlace(ctx, e, l))
      ctx.fromPrevious[e * model.dayCount + model.lineDay[l]!] = 1;
}
