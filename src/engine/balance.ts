import { candidateKey, outOfTime, type SolveContext } from './context.ts';
import { place, placeIfLendingAllows, remove } from './moves.ts';
import { eligibleOf, isEligible, isHomePool } from './rules/eligibility.ts';
import { canTake, rulesAllow } from './rules/placement.ts';

const MARGIN = 0.01;

/**
 * Evens out workload without changing coverage: an assignment passes to a better-ranked employee (home pool,
 * lighter pro-rated load, preference) who could take it. Fixed and carried-over assignments stay put. Line by
 * line, the holders, worst-ranked first, are paired with the free staff who could take the line, best-ranked
 * first, for as long as the taker ranks better: each line's candidates are ranked once per pass rather than
 * once per assignment.
 */
export function balance(ctx: SolveContext, passes = 4): number {
  const { model } = ctx;
  let moved = 0;
  for (let pass = 0; pass < passes; pass++) {
    let passMoves = 0;
    for (let day = 0; day < model.dayCount && !outOfTime(ctx); day++) {
      const holders = holdersOn(ctx, day);
      let free = freeOn(ctx, day);
      for (const l of model.linesByDay[day]!) {
        const moves = balanceLine(ctx, l, holders.get(l) ?? [], free);
        if (moves > 0) free = freeOn(ctx, day);
        passMoves += moves;
      }
    }
    moved += passMoves;
    if (passMoves === 0) break;
  }
  return moved;
}

/**
 * Who works each line of the day, in index order: read once per day rather than by scanning every eligible
 * employee of every line (balancing a line moves only its own holders, so the other lists stay right).
 */
function holdersOn(ctx: SolveContext, day: number): Map<number, number[]> {
  const { model, roster } = ctx;
  const holders = new Map<number, number[]>();
  for (let e = 0; e < model.employeeCount; e++) {
    const l = roster.lineOf[e * model.dayCount + day]!;
    if (l < 0) continue;
    const list = holders.get(l);
    if (list === undefined) holders.set(l, [e]);
    else list.push(e);
  }
  return holders;
}

/**
 * Who is free on the day, in index order: the takers of a line are looked for among them (a few hundred on a
 * tight day) rather than among all its eligible staff; read again after a line's holders change.
 */
function freeOn(ctx: SolveContext, day: number): number[] {
  const { model, roster } = ctx;
  const free: number[] = [];
  for (let e = 0; e < model.employeeCount; e++)
    if (roster.lineOf[e * model.dayCount + day]! < 0) free.push(e);
  return free;
}

/** Indexes of `keys` sorted by key (descending when asked), ties by the employee index. */
function order(keys: number[], ids: number[], descending: boolean): number[] {
  const sign = descending ? -1 : 1;
  return keys.map((_, i) => i).sort((a, b) => sign * (keys[a]! - keys[b]!) || ids[a]! - ids[b]!);
}

function balanceLine(
  ctx: SolveContext,
  l: number,
  working: readonly number[],
  free: readonly number[],
): number {
  const { model, roster } = ctx;
  const day = model.lineDay[l]!;
  const holders: number[] = [];
  const holderKeys: number[] = [];
  const takers: number[] = [];
  const takerKeys: number[] = [];
  let worst = Number.NEGATIVE_INFINITY;
  for (const e of working) {
    const cell = e * model.dayCount + day;
    if (roster.fixed[cell] || ctx.fromPrevious[cell] || !isEligible(ctx.masks, e, l)) continue;
    // The holder's rank as a candidate for the line: their load without it, plus it.
    const rule = roster.ruleOf[cell]!;
    remove(ctx, e, day);
    const key = candidateKey(ctx, e, l);
    place(ctx, e, l, rule);
    holders.push(e);
    holderKeys.push(key);
    worst = Math.max(worst, key);
  }
  if (holders.length === 0) return 0;
  // Only staff ranked better than the worst holder could take over: the rank first, the rules after.
  for (const e of free) {
    if (!isEligible(ctx.masks, e, l)) continue;
    const key = candidateKey(ctx, e, l);
    if (key < worst - MARGIN && canTake(model, roster, e, l)) {
      takers.push(e);
      takerKeys.push(key);
    }
  }
  if (takers.length === 0) return 0;
  const byTaker = order(takerKeys, takers, false);
  let moves = 0;
  let j = 0;
  for (const i of order(holderKeys, holders, true)) {
    const e = holders[i]!;
    let moved = false;
    while (!moved && j < byTaker.length && takerKeys[byTaker[j]!]! < holderKeys[i]! - MARGIN) {
      const f = takers[byTaker[j++]!]!;
      const rule = roster.ruleOf[e * model.dayCount + day]!;
      remove(ctx, e, day);
      moved = placeIfLendingAllows(ctx, f, l);
      if (!moved) place(ctx, e, l, rule);
    }
    // Holders further on rank better and takers further on worse: none of them could gain either.
    if (!moved) break;
    moves++;
  }
  return moves;
}

