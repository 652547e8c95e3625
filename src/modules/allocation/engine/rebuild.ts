import { outOfTime, type SolveContext } from './context.ts';
import { fillDay } from './day-fill.ts';
import { forEachEligible } from './eligibility.ts';
import { remove } from './moves.ts';
import { copyRoster } from './roster.ts';

function covered(ctx: SolveContext): number {
  let total = 0;
  for (let l = 0; l < ctx.model.lineCount; l++)
    total += Math.min(ctx.roster.assignedCount[l]!, ctx.model.lineRequired[l]!);
  return total;
}

/**
 * Large-neighbourhood step for lines still short: everyone who could work the line gives up their movable work
 * on the day before, the day and the day after; those days are staffed again with the short line first. Kept
 * only when coverage strictly rises, otherwise the roster is put back exactly as it was.
 */
export function rebuildAroundShortLines(ctx: SolveContext): number {
  const { model } = ctx;
  let gained = 0;
  for (let l = 0; l < model.lineCount && !outOfTime(ctx); l++) {
    if (ctx.roster.assignedCount[l]! >= model.lineRequired[l]!) continue;
    const day = model.lineDay[l]!;
    const before = covered(ctx);
    const saved = copyRoster(ctx.roster);
    const savedUnsocial = ctx.unsocialHours.slice();
    const days = [day, day - 1, day + 1].filter((d) => d >= 0 && d < model.dayCount);
    forEachEligible(ctx.masks, l, (e) => {
      for (const d of days) if (!ctx.roster.fixed[e * model.dayCount + d]) remove(ctx, e, d);
    });
    for (const d of days) fillDay(ctx, d, l);
    const after = covered(ctx);
    if (after > before) gained += after - before;
    else {
      Object.assign(ctx.roster, saved);
      ctx.unsocialHours.set(savedUnsocial);
    }
  }
  return gained;
}
