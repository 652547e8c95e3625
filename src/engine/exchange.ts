import { coverage, outOfTime, type SolveContext } from './context.ts';
import { place, placeIfLendingAllows, remove } from './moves.ts';
import { eligibleOf, isEligible, workMayChange } from './rules/eligibility.ts';
import { canTake, daysToGiveUp, rulesAllow } from './rules/placement.ts';
import { linesApartRest } from './rules/rest.ts';

/**
 * Exact exchanges over two days. The optimum's missing moves hand evening and morning work between a few
 * employees across two days at once (one gives up an evening so that they may work the next morning, another
 * takes that evening, a third moves to where the second was…), which day-by-day matching and one-for-one
 * ejection chains cannot see. For each pair of consecutive days with a line still short, a handful of staff is
 * freed on both days and staffed again exactly: one employee kept off a short line by their own work on the
 * other day with a same-day chain there that would let them stay, or two such employees with the holders of
 * the lines they could move to. The staffing is a depth-first search over each freed employee-day, pruned by
 * a matching bound (the freed employee-days matched to what the lines still need, the two days taken apart),
 * with the rest of the roster held. A better staffing is kept, else the old one comes back as it was.
 * Work is capped by counts (search nodes), so a run is reproducible; the clock only stops it early.
 */
export function exchange(ctx: SolveContext, nodeBudget: number, target: number): number {
  const { model } = ctx;
  if (model.dayCount < 2 || nodeBudget <= 0) return 0;
  const search = createSearch(ctx);
  let gained = 0;
  for (let pass = 0; pass < PASSES && search.nodesLeft(nodeBudget); pass++) {
    const before = gained;
    for (let first = 0; first + 1 < model.dayCount; first++) {
      let blocked = blockedStaff(ctx, first, pass);
      // First each blocked employee with a same-day chain that lets them stay on the other day, then pairs of
      // blocked employees with the holders most likely to trade with them.
      for (let k = 0; k < blocked.length && k < ATTEMPTS; k++) {
        if (!search.nodesLeft(nodeBudget) || outOfTime(ctx)) return gained;
        const chain = chainFor(ctx, first, blocked[k]![0], blocked[k]![1], blocked);
        if (chain.length === 0) continue;
        const gain = search.solve(first, [blocked[k]![0], ...chain]);
        if (gain > 0) {
          gained += gain;
          blocked = blockedStaff(ctx, first, pass);
        }
      }
      for (let attempt = 0; attempt * FIRST_LEVEL < blocked.length && attempt < ATTEMPTS; attempt++) {
        if (!search.nodesLeft(nodeBudget) || outOfTime(ctx) || coverage(ctx) >= target) return gained;
        const chosen = new Map(blocked.slice(attempt * FIRST_LEVEL, (attempt + 1) * FIRST_LEVEL));
        const staff = [
          ...chosen.keys(),
          ...holdersFor(ctx, first, chosen, pass).slice(0, STAFF - chosen.size),
        ];
        const gain = search.solve(first, staff);
        if (gain > 0) {
          gained += gain;
          blocked = blockedStaff(ctx, first, pass);
        }
      }
    }
    if (gained === before) break;
  }
  return gained;
}

/** Sweeps over all day pairs while one still gains; exchanges per pair, each with other staff. */
const PASSES = 4;
const ATTEMPTS = 30;
/**
 * Employees freed per exchange: two kept off a short line by their own work on the other day, and four
 * holders of what they could move to (more staff cost nodes without finding more).
 */
const FIRST_LEVEL = 2;
const STAFF = 6;
/** Search nodes per exchange: six employees over two days rarely need more to be settled. */
const NODES_PER_EXCHANGE = 500;

/** Whether the employee's work that day may be changed: available, and neither fixed nor carried over. */
function freeable(ctx: SolveContext, e: number, day: number): boolean {
  return workMayChange(ctx, e * ctx.model.dayCount + day);
}

/**
 * The blocked staff of days `first` and `first + 1`, one short line each, in an order shaken by the pass: the
 * first links of an exchange (see blockedOn); each exchange takes the next two.
 */
function blockedStaff(ctx: SolveContext, first: number, pass: number): [number, number][] {
  const blocked = blockedOn(ctx, first).sort(
    (a, b) => mix(a[0] * 65_536 + a[1], pass) - mix(b[0] * 65_536 + b[1], pass) || a[0] - b[0] || a[1] - b[1],
  );
  const distinct = new Map<number, number>();
  for (const [e, l] of blocked) if (!distinct.has(e)) distinct.set(e, l);
  return [...distinct];
}

/**
 * Pairs [employee, short line] where the employee's own work on the other day of the two keeps them off the
 * line (rest, consecutive days or weekly hours): freeing that work is what can gain.
 */
