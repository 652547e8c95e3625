import { outOfTime, type SolveContext } from './context.ts';
import { augment, movableCandidates } from './day-fill.ts';
import { eligibleOf } from './eligibility.ts';
import { placeIfLendingAllows, remove, tryPlace } from './moves.ts';
import { daysToGiveUp } from './roster.ts';
import { bestTaker } from './takers.ts';

/**
 * Cross-day repair. For a line still short, an employee blocked by their own work on a nearby day (rest,
 * consecutive days, weekly hours or the same day) gives that work up, takes the short line, and someone
 * free takes over what they gave up: one more head covered per success. Lines found to have no free taker
 * are remembered until a day that could change the answer is touched.
 */
export function repair(
  ctx: SolveContext,
  depth = 1,
  totalAttempts = Number.POSITIVE_INFINITY,
  only?: readonly number[],
): number {
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
        list = movableCandidates(ctx, l, false).filter((e) => e !== exclude || l !== line);
        lists.set(l, list);
      }
      return list;
    };
    if (augment(ctx, day, line, candidates, dead)) return true;
    for (const l of dead) noTakerAt.set(l, dayVersion[day]!);
    return false;
  };

  const hopeless = (line: number) => noTakerAt.get(line) === dayVersion[model.lineDay[line]!];

  // A line whose chains all failed is not tried again until a day near it changes.
  const failedAt = new Map<number, number>();
  let left = totalAttempts;
  let gained = 0;
  for (let pass = 0; pass < 3; pass++) {
    let passGain = 0;
    const count = only === undefined ? model.lineCount : only.length;
    for (let i = 0; i < count && !outOfTime(ctx) && left > 0; i++) {
      const l = only === undefined ? i : only[i]!;
      while (
        roster.assignedCount[l]! < model.lineRequired[l]! &&
        failedAt.get(l) !== dayVersion[model.lineDay[l]!]
      ) {
        const chain: number[] = [model.lineDay[l]!];
        const budget = { attempts: Math.min(left, ATTEMPTS_PER_LINE) };
        const closed = refill(l, -1) || eject(ctx, l, depth, new Set(), chain, budget, refill, hopeless);
        left -= Math.min(left, ATTEMPTS_PER_LINE) - Math.max(0, budget.attempts);
        if (!closed) {
          failedAt.set(l, dayVersion[model.lineDay[l]!]!);
          break;
        }
        passGain++;
        for (const day of chain) touch(day);
      }
    }
    gained += passGain;
    if (passGain === 0) break;
  }
  return gained;
}

/** Work allowed per short line: ejection chains branch quickly, and most short lines cannot be helped. */
const ATTEMPTS_PER_LINE = 400;

/**
 * An employee gives up one day's work to take the line; what they gave up is refilled by someone free, or, with
 * depth left, by the same move one level down. Every step is undone when the chain does not close.
 */
function eject(
  ctx: SolveContext,
  l: number,
  depth: number,
  banned: Set<number>,
  chain: number[],
  budget: { attempts: number },
  refill: (line: number, exclude: number) => boolean,
  hopeless: (line: number) => boolean,
): boolean {
  const { model, roster } = ctx;
  const day = model.lineDay[l]!;
  // Index order, not ranked: most of these tries fail, and balancing afterwards sees to the load.
  for (const e of eligibleOf(ctx.masks, l)) {
    const base = e * model.dayCount;
    if (roster.fixed[base + day] || banned.has(e)) continue;
    const days = daysToGiveUp(model, roster, e, l).filter(
      (d) => depth > 1 || !hopeless(roster.lineOf[base + d]!),
    );
    for (const d of days) {
      if (--budget.attempts < 0 || outOfTime(ctx)) return false;
      const old = remove(ctx, e, d);
      if (roster.lineOf[base + day]! < 0 && tryPlace(ctx, e, l)) {
        banned.add(e);
        const closed =
          refill(old, e) ||
          (depth > 1 && eject(ctx, old, depth - 1, banned, chain, budget, refill, hopeless));
        banned.delete(e);
        if (closed) {
          chain.push(d);
          return true;
        }
        remove(ctx, e, day);
      }
      placeIfLendingAllows(ctx, e, old);
    }
  }
  return false;
}
