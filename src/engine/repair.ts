import { outOfTime, type SolveContext } from './context.ts';
import { augment, dayRules, movableCandidates } from './day-fill.ts';
import { placeIfLendingAllows, remove, tryPlace } from './moves.ts';
import { eligibleOf, isEligible } from './rules/eligibility.ts';
import { canTakeIfMoved, daysToGiveUp, rulesAllow } from './rules/placement.ts';
import { bestTaker } from './takers.ts';

/**
 * Cross-day repair. For a line still short, an employee blocked by their own work on a nearby day (rest,
 * consecutive days, weekly hours or the same day) gives that work up, takes the short line, and someone
 * free takes over what they gave up: one more head covered per success. Lines found to have no free taker
 * are remembered until a day that could change the answer is touched, and a day with nobody free who could
 * work it is not tried at all.
 */
export function repair(
  ctx: SolveContext,
  depth = 1,
  totalAttempts = Number.POSITIVE_INFINITY,
  only?: readonly number[],
): number {
  const { model, roster } = ctx;
  if (outOfTime(ctx)) return 0;
  const dayVersion = new Int32Array(model.dayCount);
  const noTakerAt = new Map<number, number>();
  // A change on one day can affect who may work up to a week either side (weekly hours, consecutive days).
  const reach = Math.max(7, model.maxConsecutiveDays + 1);
  const touch = (day: number) => {
    for (let d = Math.max(0, day - reach); d <= Math.min(model.dayCount - 1, day + reach); d++)
      dayVersion[d]!++;
  };
  const supply = createSupply(ctx);
  // Who could work each line instead of their own work that day, for the committed roster, kept up to date
  // after each chain for the employees it changed (the rules of others do not depend on them; a lending cap
  // that filled up is caught when the move is made). While a chain is being built only the employees it moves
  // differ from the committed roster: a list built then leaves them out and remembers them as unsure, and a
  // later use looks at the unsure ones again as they then stand. The chain's own employees are never part of
  // a same-day chain.
  const listAt = new Map<number, { list: number[]; unsure: number[] }>();
  // The rules of a day for each employee and shift times, worked out once while no chain has changed a day
  // within reach (the versions say so); never for the employees a chain is moving, who stand apart for now.
  const rulesOfDay = new Map<number, { version: number; allow: (e: number, l: number) => boolean }>();
  const rulesOn = (day: number) => {
    let rules = rulesOfDay.get(day);
    if (rules === undefined || rules.version !== dayVersion[day]) {
      rules = { version: dayVersion[day]!, allow: dayRules(ctx, day) };
      rulesOfDay.set(day, rules);
    }
    return rules.allow;
  };
  // The caller skips the employees being moved (and the one excluded).
  const candidatesFor = (l: number, moving: ReadonlySet<number>): readonly number[] => {
    let cached = listAt.get(l);
    if (cached === undefined) {
      const allow = rulesOn(model.lineDay[l]!);
      const list = movableCandidates(ctx, l, false, (e, m) => !moving.has(e) && allow(e, m));
      cached = { list, unsure: [...moving] };
      listAt.set(l, cached);
    }
    if (cached.unsure.length === 0) return cached.list;
    const extra = cached.unsure.filter((e) => !moving.has(e) && isEligible(ctx.masks, e, l) && movable(e, l));
    return extra.length === 0 ? cached.list : [...cached.list, ...extra];
  };
  const refreshLists = (changed: readonly number[], moved: readonly number[]) => {
    // Lent work that moved changes what the lending caps into its pool allow others that day: the lists of
    // that pool's lines that day start afresh.
    for (let i = 0; i < moved.length; i += 2) {
      const e = Math.floor(moved[i]! / model.dayCount);
      const day = moved[i]! - e * model.dayCount;
      const now = roster.lineOf[moved[i]!]!;
      for (const line of [moved[i + 1]!, now])
        if (line >= 0 && model.linePool[line] !== model.homePool[e])
          for (const m of model.linesByDay[day]!)
            if (model.linePool[m] === model.linePool[line]) listAt.delete(m);
    }
    for (const cell of changed) {
      const e = Math.floor(cell / model.dayCount);
      const day = cell - e * model.dayCount;
      for (let d = Math.max(0, day - reach); d <= Math.min(model.dayCount - 1, day + reach); d++)
        for (const m of model.linesByDay[d]!) {
          const cached = listAt.get(m);
          if (cached === undefined || !isEligible(ctx.masks, e, m)) continue;
          const { list } = cached;
          let at = 0;
          let high = list.length;
          while (at < high) {
            const mid = (at + high) >>> 1;
            if (list[mid]! < e) at = mid + 1;
            else high = mid;
          }
          const listed = list[at] === e;
          const wanted = movable(e, m);
          if (wanted && !listed) list.splice(at, 0, e);
          else if (!wanted && listed) list.splice(at, 1);
          if (cached.unsure.includes(e)) cached.unsure = cached.unsure.filter((u) => u !== e);
        }
    }
  };
  const movable = (e: number, l: number) =>
    !roster.fixed[e * model.dayCount + model.lineDay[l]!] && canTakeIfMoved(model, roster, e, l);
  const search: ChainSearch = {
    ctx,
    supply,
    budget: 0,
    banned: new Set(),
    chain: [],
    hopeless: (line) => noTakerAt.get(line) === dayVersion[model.lineDay[line]!],
    // Fills one more place on the line, directly or by a same-day chain of moves; failures are remembered.
    refill: (line, exclude) => {
      const day = model.lineDay[line]!;
      if (noTakerAt.get(line) === dayVersion[day] || !supply.has(day, exclude, search.banned)) return false;
      const taker = bestTaker(ctx, line, exclude);
      if (taker >= 0 && placeIfLendingAllows(ctx, taker, line)) return true;
      const dead = new Set<number>();
      const candidates = (l: number) => candidatesFor(l, search.banned);
      const skip = exclude < 0 ? search.banned : [...search.banned, exclude];
      if (augment(ctx, day, line, candidates, dead, skip)) return true;
      for (const l of dead) noTakerAt.set(l, dayVersion[day]!);
      return false;
    },
  };

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
        search.chain = [model.lineDay[l]!];
        search.budget = Math.min(left, ATTEMPTS_PER_LINE);
        ctx.moved = [];
        const closed = search.refill(l, -1) || eject(search, l, depth);
        if (closed) {
          const changed = changedCells(roster, ctx.moved);
          supply.update(changed);
          refreshLists(changed, ctx.moved);
        }
        ctx.moved = null;
        left -= Math.min(left, ATTEMPTS_PER_LINE) - Math.max(0, search.budget);
        if (!closed) {
          failedAt.set(l, dayVersion[model.lineDay[l]!]!);
          break;
        }
        passGain++;
        for (const day of search.chain) touch(day);
      }
    }
    gained += passGain;
    if (passGain === 0) break;
  }
  return gained;
}

