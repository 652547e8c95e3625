import { coverage, outOfTime, type SolveContext } from './context.ts';
import { remove, tryPlace } from './moves.ts';
import { bestPlan } from './replan.ts';
import { forEachEligible, isEligible } from './rules/eligibility.ts';

/**
 * A freed group of employees planned together over the whole period, everyone else held. Each employee's plan
 * is their exact best (replan.ts's dynamic programme) on what is still short, but a line counts a hair less
 * the more others of the group could work it that day, so that among plans covering as much, each takes the
 * lines the others cannot. Then, in rounds, each employee in turn gives their plan back and plans again with
 * the rest of the group in place (a best response: the programme never finds fewer heads, since the old plan
 * is still open; only the checks on placing, rest two days apart and lending caps, can refuse a line), so
 * a line someone left for a better-suited colleague is taken up by them. Stops after `rounds` or a round that
 * gains nothing. The hairs add up to less than a head over the period, so a plan never trades a head for them.
 */
export function planTogether(ctx: SolveContext, freed: readonly number[], rounds: number): void {
  const worth = contestedWorth(ctx, freed);
  // The least flexible first: they have the fewest ways to use what is short.
  const options = freed.map((e) => shortOptions(ctx, e));
  const order = freed.map((e, i) => [e, options[i]!] as const).sort((a, b) => a[1] - b[1] || a[0] - b[0]);
  for (const [e] of order) placePlan(ctx, e, worth);
  for (let round = 0; round < rounds && !outOfTime(ctx); round++) {
    const before = coverage(ctx);
    for (const [e] of order) {
      freeWork(ctx, e);
      placePlan(ctx, e, worth);
    }
    if (coverage(ctx) <= before) break;
  }
}

function placePlan(ctx: SolveContext, e: number, worth: ReadonlyMap<number, number>): void {
  for (const l of bestPlan(ctx, e, worth)) tryPlace(ctx, e, l);
}

export function freeWork(ctx: SolveContext, e: number): void {
  const days = ctx.model.dayCount;
  for (let d = 0; d < days; d++) {
    const c = e * days + d;
    if (ctx.roster.lineOf[c]! >= 0 && !ctx.roster.fixed[c] && !ctx.fromPrevious[c]) remove(ctx, e, d);
  }
}

/** Short lines' worth: 1, less a hair per other member of the group who could work the line that day. */
function contestedWorth(ctx: SolveContext, freed: readonly number[]): Map<number, number> {
  const { model, roster } = ctx;
  const days = model.dayCount;
  const member = new Uint8Array(model.employeeCount);
  for (const e of freed) member[e] = 1;
  // A day's hairs stay below 1 / days, so a whole period of them is worth less than one head.
  const hair = 1 / (days * (freed.length + 1));
  const worth = new Map<number, number>();
  for (let l = 0; l < model.lineCount; l++) {
    if (roster.assignedCount[l]! >= model.lineRequired[l]!) continue;
    const d = model.lineDay[l]!;
    let others = 0;
    forEachEligible(ctx.masks, l, (e) => {
      const c = e * days + d;
      if (member[e] && roster.lineOf[c]! < 0 && model.active[c] && !model.onLeave[c]) others++;
    });
    worth.set(l, 1 - hair * Math.max(0, others - 1));
  }
  return worth;
}

/** How many short lines the employee could statically work on days they have free. */
function shortOptions(ctx: SolveContext, e: number): number {
  const { model, roster } = ctx;
  let count = 0;
  for (let d = 0; d < model.dayCount; d++) {
    const c = e * model.dayCount + d;
    if (roster.lineOf[c]! >= 0 || !model.active[c] || model.onLeave[c]) continue;
    for (const l of model.linesByDay[d]!)
      if (roster.assignedCount[l]! < model.lineRequired[l]! && isEligible(ctx.masks, e, l)) count++;
  }
  return count;
}
