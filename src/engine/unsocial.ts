import { outOfTime, type SolveContext } from './context.ts';
import { isEligible, isHomePool } from './eligibility.ts';
import { eligibleForKind, historyShifts, shiftsOfKind, unsocialCohortOf } from './equalization.ts';
import { wishCost } from './model.ts';
import { place, placeIfLendingAllows, remove } from './moves.ts';
import { canTake } from './roster.ts';

/**
 * Nights and weekend shifts shared evenly within each cohort of department, grade and home pool (people who
 * stand in for one another), the window's history counted: the member with the most (history plus this period)
 * exchanges a stretch of days of their roster with the member with the fewest, so that some of the nights or
 * weekend shifts change hands. After a night only another night or a day off leaves the rest, so single days
 * rarely move: stretches of one to four days around the unsocial day are tried, each person taking the other's
 * work as it was, every rule checked as it is placed. An exchange is kept when it lowers the cohort's sum of
 * squares of nights and weekend shifts together, puts no more lent staff to work and denies no more weight of
 * wishes than it grants; coverage never changes (each line keeps its headcount). Only staff available the
 * whole period take part, as in the measure (`fairness.unsocialShifts`). Tries are counted, so a run is
 * reproducible; the clock only stops it early.
 */
export function shareUnsocialByCohort(ctx: SolveContext, budget = TRIES): number {
  const { model } = ctx;
  const cohort = unsocialCohortOf(model);
  const kinds = [model.lineNight, model.lineWeekend];
  const histories = [historyShifts(model, model.historyNight), historyShifts(model, model.historyWeekend)];
  const eligible = kinds.map((of) => eligibleForKind(ctx.model, ctx.masks, of));
  const members = new Map<number, number[]>();
  for (let e = 0; e < model.employeeCount; e++) {
    if (model.availableDays[e] !== model.dayCount) continue;
    const list = members.get(cohort[e]!) ?? [];
    list.push(e);
    members.set(cohort[e]!, list);
  }
  const counts = kinds.map((of) => shiftsOfKind(model, ctx.roster, of));
  const state: Exchange = { ctx, tries: budget, kinds, histories, eligible, counts };
  let moves = 0;
  for (const group of members.values()) {
    if (group.length < 2) continue;
    for (let k = 0; k < kinds.length; k++) moves += levelCohort(state, group, k);
  }
  return moves;
}

/** Tries in all: a stretch tried costs a handful of placements and checks. */
const TRIES = 60_000;
const LONGEST_STRETCH = 4;

interface Exchange {
  ctx: SolveContext;
  tries: number;
  kinds: Uint8Array[];
  histories: Float64Array[];
  eligible: Uint8Array[];
  /** Per kind, this period's shifts of it per employee, kept current. */
  counts: Int32Array[];
}

/** Moves the kind's shifts from the richest members to the poorest while an exchange lowers the spread. */
function levelCohort(state: Exchange, group: readonly number[], k: number): number {
  const { ctx, histories, eligible, counts } = state;
  const staff = group.filter((e) => eligible[k]![e]);
  if (staff.length < 2) return 0;
  let moves = 0;
  const value = (e: number, of: number) => counts[of]![e]! + histories[of]![e]!;
  for (let round = 0; round < staff.length * 4 && state.tries > 0 && !outOfTime(ctx); round++) {
    const ranked = [...staff].sort((a, b) => value(b, k) - value(a, k) || a - b);
    let moved = false;
    // The richest against the poorest first, then pairs further in, until one exchange is kept.
    outer: for (let i = 0; i < ranked.length; i++)
      for (let j = ranked.length - 1; j > i; j--) {
        const rich = ranked[i]!;
        const poor = ranked[j]!;
        if (value(rich, k) - value(poor, k) <= 1 + 1e-9) break;
        if (exchangeStretch(state, rich, poor, k)) {
          moved = true;
          break outer;
        }
        if (state.tries <= 0) break outer;
      }
    if (!moved) break;
    moves++;
  }
  return moves;
}

