import { coverage, outOfTime, type SolveContext } from './context.ts';
import { fillDay } from './day-fill.ts';
import { freeWork, planTogether } from './joint.ts';
import { repair } from './repair.ts';
import { type RelaxedSchedules, restBound } from './rest-bound.ts';
import { restore, snapshot } from './snapshot.ts';

/**
 * The Lagrangian heuristic. The bound that keeps rest (rest-bound.ts) prices every line's headcount and every
 * employee-week's hours; under the prices each employee alone picks their best schedule (rest and the run of
 * days kept). Where an employee's priced schedule differs most from their own work, the roster is most likely
 * to be wrong about them: at every step after a few, a group of those employees is freed over the whole period and
 * planned again together on what is still short (joint.ts, on replan.ts's dynamic programme, which also keeps
 * weekly hours), the days are matched again and cross-day repair runs; kept when it covers at least as much (the
 * search walks plateaus), else undone. Employees changed together over the whole period: the coordinated
 * moves that two-day exchanges and windows, local by design, do not see. Steps, tries and group sizes are
 * counts, so a run is reproducible; the clock only stops it early. Stops at Σ required or when the bound
 * proves the roster optimal.
 */
export function lagrangianSearch(ctx: SolveContext, target: number, steps: number): number {
  const start = coverage(ctx);
  if (steps <= 0 || start >= target || ctx.model.dayCount < 2) return 0;
  // The search walks plateaus; when it gains nothing the roster goes back to what it was, so that the phases
  // after it (balancing, the last repair) see exactly the same roster as without it.
  const saved = snapshot(ctx);
  let covered = start;
  let rotation = 0;
  let fruitless = 0;
  const patience = patienceFor(ctx.model.employeeCount * ctx.model.dayCount);
  restBound(ctx.model, ctx.masks, {
    iterations: steps,
    incumbent: start,
    deadline: ctx.deadline,
    onSchedules: (schedules) => {
      ctx.bound = Math.min(ctx.bound, schedules.bound);
      if (outOfTime(ctx) || covered >= target || schedules.bound <= covered || fruitless >= patience)
        return false;
      if (schedules.iteration < WARMUP || (schedules.iteration - WARMUP) % EVERY !== 0) return true;
      const gained = repriceStaff(ctx, schedules, GROUP, rotation++);
      covered += gained;
      fruitless = gained > 0 ? 0 : fruitless + 1;
      return true;
    },
  });
  if (covered === start) restore(ctx, saved);
  return covered - start;
}

/** Steps before the first try: the prices start flat and say little at first (three do as well as six). */
const WARMUP = 3;
/**
 * A try every this many steps after the warm-up. Every step: the steps cost as much as the tries, and prices a
 * step apart still point at other employees.
 */
const EVERY = 1;
/**
 * Tries in a row that gain no head before the heuristic stops (a count, so runs stay reproducible): about
 * `FRUITLESS_CELLS` employee-days of tries, between 3 and 8. A try costs in proportion to the instance; at 200 × 28
 * most tries after the first few gain nothing (three in a row lose 23 heads of 127,850 on 30 instances against
 * eight, for a seventh of the CPU), while at 50 × 14 the eighth may still find the optimum's last head.
 */
function patienceFor(cells: number): number {
  return Math.min(8, Math.max(3, Math.floor(FRUITLESS_CELLS / Math.max(1, cells))));
}
const FRUITLESS_CELLS = 20_000;
/** Employees freed per try: more gained nothing and cost more. */
const GROUP = 20;
/** Rounds of best responses within the freed group (joint.ts). */
const JOINT_ROUNDS = 2;
/** Work cap on the cross-day repair of each try. */
const REPAIR_ATTEMPTS = 20_000;

/**
 * Prices choose whom to free: the employees whose priced best schedule differs most from their own work have
 * their work taken away and planned again together on what is still short (joint.ts: together, because one after
 * another each takes the most in turn), then the days are matched again and
 * cross-day repair runs. Kept when it covers at least as much, else the old roster comes back.
 */
function repriceStaff(
  ctx: SolveContext,
  schedules: RelaxedSchedules,
  group: number,
  rotation: number,
): number {
  const { model, roster } = ctx;
  const days = model.dayCount;
  const before = coverage(ctx);
  const differs = new Int32Array(model.employeeCount);
  for (let e = 0; e < model.employeeCount; e++)
    for (let d = 0; d < days; d++) {
      const c = e * days + d;
      if (roster.fixed[c] || ctx.fromPrevious[c]) continue;
      const own = roster.lineOf[c]!;
      const priced = schedules.plan[c]!;
      if (own < 0 !== priced < 0) differs[e]!++;
      else if (own >= 0 && model.lineStart[own] !== model.lineStart[priced]) differs[e]!++;
    }
  const ranked = Array.from({ length: model.employeeCount }, (_, e) => e)
    .filter((e) => differs[e]! > 0)
    .sort((a, b) => differs[b]! - differs[a]! || a - b);
  if (ranked.length === 0) return 0;
  const from = (rotation * group) % ranked.length;
  const freed = ranked.slice(from, from + group);
  const saved = snapshot(ctx);
  for (const e of freed) freeWork(ctx, e);
  planTogether(ctx, freed, JOINT_ROUNDS);
  for (let d = 0; d < days && !outOfTime(ctx); d++) fillDay(ctx, d);
  repair(ctx, 1, REPAIR_ATTEMPTS);
  const after = coverage(ctx);
  if (after >= before) return after - before;
  restore(ctx, saved);
  return 0;
}