/** Work allowed per short line: ejection chains branch quickly, and most short lines cannot be helped. */
const ATTEMPTS_PER_LINE = 400;

interface ChainSearch {
  ctx: SolveContext;
  supply: Supply;
  /** Attempts left for the current line. */
  budget: number;
  /** Employees moved by the chain being built (never moved twice). */
  banned: Set<number>;
  /** Days the chain touched, once it closes. */
  chain: number[];
  refill: (line: number, exclude: number) => boolean;
  hopeless: (line: number) => boolean;
}

/**
 * An employee gives up one day's work to take the line; what they gave up is refilled by someone free, or, with
 * depth left, by the same move one level down. Every step is undone when the chain does not close.
 */
function eject(search: ChainSearch, l: number, depth: number): boolean {
  const { ctx, supply, banned } = search;
  const { model, roster } = ctx;
  const day = model.lineDay[l]!;
  const nested = banned.size > 0;
  // Whatever is given up lies within reach of the line's day; on the last level it must be refilled there,
  // so only days with someone free who could work them are worth giving up.
  let refillable: number[] | null = null;
  if (depth === 1) {
    refillable = [];
    const reach = model.maxConsecutiveDays;
    for (let d = Math.max(0, day - reach); d <= Math.min(model.dayCount - 1, day + reach); d++)
      if (supply.has(d, -1, banned)) refillable.push(d);
    if (refillable.length === 0) return false;
  }
  // Index order, not ranked: most of these tries fail, and balancing afterwards sees to the load.
  for (const e of eligibleOf(ctx.masks, l)) {
    const base = e * model.dayCount;
    if (roster.fixed[base + day] || banned.has(e)) continue;
    if (refillable !== null) {
      // On the last level, someone already working that day would leave a place that only a same-day chain
      // could fill: the refill that failed before this ejection already searched every such chain.
      if (roster.lineOf[base + day]! >= 0 || !worksOneOf(roster, base, refillable)) continue;
    }
    // One level down, looking costs too: each employee examined counts as an attempt.
    if (nested && --search.budget < 0) return false;
    // On the last level what is given up must be refilled on its day, which needs someone else free there
    // who could work it; a level higher, someone free within reach of it.
    const days = daysToGiveUp(model, roster, e, l).filter((d) =>
      depth > 1
        ? supply.near(d, banned)
        : supply.has(d, e, banned) && !search.hopeless(roster.lineOf[base + d]!),
    );
    for (const d of days) {
      if (--search.budget < 0 || outOfTime(ctx)) return false;
      const old = remove(ctx, e, d);
      if (roster.lineOf[base + day]! < 0 && tryPlace(ctx, e, l)) {
        banned.add(e);
        const closed = search.refill(old, e) || (depth > 1 && eject(search, old, depth - 1));
        banned.delete(e);
        if (closed) {
          search.chain.push(d);
          return true;
        }
        remove(ctx, e, day);
      }
      placeIfLendingAllows(ctx, e, old);
    }
  }
  return false;
}

