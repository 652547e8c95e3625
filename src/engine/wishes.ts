import { candidateKey, outOfTime, type SolveContext } from './context.ts';
import { dayNumber, WEEKDAYS, weekdayOf } from './dates.ts';
import { type Model, wishCost } from './model.ts';
import { place, placeIfLendingAllows, remove } from './moves.ts';
import type { Roster } from './roster.ts';
import { eligibleOf, isEligible, isHomePool } from './rules/eligibility.ts';
import { canTake } from './rules/placement.ts';
import type { Preference, Result, WishesGranted } from './types.ts';

/**
 * People's wishes, granted after coverage by moves that keep it: a line handed to someone free, two people
 * exchanging their lines of a day, someone who wishes to work taking a line that is short or handed over. A move
 * is made only when it grants more weight of wishes than it denies and puts no more lent staff to work, so the
 * objective's order holds: coverage, home pool, wishes, then fairness (which the moves leave to the passes
 * around them). Coverage is built without looking at wishes at all, so no wish can cost a head.
 */
export function grantWishes(ctx: SolveContext): number {
  const { model, roster } = ctx;
  if (!model.wishes.any.includes(1)) return 0;
  let moves = 0;
  for (let e = 0; e < model.employeeCount && !outOfTime(ctx); e++) {
    if (!model.wishes.any[e]) continue;
    for (let d = 0; d < model.dayCount; d++) {
      const cell = e * model.dayCount + d;
      if (!movable(ctx, cell) || !model.active[cell] || model.onLeave[cell]) continue;
      const l = roster.lineOf[cell]!;
      if (wishCost(model, e, d, l) <= 0) continue;
      if (l >= 0 ? exchangeLines(ctx, e, l) || handOver(ctx, e, l) : takeLine(ctx, e, d)) moves++;
    }
  }
  return moves;
}

function movable(ctx: SolveContext, cell: number): boolean {
  return !ctx.roster.fixed[cell] && !ctx.fromPrevious[cell];
}

const lent = (model: Model, e: number, l: number) => (isHomePool(model, e, l) ? 0 : 1);

/** Someone free takes the employee's line, granting more than it denies; the best-ranked such taker. */
function handOver(ctx: SolveContext, e: number, l: number): boolean {
  const { model, roster } = ctx;
  const d = model.lineDay[l]!;
  // A wish for another shift type is not granted by a day off: only wishes to be off count here.
  const before = wishCost(model, e, d, l) - model.wishes.typedWork[e * model.dayCount + d]!;
  const after = wishCost(model, e, d, -1);
  let best = -1;
  let bestKey = Number.POSITIVE_INFINITY;
  for (const f of eligibleOf(ctx.masks, l)) {
    const cell = f * model.dayCount + d;
    if (f === e || roster.lineOf[cell]! >= 0 || !movable(ctx, cell)) continue;
    if (lent(model, f, l) > lent(model, e, l)) continue;
    const gain = before + wishCost(model, f, d, -1) - after - wishCost(model, f, d, l);
    if (gain <= 0 || !canTake(model, roster, f, l)) continue;
    const key = candidateKey(ctx, f, l) - gain * WISH_WEIGHT;
    if (key < bestKey) {
      best = f;
      bestKey = key;
    }
  }
  if (best < 0) return false;
  const rule = roster.ruleOf[e * model.dayCount + d]!;
  remove(ctx, e, d);
  if (placeIfLendingAllows(ctx, best, l)) return true;
  place(ctx, e, l, rule);
  return false;
}

/** Ranks wishes above load in the choice of a taker: a weight unit is worth more than any load difference. */
const WISH_WEIGHT = 1e4;

/** Two employees exchange their lines of the day when that grants more than it denies. */
function exchangeLines(ctx: SolveContext, e: number, l: number): boolean {
  const { model, roster } = ctx;
  const d = model.lineDay[l]!;
  for (const m of model.linesByDay[d]!) {
    if (m === l || !isEligible(ctx.masks, e, m)) continue;
    const mine = wishCost(model, e, d, l) - wishCost(model, e, d, m);
    if (mine <= 0) continue;
    for (const g of eligibleOf(ctx.masks, l)) {
      const cell = g * model.dayCount + d;
      if (roster.lineOf[cell] !== m || !movable(ctx, cell)) continue;
      if (mine + wishCost(model, g, d, m) - wishCost(model, g, d, l) <= 0) continue;
      if (lent(model, e, m) + lent(model, g, l) > lent(model, e, l) + lent(model, g, m)) continue;
      if (swapDay(ctx, e, g, d)) return true;
    }
  }
  return false;
}