/** One stretch of days exchanged between the two, moving some of the kind's shifts from `rich` to `poor`. */
function exchangeStretch(state: Exchange, rich: number, poor: number, k: number): boolean {
  const { ctx, kinds, histories, counts } = state;
  const { model, roster } = ctx;
  const days = model.dayCount;
  const of = kinds[k]!;
  const shiftsMoved = (from: number, to: number, kind: number) => {
    let moved = 0;
    for (let x = from; x <= to; x++) {
      const a = roster.lineOf[rich * days + x]!;
      const b = roster.lineOf[poor * days + x]!;
      moved += (a >= 0 ? kinds[kind]![a]! : 0) - (b >= 0 ? kinds[kind]![b]! : 0);
    }
    return moved;
  };
  const kindOn = (e: number, d: number) => {
    const l = roster.lineOf[e * days + d]!;
    return l >= 0 && of[l] === 1;
  };
  for (let d = 0; d < days; d++) {
    if (!kindOn(rich, d) || kindOn(poor, d)) continue;
    for (let length = 1; length <= LONGEST_STRETCH; length++)
      for (let first = Math.max(0, d - length + 1); first <= d && first + length <= days; first++) {
        if (--state.tries < 0) return false;
        const last = first + length - 1;
        // What the shifts of each kind moving from `rich` to `poor` do to the cohort's sum of squares.
        const gain = (from: number, to: number, kind: number) => {
          const moved = shiftsMoved(from, to, kind);
          const r = counts[kind]![rich]! + histories[kind]![rich]!;
          const p = counts[kind]![poor]! + histories[kind]![poor]!;
          return 2 * moved * (r - p - moved);
        };
        if (gain(first, last, 0) + gain(first, last, 1) <= 1e-9) continue;
        // Read before the exchange: afterwards the two hold each other's lines.
        const moved = [shiftsMoved(first, last, 0), shiftsMoved(first, last, 1)];
        if (swapStretch(ctx, rich, poor, first, last)) {
          for (let kind = 0; kind < kinds.length; kind++) {
            counts[kind]![rich]! -= moved[kind]!;
            counts[kind]![poor]! += moved[kind]!;
          }
          return true;
        }
      }
  }
  return false;
}

/**
 * The two exchange their work over the days, each taking the other's lines, when every cell may move, each may
 * work the other's lines (static rules, then every roster rule as placed), no more lent staff work and no more
 * weight of wishes is denied. Otherwise everything goes back as it was.
 */
function swapStretch(ctx: SolveContext, a: number, b: number, first: number, last: number): boolean {
  const { model, roster } = ctx;
  const days = model.dayCount;
  const old: [number, number, number, number][] = [];
  let lentBefore = 0;
  let lentAfter = 0;
  let wishesBefore = 0;
  let wishesAfter = 0;
  for (let d = first; d <= last; d++) {
    const [ca, cb] = [a * days + d, b * days + d];
    for (const cell of [ca, cb])
      if (roster.fixed[cell] || ctx.fromPrevious[cell] || !model.active[cell] || model.onLeave[cell])
        return false;
    const [la, lb] = [roster.lineOf[ca]!, roster.lineOf[cb]!];
    if ((lb >= 0 && !isEligible(ctx.masks, a, lb)) || (la >= 0 && !isEligible(ctx.masks, b, la)))
      return false;
    const lent = (e: number, l: number) => (l >= 0 && !isHomePool(model, e, l) ? 1 : 0);
    lentBefore += lent(a, la) + lent(b, lb);
    lentAfter += lent(a, lb) + lent(b, la);
    wishesBefore += wishCost(model, a, d, la) + wishCost(model, b, d, lb);
    wishesAfter += wishCost(model, a, d, lb) + wishCost(model, b, d, la);
    old.push([d, la, roster.ruleOf[ca]!, lb]);
  }
  if (lentAfter > lentBefore || wishesAfter > wishesBefore + 1e-9) return false;
  const oldRuleB = old.map(([d]) => roster.ruleOf[b * days + d]!);
  for (const [d] of old) {
    remove(ctx, a, d);
    remove(ctx, b, d);
  }
  let ok = true;
  for (const [, la, , lb] of old) {
    if (lb >= 0 && !(canTake(model, roster, a, lb) && placeIfLendingAllows(ctx, a, lb))) ok = false;
    if (ok && la >= 0 && !(canTake(model, roster, b, la) && placeIfLendingAllows(ctx, b, la))) ok = false;
    if (!ok) break;
  }
  if (ok) return true;
  for (const [d] of old) {
    remove(ctx, a, d);
    remove(ctx, b, d);
  }
  old.forEach(([, la, ruleA, lb], i) => {
    if (la >= 0) place(ctx, a, la, ruleA);
    if (lb >= 0) place(ctx, b, lb, oldRuleB[i]!);
  });
  return false;
}