/** Roster cells whose line differs from before the chain (`moved`: cells and their lines before, as logged). */
function changedCells(roster: SolveContext['roster'], moved: readonly number[]): number[] {
  const before = new Map<number, number>();
  for (let i = 0; i < moved.length; i += 2) if (!before.has(moved[i]!)) before.set(moved[i]!, moved[i + 1]!);
  const changed: number[] = [];
  for (const [cell, line] of before) if (roster.lineOf[cell] !== line) changed.push(cell);
  return changed;
}

/** Whether the employee (cells from `base`) has work on one of the days that could be given up. */
function worksOneOf(roster: SolveContext['roster'], base: number, days: readonly number[]): boolean {
  for (const d of days) if (roster.lineOf[base + d]! >= 0 && !roster.fixed[base + d]) return true;
  return false;
}

interface Supply {
  /** Someone other than `exclude` is free on the day and could work one of its lines. */
  has(day: number, exclude: number, moving: ReadonlySet<number>): boolean;
  /** Someone is free within reach of the day (the days a chain one level down could give up). */
  near(day: number, moving: ReadonlySet<number>): boolean;
  /** Brings the counts up to date after a chain changed the work of these roster cells. */
  update(changed: readonly number[]): void;
}

/**
 * Who is free on each day and could work at least one of its lines by the roster rules (static eligibility,
 * rest, consecutive days, weekly hours; lending caps aside), for the committed roster. A line given up on a day
 * with nobody else in it cannot be refilled (neither directly nor by a same-day chain, which must end with
 * such an employee), so the attempt is skipped without trying it. The employees a chain is moving are looked
 * at as they stand; the counts are brought up to date after every committed change.
 */
function createSupply(ctx: SolveContext): Supply {
  const { model, roster, masks } = ctx;
  const days = model.dayCount;
  const able = new Uint8Array(model.employeeCount * days);
  const count = new Int32Array(days);
  const reach = Math.max(7, model.maxConsecutiveDays + 1);
  const ableOn = (e: number, d: number): number => {
    if (roster.lineOf[e * days + d]! >= 0) return 0;
    for (const m of model.linesByDay[d]!)
      if (isEligible(masks, e, m) && rulesAllow(model, roster, e, m)) return 1;
    return 0;
  };
  for (let e = 0; e < model.employeeCount; e++)
    for (let d = 0; d < days; d++) {
      const a = ableOn(e, d);
      able[e * days + d] = a;
      count[d]! += a;
    }
  return {
    has(day, exclude, moving) {
      let c = count[day]! - (exclude >= 0 ? able[exclude * days + day]! : 0);
      for (const m of moving) if (m !== exclude) c += ableOn(m, day) - able[m * days + day]!;
      return c > 0;
    },
    near(day, moving) {
      const from = Math.max(0, day - reach);
      const to = Math.min(days - 1, day + reach);
      for (let d = from; d <= to; d++) if (count[d]! > 0) return true;
      for (const m of moving) for (let d = from; d <= to; d++) if (ableOn(m, d)) return true;
      return false;
    },
    update(changed) {
      for (const cell of changed) {
        const e = Math.floor(cell / days);
        const day = cell - e * days;
        for (let d = Math.max(0, day - reach); d <= Math.min(days - 1, day + reach); d++) {
          const a = ableOn(e, d);
          count[d]! += a - able[e * days + d]!;
          able[e * days + d] = a;
        }
      }
    },
  };
}