/**
 * Same-day exchanges that move unsocial (night and weekend) work from someone with more of it, pro-rated, to
 * someone with less who works a sociable shift of equal paid hours that day. Coverage, hours and home-pool use
 * stay as they are; every rule is checked again after the exchange. Line by line: holders with the most
 * unsocial work first, partners with the least first.
 */
export function shareUnsocialWork(ctx: SolveContext): number {
  const { model } = ctx;
  let swaps = 0;
  for (let day = 0; day < model.dayCount && !outOfTime(ctx); day++)
    for (const l of model.linesByDay[day]!) if (model.lineUnsocial[l]) swaps += shareLine(ctx, l);
  return swaps;
}

function shareLine(ctx: SolveContext, l: number): number {
  const { model, roster, masks } = ctx;
  const day = model.lineDay[l]!;
  const hours = model.lineHours[l]!;
  const scale = (e: number) => model.dayCount / Math.max(1, model.availableDays[e]!);
  const movable = (cell: number) => !roster.fixed[cell] && !ctx.fromPrevious[cell];
  const holders: number[] = [];
  const holderValues: number[] = [];
  const partners: number[] = [];
  const partnerValues: number[] = [];
  for (const e of eligibleOf(masks, l)) {
    const cell = e * model.dayCount + day;
    const m = roster.lineOf[cell]!;
    if (m < 0 || !movable(cell)) continue;
    if (m === l) {
      holders.push(e);
      holderValues.push(ctx.unsocialHours[e]! * scale(e));
    } else if (!model.lineUnsocial[m] && model.lineHours[m] === hours && rulesAllow(model, roster, e, l)) {
      partners.push(e);
      partnerValues.push((ctx.unsocialHours[e]! + hours) * scale(e));
    }
  }
  if (holders.length === 0 || partners.length === 0) return 0;
  const byPartner = order(partnerValues, partners, false);
  const used = new Uint8Array(partners.length);
  let swaps = 0;
  for (const i of order(holderValues, holders, true)) {
    const e = holders[i]!;
    const cell = e * model.dayCount + day;
    let first = true;
    for (const p of byPartner) {
      if (used[p]) continue;
      if (partnerValues[p]! >= holderValues[i]! - MARGIN) break;
      first = false;
      const f = partners[p]!;
      const other = f * model.dayCount + day;
      const m = roster.lineOf[other]!;
      if (!isEligible(masks, e, m) || !rulesAllow(model, roster, e, m)) continue;
      const lentBefore = Number(!isHomePool(model, e, l)) + Number(!isHomePool(model, f, m));
      if (Number(!isHomePool(model, f, l)) + Number(!isHomePool(model, e, m)) > lentBefore) continue;
      const ruleE = roster.ruleOf[cell]!;
      const ruleF = roster.ruleOf[other]!;
      remove(ctx, e, day);
      remove(ctx, f, day);
      if (canTake(model, roster, e, m) && placeIfLendingAllows(ctx, e, m)) {
        if (canTake(model, roster, f, l) && placeIfLendingAllows(ctx, f, l)) {
          used[p] = 1;
          swaps++;
          break;
        }
        remove(ctx, e, day);
      }
      place(ctx, e, l, ruleE);
      place(ctx, f, m, ruleF);
    }
    // No partner left with less unsocial work than this holder: holders further on have less still.
    if (first) break;
  }
  return swaps;
}
