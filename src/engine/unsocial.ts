import { outOfTime, type SolveContext } from './context.ts';
import { eligibleForKind, historyShifts, shiftsOfKind, unsocialCohortOf } from './equalization.ts';
import { wishCost } from './model.ts';
import { place, placeIfLendingAllows, remove } from './moves.ts';
import { availableOn, isEligible, isHomePool, workMayChange } from './rules/eligibility.ts';
import { canTake } from './rules/placement.ts';
import { linesRest } from './rules/rest.ts';

/**
 * Nights and weekend shifts shared evenly within each cohort of department, grade and home pool (people who
 * stand in for one another), the window's history counted: the member with the most (history plus this period)
 * exchanges a stretch of days of their roster with the member with the fewest, so that some of the nights or
 * weekend shifts change hands. After a night only another night or a day off leaves the rest, so single days
 * rarely move: stretches of one to four days around the unsocial day are tried, each person taking the other's
 * work as it was, every rule checked as it is placed. An exchange is kept when it lowers the cohort's sum of
 * squares of nights and weekend shifts together, puts no more lent staff to work and denies no more weight of
 * wishes than it grants; coverage never changes (each line keeps its headcount). Only staff available the
 * whole period without a standing wish (which decides their share, wishes coming first) take part, as in the
 * measure (`fairness.unsocialShifts`). Tries are counted, so a run is
 * reproducible; the clock only stops it early.
 */