/** Exchanges the two employees' lines of the day if every rule allows it; else leaves both as they were. */
export function swapDay(ctx: SolveContext, e: number, g: number, d: number): boolean {
  const { model, roster } = ctx;
  const cellE = e * model.dayCount + d;
  const cellG = g * model.dayCount + d;
  const [l, m] = [roster.lineOf[cellE]!, roster.lineOf[cellG]!];
  const [ruleE, ruleG] = [roster.ruleOf[cellE]!, roster.ruleOf[cellG]!];
  remove(ctx, e, d);
  remove(ctx, g, d);
  if (canTake(model, roster, e, m) && placeIfLendingAllows(ctx, e, m)) {
    if (canTake(model, roster, g, l) && placeIfLendingAllows(ctx, g, l)) return true;
    remove(ctx, e, d);
  }
  place(ctx, e, l, ruleE);
  place(ctx, g, m, ruleG);
  return false;
}

/** The employee, off but wishing to work, takes a short line, or one handed over by a holder who gains by it. */
function takeLine(ctx: SolveContext, e: number, d: number): boolean {
  const { model, roster } = ctx;
  const before = wishCost(model, e, d, -1);
  for (const m of model.linesByDay[d]!) {
    if (!isEligible(ctx.masks, e, m) || wishCost(model, e, d, m) >= before) continue;
    if (!canTake(model, roster, e, m)) continue;
    if (roster.assignedCount[m]! < model.lineRequired[m]!) {
      if (placeIfLendingAllows(ctx, e, m)) return true;
      continue;
    }
    for (const h of eligibleOf(ctx.masks, m)) {
      const cell = h * model.dayCount + d;
      if (roster.lineOf[cell] !== m || !movable(ctx, cell) || lent(model, e, m) > lent(model, h, m)) continue;
      const gain = before + wishCost(model, h, d, m) - wishCost(model, e, d, m) - wishCost(model, h, d, -1);
      if (gain <= 0) continue;
      const rule = roster.ruleOf[cell]!;
      remove(ctx, h, d);
      if (placeIfLendingAllows(ctx, e, m)) return true;
      place(ctx, h, m, rule);
    }
  }
  return false;
}

/**
 * Wishes granted, per employee with any, counted per day each wish applies on (available days only): a wish
 * to be off (or off a shift type) is asked every such day; a wish to work asked every such day; a wish for a
 * shift type asked on the days worked.
 */
export function wishesGranted(model: Model, roster: Roster): Result['wishes'] {
  const byEmployee = new Map<number, WishesGranted>();
  const total = { asked: 0, granted: 0 };
  for (const wish of model.instance.preferences ?? []) {
    const e = model.employeeIndex.get(wish.employeeId)!;
    const entry = byEmployee.get(e) ?? { employeeId: wish.employeeId, asked: 0, granted: 0 };
    byEmployee.set(e, entry);
    for (const d of daysOfWish(model, wish, e)) {
      const granted = grants(model, wish, roster.lineOf[e * model.dayCount + d]!);
      if (granted === undefined) continue;
      entry.asked++;
      total.asked++;
      if (granted) {
        entry.granted++;
        total.granted++;
      }
    }
  }
  return { total, byEmployee: [...byEmployee.values()] };
}

/** The days of the period a wish applies on: its date or every day, its weekdays if it names some, available. */
export function daysOfWish(model: Model, wish: Preference, e: number): number[] {
  const weekdays = wish.weekdays?.map((w) => WEEKDAYS.indexOf(w));
  const first = wish.date === undefined ? 0 : dayNumber(wish.date) - model.firstDay;
  const last = wish.date === undefined ? model.dayCount - 1 : first;
  const days: number[] = [];
  for (let d = Math.max(0, first); d <= Math.min(model.dayCount - 1, last); d++) {
    const cell = e * model.dayCount + d;
    if (!model.active[cell] || model.onLeave[cell]) continue;
    if (weekdays !== undefined && !weekdays.includes(weekdayOf(model.firstDay + d))) continue;
    days.push(d);
  }
  return days;
}

/** Whether the day's line (-1 off) grants the wish; undefined when it is not asked (a shift type, on a day off). */
export function grants(model: Model, wish: Preference, l: number): boolean | undefined {
  const ofType = l >= 0 && model.lineShiftType[l] === wish.shiftType;
  if (wish.shiftType === undefined) return wish.kind === 'off' ? l < 0 : l >= 0;
  if (wish.kind === 'off') return !ofType;
  return l < 0 ? undefined : ofType;
}
