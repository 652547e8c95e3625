import { coverage, type SolveContext } from './context.ts';
import { fillDay } from './day-fill.ts';
import { carryOverPrevious, placeFixed, placeIfLendingAllows } from './moves.ts';
import { emptyRoster } from './roster.ts';
import { eligibleOf } from './rules/eligibility.ts';
import { canTake } from './rules/placement.ts';
import { type Snapshot, snapshot } from './snapshot.ts';

/**
 * The floor: the best of a few cheap constructions, each run to its end before the clock may cut anything (a
 * floor cut short by a busy machine once returned no assignments at all), so that no simple greedy covers more
 * than what a run returns, whatever its limit and the load:
 * - day by day, each day's lines by the fewest candidates for their need, candidates in index order;
 * - day by day likewise, candidates ranked as the construction ranks them (home pool, then the least load);
 * - the whole period at once, and then day by day, lines by the fewest statically eligible employees, each line
 *   to those of its eligible employees with the fewest hours so far (ties by index): the plain greedy an
 *   outsider measures against (issue 52 found the first two alone below it on every shape under load).
 * The roster covering most is left in `ctx` (ties go to the earlier); returns it as a snapshot.
 */
export function buildFloor(ctx: SolveContext): Snapshot {
  let best: Snapshot | null = null;
  let bestCovered = -1;
  for (const build of FLOORS) {
    startRoster(ctx);
    build(ctx);
    const covered = coverage(ctx);
    if (covered > bestCovered) {
      bestCovered = covered;
      best = snapshot(ctx);
    }
  }
  ctx.roster = best!.roster;
  ctx.unsocialHours.set(best!.unsocialHours);
  ctx.fromPrevious.set(best!.fromPrevious);
  return best!;
}

/** An empty roster holding fixed work, then, on a rerun, the previous assignments still valid. */
export function startRoster(ctx: SolveContext): void {
  ctx.roster = emptyRoster(ctx.model);
  ctx.unsocialHours.fill(0);
  ctx.fromPrevious.fill(0);
  placeFixed(ctx);
  carryOverPrevious(ctx);
}

const FLOORS: ((ctx: SolveContext) => void)[] = [
  (ctx) => {
    for (let day = 0; day < ctx.model.dayCount; day++) fillDay(ctx, day, -1, true);
  },
  (ctx) => {
    for (let day = 0; day < ctx.model.dayCount; day++) fillDay(ctx, day, -1, true, true);
  },
  (ctx) => leastHoursGreedy(ctx, false),
  (ctx) => leastHoursGreedy(ctx, true),
];

/**
 * Lines by the fewest statically eligible employees (the whole period at once, or day by day), each to the free
 * ones with the fewest hours so far.
 */
export function leastHoursGreedy(ctx: SolveContext, byDay: boolean): void {
  const { model, roster, masks } = ctx;
  const order = Array.from({ length: model.lineCount }, (_, l) => l);
  const eligible = Int32Array.from(order, (l) => eligibleOf(masks, l).length);
  order.sort(
    (a, b) => (byDay ? model.lineDay[a]! - model.lineDay[b]! : 0) || eligible[a]! - eligible[b]! || a - b,
  );
  for (const l of order) {
    if (roster.assignedCount[l]! >= model.lineRequired[l]!) continue;
    // Placing someone changes only their own rules and the lending counts, so the others' answers stand; the
    // lending cap is asked again as each is placed.
    const free = eligibleOf(masks, l).filter((e) => canTake(model, roster, e, l));
    free.sort((a, b) => roster.periodHours[a]! - roster.periodHours[b]! || a - b);
    for (const e of free) {
      if (roster.assignedCount[l]! >= model.lineRequired[l]!) break;
      placeIfLendingAllows(ctx, e, l);
    }
  }
}