export function shareUnsocialByCohort(ctx: SolveContext, budget = TRIES): number {
  const { model } = ctx;
  const cohort = unsocialCohortOf(model);
  const kinds = [model.lineNight, model.lineWeekend];
  const histories = [model.historyNight, model.historyWeekend].map((hours) =>
    historyShifts(model, hours, cohort),
  );
  const eligible = kinds.map((of) => eligibleForKind(ctx.model, ctx.masks, of));
  const members = new Map<number, number[]>();
  for (let e = 0; e < model.employeeCount; e++) {
    if (model.availableDays[e] !== model.dayCount || model.wishes.standing[e]) continue;
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

/** Stretches looked at in all (most fail a cheap check at their edges before anything moves). */
const TRIES = 50_000;
/** The richest few against the poorest few: further in, exchanges rarely lower the spread. */
const EXTREMES = 3;
/** Around one unsocial day, at most this many days. */
const LONGEST_STRETCH = 7;
/** Between two days both have off: two weeks. */
const ALIGNED_STRETCH = 14;

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
    outer: for (let i = 0; i < Math.min(EXTREMES, ranked.length); i++)
      for (let j = ranked.length - 1; j > Math.max(i, ranked.length - 1 - EXTREMES); j--) {
        const rich = ranked[i]!;
        const poor = ranked[j]!;
        if (value(rich, k) - value(poor, k) <= 1 + 1e-9) break;
        if (exchangeStretch(state, rich, poor, k) || giveAndTake(state, rich, poor, k)) {
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
  // What the shifts of each kind moving from `rich` to `poor` do to the cohort's sum of squares.
  const gain = (from: number, to: number, kind: number) => {
    const moved = shiftsMoved(from, to, kind);
    const r = counts[kind]![rich]! + histories[kind]![rich]!;
    const p = counts[kind]![poor]! + histories[kind]![poor]!;
    return 2 * moved * (r - p - moved);
  };
  const tryStretch = (first: number, last: number): boolean => {
    state.tries--;
    if (gain(first, last, 0) + gain(first, last, 1) <= 1e-9) return false;
    if (!edgesFit(ctx, rich, poor, first, last) || !edgesFit(ctx, poor, rich, first, last)) return false;
    // Read before the exchange: afterwards the two hold each other's lines.
    const moved = [shiftsMoved(first, last, 0), shiftsMoved(first, last, 1)];
    if (!swapStretch(ctx, rich, poor, first, last)) return false;
    for (let kind = 0; kind < kinds.length; kind++) {
      counts[kind]![rich]! -= moved[kind]!;
      counts[kind]![poor]! += moved[kind]!;
    }
    return true;
  };
  // Stretches between days both have off (or the period's ends): runs, rest and nights inside stay as they were,
  // so these seldom break a rule however long. Then short stretches around each of the kind's days.
  const bothOff = [-1];
  for (let d = 0; d < days; d++)
    if (roster.lineOf[rich * days + d]! < 0 && roster.lineOf[poor * days + d]! < 0) bothOff.push(d);
  bothOff.push(days);
  for (let i = 0; i < bothOff.length; i++)
    for (let j = i + 1; j < bothOff.length && bothOff[j]! - bothOff[i]! - 1 <= ALIGNED_STRETCH; j++) {
      if (state.tries <= 0) return false;
      if (bothOff[j]! - bothOff[i]! > 1 && tryStretch(bothOff[i]! + 1, bothOff[j]! - 1)) return true;
    }
  for (let d = 0; d < days; d++) {
    if (!kindOn(rich, d) || kindOn(poor, d)) continue;
    for (let length = 1; length <= LONGEST_STRETCH; length++)
      for (let first = Math.max(0, d - length + 1); first <= d && first + length <= days; first++) {
        if (state.tries <= 0) return false;
        if (tryStretch(first, first + length - 1)) return true;
      }
  }
  return false;
}

/**
 * Whether `e`, taking `other`'s lines over the stretch, could keep the rest at its edges and may work them (a
 * cheap look before anything moves; the placement checks every rule again).
 */
function edgesFit(ctx: SolveContext, e: number, other: number, first: number, last: number): boolean {
  const { model, roster } = ctx;
  const days = model.dayCount;
  for (let d = first; d <= last; d++) {
    const l = roster.lineOf[other * days + d]!;
    if (l >= 0 && !isEligible(ctx.masks, e, l)) return false;
  }
  const before = first > 0 ? roster.lineOf[e * days + first - 1]! : -1;
  const opening = roster.lineOf[other * days + first]!;
  if (before >= 0 && opening >= 0 && !linesRest(model, before, opening)) return false;
  const after = last + 1 < days ? roster.lineOf[e * days + last + 1]! : -1;
  const closing = roster.lineOf[other * days + last]!;
  return after < 0 || closing < 0 || linesRest(model, closing, after);
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
    for (const cell of [ca, cb]) if (!workMayChange(ctx, cell)) return false;
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

/**
 * Where the poorer member is off on a day the richer works one of the kind's lines, the line changes hands; when
 * that would leave the poorer with more hours than the richer, the richer takes back one of the poorer's other
 * lines on a day the richer is off, so hours stay as they were. Kept when the squares fall, lent staff and
 * wishes hold; else undone.
 */
function giveAndTake(state: Exchange, rich: number, poor: number, k: number): boolean {
  const { ctx, kinds, histories } = state;
  const { model, roster } = ctx;
  const days = model.dayCount;
  const squares = () => {
    let sum = 0;
    for (let kind = 0; kind < kinds.length; kind++)
      for (const e of [rich, poor]) {
        const value = countOf(ctx, e, kinds[kind]!) + histories[kind]![e]!;
        sum += value * value;
      }
    return sum;
  };
  const before = squares();
  for (let d = 0; d < days && state.tries > 0; d++) {
    const l = roster.lineOf[rich * days + d]!;
    const cell = poor * days + d;
    if (
      l < 0 ||
      !kinds[k]![l] ||
      roster.lineOf[cell]! >= 0 ||
      !workMayChange(ctx, cell) ||
      !workMayChange(ctx, rich * days + d)
    )
      continue;
    state.tries--;
    if (!mayHandOver(ctx, rich, poor, d, l)) continue;
    const rule = roster.ruleOf[rich * days + d]!;
    remove(ctx, rich, d);
    if (canTake(model, roster, poor, l) && placeIfLendingAllows(ctx, poor, l)) {
      if (roster.periodHours[poor]! <= roster.periodHours[rich]! + 1e-9 && squares() < before - 1e-9) {
        recount(state, rich, poor);
        return true;
      }
      const taken = takeBack(ctx, rich, poor, kinds[k]!);
      if (taken !== null && squares() < before - 1e-9) {
        recount(state, rich, poor);
        return true;
      }
      // The line taken back goes back too: left with the richer, giving the richer their line again could
      // break a run or a week's hours (found at 200 × 28 `mixed` s5: seven days in a row, 56 hours).
      if (taken !== null) {
        remove(ctx, rich, taken.day);
        place(ctx, poor, taken.line, taken.rule);
      }
      remove(ctx, poor, d);
    }
    place(ctx, rich, l, rule);
  }
  return false;
}

/**
 * Whether line `l` of day `d` may pass from `from` to `to`, who is off that day: `to` is eligible, no more lent
 * staff work, and no more weight of wishes is denied.
 */
function mayHandOver(ctx: SolveContext, from: number, to: number, d: number, l: number): boolean {
  const { model } = ctx;
  if (!isEligible(ctx.masks, to, l) || (!isHomePool(model, to, l) && isHomePool(model, from, l)))
    return false;
  return (
    wishCost(model, to, d, l) + wishCost(model, from, d, -1) <=
    wishCost(model, to, d, -1) + wishCost(model, from, d, l)
  );
}

/**
 * The richer takes one of the poorer's lines not of the kind, on a day the richer is off; returns what moved (for
 * the caller to undo), or null when nothing did.
 */
function takeBack(
  ctx: SolveContext,
  rich: number,
  poor: number,
  of: Uint8Array,
): { day: number; line: number; rule: number } | null {
  const { model, roster } = ctx;
  const days = model.dayCount;
  for (let d = 0; d < days; d++) {
    const cell = poor * days + d;
    const m = roster.lineOf[cell]!;
    if (m < 0 || of[m] || roster.fixed[cell] || ctx.fromPrevious[cell]) continue;
    const richCell = rich * days + d;
    if (roster.lineOf[richCell]! >= 0 || !availableOn(model, richCell)) continue;
    if (!mayHandOver(ctx, poor, rich, d, m)) continue;
    const rule = roster.ruleOf[cell]!;
    remove(ctx, poor, d);
    if (canTake(model, roster, rich, m) && placeIfLendingAllows(ctx, rich, m))
      return { day: d, line: m, rule };
    place(ctx, poor, m, rule);
  }
  return null;
}

function recount(state: Exchange, ...employees: number[]): void {
  state.kinds.forEach((of, kind) => {
    for (const e of employees) state.counts[kind]![e] = countOf(state.ctx, e, of);
  });
}

function countOf(ctx: SolveContext, e: number, of: Uint8Array): number {
  let count = 0;
  for (let d = 0; d < ctx.model.dayCount; d++) {
    const l = ctx.roster.lineOf[e * ctx.model.dayCount + d]!;
    if (l >= 0 && of[l]) count++;
  }
  return count;
}
