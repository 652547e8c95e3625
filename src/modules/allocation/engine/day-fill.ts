import { outOfTime, rankedEligible, type SolveContext } from './context.ts';
import { eligibleOf } from './eligibility.ts';
import { placeIfLendingAllows, remove } from './moves.ts';
import { canTakeIfMoved } from './roster.ts';

/**
 * Staffs one day: a greedy pass by scarcity, then augmenting paths (an employee moves to an unfilled line and
 * someone free takes their place, chains of any length) until no unfilled line of the day can gain anyone.
 * Within a day only the one-shift-per-day and lending caps couple the lines; the rest, consecutive-day and
 * weekly rules depend on other days, so each line's candidate list stays valid for the whole day. `plain`:
 * the greedy pass alone, candidates in index order (the floor the engine never returns worse than).
 */
export function fillDay(ctx: SolveContext, day: number, first = -1, plain = false): void {
  const { model, roster } = ctx;
  const base = (e: number) => e * model.dayCount + day;
  const lines = model.linesByDay[day]!.filter((l) => roster.assignedCount[l]! < model.lineRequired[l]!);
  if (lines.length === 0) return;
  const candidates = new Map<number, number[]>();
  for (const l of model.linesByDay[day]!) candidates.set(l, movableCandidates(ctx, l, !plain));
  const need = (l: number) => model.lineRequired[l]! - roster.assignedCount[l]!;
  const slack = (l: number) => candidates.get(l)!.length - need(l);
  lines.sort((a, b) => Number(b === first) - Number(a === first) || slack(a) - slack(b) || a - b);
  for (const l of lines)
    for (const e of candidates.get(l)!) {
      if (need(l) <= 0) break;
      if (roster.lineOf[base(e)]! < 0) placeIfLendingAllows(ctx, e, l);
    }

  if (plain) return;
  // A line with no augmenting path never regains one once others augment, so it is dropped for the day.
  const dead = new Set<number>();
  for (const l of lines) {
    while (need(l) > 0 && !dead.has(l) && !outOfTime(ctx)) {
      if (!augment(ctx, day, l, (x) => candidates.get(x)!, dead)) dead.add(l);
    }
  }
}

/**
 * Employees who could work the line instead of whatever they do that day (fixed work never moves), best first
 * when `ranked`, else in index order (cheaper, for searches where order hardly matters).
 */
export function movableCandidates(ctx: SolveContext, l: number, ranked = true): number[] {
  const { model, roster } = ctx;
  const day = model.lineDay[l]!;
  const movable = (e: number) =>
    !roster.fixed[e * model.dayCount + day] && canTakeIfMoved(model, roster, e, l);
  return ranked ? rankedEligible(ctx, l, movable) : eligibleOf(ctx.masks, l).filter(movable);
}

/**
 * Breadth-first search for a chain that gives the target line one more employee: someone moves to it from
 * another line of the same day, someone else fills that line, and so on until a free employee closes it.
 * Lines found unable to gain are added to `dead`.
 */
export function augment(
  ctx: SolveContext,
  day: number,
  target: number,
  candidates: (line: number) => number[],
  dead: Set<number>,
): boolean {
  const { model, roster } = ctx;
  const cellOf = (e: number) => e * model.dayCount + day;
  // For each line reached: the employee who would leave it and the line they would move to.
  const leaver = new Map<number, number>();
  const movesTo = new Map<number, number>();
  const seenEmployees = new Set<number>();
  const queue = [target];
  const reached = new Set([target]);
  for (let q = 0; q < queue.length; q++) {
    const line = queue[q]!;
    for (const e of candidates(line)) {
      if (seenEmployees.has(e)) continue;
      seenEmployees.add(e);
      const current = roster.lineOf[cellOf(e)]!;
      if (current < 0) {
        if (applyPath(ctx, day, e, line, target, leaver, movesTo)) return true;
        continue;
      }
      if (current === line || reached.has(current) || dead.has(current) || roster.fixed[cellOf(e)]) continue;
      reached.add(current);
      leaver.set(current, e);
      movesTo.set(current, line);
      queue.push(current);
    }
  }
  for (const line of reached) dead.add(line);
  return false;
}

/** Shifts everyone one step along the path; undoes it all when a lending cap refuses a step. */
function applyPath(
  ctx: SolveContext,
  day: number,
  free: number,
  line: number,
  target: number,
  leaver: Map<number, number>,
  movesTo: Map<number, number>,
): boolean {
  const undo: [number, number][] = [];
  let employee = free;
  let at = line;
  for (;;) {
    const next = at === target ? -1 : leaver.get(at)!;
    if (next >= 0) undo.push([next, remove(ctx, next, day)]);
    if (!placeIfLendingAllows(ctx, employee, at)) {
      // Later steps first: take back the placements, then put removed employees on their old lines.
      for (const [e, l] of undo.reverse()) {
        remove(ctx, e, day);
        if (l >= 0) placeIfLendingAllows(ctx, e, l);
      }
      return false;
    }
    undo.push([employee, -1]);
    if (next < 0) return true;
    employee = next;
    at = movesTo.get(at)!;
  }
}