function blockedOn(ctx: SolveContext, first: number): [number, number][] {
  const { model, roster } = ctx;
  const days = model.dayCount;
  const blocked: [number, number][] = [];
  for (const day of [first, first + 1]) {
    const other = day === first ? first + 1 : first;
    for (const l of model.linesByDay[day]!) {
      if (roster.assignedCount[l]! >= model.lineRequired[l]!) continue;
      for (const e of eligibleOf(ctx.masks, l)) {
        if (roster.lineOf[e * days + day]! >= 0 || roster.lineOf[e * days + other]! < 0) continue;
        if (!freeable(ctx, e, day) || !freeable(ctx, e, other) || rulesAllow(model, roster, e, l)) continue;
        if (daysToGiveUp(model, roster, e, l).includes(other)) blocked.push([e, l]);
      }
    }
  }
  return blocked;
}

/**
 * Holders of the other day's lines, most useful first, for blocked staff (employee → short line): those
 * holding a line the blocked could move to while still taking their short line (shift times that leave the
 * rest), and those who could take over a blocked employee's own line there; the two links of the chain that
 * day-by-day matching and one-for-one repair do not see.
 */
function holdersFor(ctx: SolveContext, first: number, target: Map<number, number>, pass: number): number[] {
  const { model, roster } = ctx;
  const days = model.dayCount;
  const score = new Map<number, number>();
  for (const [f, l] of target) {
    const day = model.lineDay[l]!;
    const other = day === first ? first + 1 : first;
    const own = roster.lineOf[f * days + other]!;
    for (const line of model.linesByDay[other]!) {
      if (isEligible(ctx.masks, f, line) && linesApartRest(model, line, l))
        for (const e of eligibleOf(ctx.masks, line))
          if (leaves(ctx, target, e, other, line)) score.set(e, (score.get(e) ?? 0) + 2);
      if (line === own) continue;
      if (isEligible(ctx.masks, f, line))
        for (const e of eligibleOf(ctx.masks, line))
          if (leaves(ctx, target, e, other, line) && isEligible(ctx.masks, e, own))
            score.set(e, (score.get(e) ?? 0) + 1);
    }
  }
  return [...score]
    .sort((a, b) => b[1] - a[1] || mix(a[0], pass) - mix(b[0], pass) || a[0] - b[0])
    .map(([e]) => e);
}

/** Whether the employee, not among the blocked, holds the line on that day and may leave it. */
function leaves(
  ctx: SolveContext,
  target: Map<number, number>,
  e: number,
  day: number,
  line: number,
): boolean {
  return !target.has(e) && ctx.roster.lineOf[e * ctx.model.dayCount + day] === line && freeable(ctx, e, day);
}

/**
 * A same-day chain on the other day that frees the blocked employee there: someone takes over the employee's
 * line, someone else theirs, … until the line left open is one the employee may work while leaving the rest
 * before (or after) the short line, or one another blocked employee may work that way (who then leaves their
 * own line open there and takes their short line: two heads gained for one lost). Breadth-first over that
 * day's lines; the employees of the shortest chain found, the other blocked one last (empty when none within
 * reach).
 */
function chainFor(
  ctx: SolveContext,
  first: number,
  f: number,
  short: number,
  blocked: readonly [number, number][],
): number[] {
  const { model, roster } = ctx;
  const days = model.dayCount;
  const other = model.lineDay[short] === first ? first + 1 : first;
  const start = roster.lineOf[f * days + other]!;
  const mover = new Map<number, number>();
  const cameFrom = new Map<number, number>([[start, -1]]);
  const queue = [start];
  for (let q = 0; q < queue.length && q < CHAIN_LINES; q++) {
    const line = queue[q]!;
    for (const e of eligibleOf(ctx.masks, line)) {
      const own = roster.lineOf[e * days + other]!;
      if (e === f || own < 0 || own === line || cameFrom.has(own) || !freeable(ctx, e, other)) continue;
      if (!rulesAllow(model, roster, e, line)) continue;
      cameFrom.set(own, line);
      mover.set(own, e);
      if (isEligible(ctx.masks, f, own) && linesApartRest(model, own, short))
        return moversTo(own, start, cameFrom, mover);
      for (const [g, gShort] of blocked)
        if (g !== f && model.lineDay[gShort] === model.lineDay[short] && isEligible(ctx.masks, g, own))
          if (linesApartRest(model, own, gShort)) return [...moversTo(own, start, cameFrom, mover), g];
      queue.push(own);
    }
  }
  return [];
}

/** The employees moved along the chain that ends at `line`, back to the start. */
function moversTo(
  line: number,
  start: number,
  cameFrom: Map<number, number>,
  mover: Map<number, number>,
): number[] {
  const movers: number[] = [];
  for (let at = line; at !== start; at = cameFrom.get(at)!) movers.push(mover.get(at)!);
  return movers;
}

/** Lines a chain search may open before it gives up. */
const CHAIN_LINES = 60;

