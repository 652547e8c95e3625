import { outOfTime, rankedEligible, type SolveContext } from './context.ts';
import { augment, movableCandidates } from './day-fill.ts';
import { placeIfLendingAllows, remove, tryPlace } from './moves.ts';
import { canTakeIfMoved, daysToGiveUp } from './roster.ts';
import { bestTaker } from './takers.ts';

/**
 * Cross-day repair. For a line still short, an employee blocked by their own work on a nearby day (rest,
 * consecutive days, weekly hours or the same day) gives that work up, takes the short line, and someone
 * free takes over what they gave up: one more head covered per success. Lines found to have no free taker
 * are remembered until a day that could change the answer is touched.
 */
export function repair(ctx: SolveContext): number {
  const { model, roster } = ctx;
  const dayVersion = new Int32Array(model.dayCount);
  const noTakerAt = new Map<number, number>();
  // A change on one day can affect who may work up to a week either side (weekly hours, consecutive days).
  const reach = Math.max(7, model.maxConsecutiveDays + 1);
  const touch = (day: number) => {
    for (let d = Math.max(0, day - reach); d <= Math.min(model.dayCount - 1, day + reach); d++)
      dayVersion[d]!++;
  };
  // Fills one more place on the line, directly or by a same-day chain of moves; failures are remembered.
  const refill = (line: number, exclude: number): boolean => {
    const day = model.lineDay[line]!;
    if (noTakerAt.get(line) === dayVersion[day]) return false;
    const taker = bestTaker(ctx, line, exclude);
    if (taker >= 0 && placeIfLendingAllows(ctx, taker, line)) return true;
    const dead = new Set<number>();
    const lists = new Map<number, number[]>();
    const candidates = (l: number) => {
      let list = lists.get(l);
      if (list === undefined) {
        list = movableCandidates(ctx, l).filter((e) => e !== exclude || l !== line);
        lists.set(l, list);
      }
      return list;
    };
    if (augment(ctx, day, line, candidates, dead)) return true;
    for (const l of dead) noTakerAt.set(l, dayVersion[day]!);
    return false;
  };

  const hopeless = (line: number) => noTakerAt.get(line) === dayVersion[model.lineDay[line]!];

  let gained = 0;
  for (let pass = 0; pass < 3; pass++) {
    let passGain = 0;
    for (let l = 0; l < model.lineCount && !outOfTime(ctx); l++) {
      while (roster.assignedCount[l]! < model.lineRequired[l]!) {
        const day = model.lineDay[l]!;
        if (refill(l, -1) || ejectAndRefill(ctx, l, refill, hopeless)) {
          passGain++;
          touch(day);
        } else break;
      }
    }
    gained += passGain;
    if (passGain === 0) break;
  }
  return gained;
}

function ejectAndRefill(
  ctx: SolveContext,
  l: number,
  refill: (line: number, exclude: number) => boolean,
  hopeless: (line: number) => boolean,
): boolean {
  const { model, roster } = ctx;
  const day = model.lineDay[l]!;
  for (const e of rankedEligible(ctx, l, (e) => !roster.fixed[e * model.dayCount + day])) {
    const base = e * model.dayCount;
    const days = daysToGiveUp(model, roster, e, l).filter((d) => !hopeless(roster.lineOf[base + d]!));
    for (const d of days) {
      const old = remove(ctx, e, d);
      if (canTakeIfMoved(model, roster, e, l) && roster.lineOf[base + day]! < 0 && tryPlace(ctx, e, l)) {
        if (refill(old, e)) return true;
        remove(ctx, e, day);
      }
      placeIfLendingAllows(ctx, e, old);
      if (outOfTime(ctx)) return false;
    }
  }
  return false;
}