function mix(e: number, seed: number): number {
  let h = Math.imul(e + 1, 0x9e3779b1) ^ Math.imul(seed + 1, 0x85ebca77);
  h = Math.imul(h ^ (h >>> 16), 0x7feb352d);
  return (h ^ (h >>> 15)) >>> 0;
}

/**
 * One augmenting step of the matching bound: slot `s` takes a line with room, or one whose holder moves on to
 * another line. A module function rather than a closure per call: the search calls the bound at every node,
 * and under tsx (which keeps function names) each closure created costs a property definition.
 */
function augmentSlot(
  slots: readonly Slot[],
  s: number,
  holders: Map<number, number[]>,
  seen: Set<number>,
  need: (l: number) => number,
): boolean {
  for (const l of slots[s]!.lines) {
    if (seen.has(l)) continue;
    seen.add(l);
    const held = holders.get(l) ?? [];
    if (held.length < need(l)) {
      held.push(s);
      holders.set(l, held);
      return true;
    }
    for (let k = 0; k < held.length; k++)
      if (augmentSlot(slots, held[k]!, holders, seen, need)) {
        held[k] = s;
        return true;
      }
  }
  return false;
}

interface Slot {
  e: number;
  day: number;
  /** Line held before the exchange (-1 when off) and the lending rule it used. */
  oldLine: number;
  oldRule: number;
  /** Lines of the day the employee may work, given the roster with every slot freed (a superset later). */
  lines: number[];
}

function createSearch(ctx: SolveContext) {
  const { model, roster } = ctx;
  let nodes = 0;
  const need = (l: number) => model.lineRequired[l]! - roster.assignedCount[l]!;

  /**
   * Upper bound on how many of the slots from `from` on can still be staffed: a maximum matching of those
   * slots to what the lines still need (each slot's own lines; both days at once, the rules between them
   * relaxed).
   */
  const matchingBound = (slots: Slot[], from: number): number => {
    const holders = new Map<number, number[]>();
    const seen = new Set<number>();
    let matched = 0;
    for (let s = from; s < slots.length; s++) {
      seen.clear();
      if (augmentSlot(slots, s, holders, seen, need)) matched++;
    }
    return matched;
  };

  const solve = (first: number, staff: readonly number[]): number => {
    const slots: Slot[] = [];
    // Each employee once, whatever lists they came from (a chain and the blocked may share someone).
    for (const e of new Set(staff))
      for (const day of [first, first + 1]) {
        if (!freeable(ctx, e, day)) continue;
        const cell = e * model.dayCount + day;
        slots.push({ e, day, oldLine: roster.lineOf[cell]!, oldRule: roster.ruleOf[cell]!, lines: [] });
      }
    let removed = 0;
    for (const slot of slots)
      if (slot.oldLine >= 0) {
        remove(ctx, slot.e, slot.day);
        removed++;
      }
    for (const slot of slots) {
      slot.lines = model.linesByDay[slot.day]!.filter(
        (l) => need(l) > 0 && isEligible(ctx.masks, slot.e, l) && rulesAllow(model, roster, slot.e, l),
      );
      // The old line first: the first dive rebuilds the old staffing, so the search starts from it.
      if (slot.oldLine >= 0) {
        const at = slot.lines.indexOf(slot.oldLine);
        if (at > 0) slot.lines.unshift(...slot.lines.splice(at, 1));
      }
    }
    let best = removed;
    let bestChoice: Int32Array | null = null;
    const choice = new Int32Array(slots.length).fill(-1);
    const cap = nodes + NODES_PER_EXCHANGE;
    const dive = (s: number, placed: number): void => {
      if (nodes >= cap) return;
      nodes++;
      if (s === slots.length) {
        if (placed > best) {
          best = placed;
          bestChoice = choice.slice();
        }
        return;
      }
      if (placed + (slots.length - s) <= best || placed + matchingBound(slots, s) <= best) return;
      const slot = slots[s]!;
      for (const l of slot.lines) {
        if (need(l) <= 0 || !canTake(model, roster, slot.e, l) || !placeIfLendingAllows(ctx, slot.e, l))
          continue;
        choice[s] = l;
        dive(s + 1, placed + 1);
        remove(ctx, slot.e, slot.day);
        choice[s] = -1;
        if (nodes >= cap) return;
      }
      dive(s + 1, placed);
    };
    dive(0, 0);
    if (bestChoice === null) {
      for (const slot of slots) if (slot.oldLine >= 0) place(ctx, slot.e, slot.oldLine, slot.oldRule);
      return 0;
    }
    // Replayed in the order the search placed them, the choices meet the same rules and lending caps again.
    const chosen: Int32Array = bestChoice;
    slots.forEach((slot, s) => {
      if (chosen[s]! >= 0) placeIfLendingAllows(ctx, slot.e, chosen[s]!);
    });
    return best - removed;
  };

  return { solve, nodesLeft: (budget: number) => nodes < budget };
}
