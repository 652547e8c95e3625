import { balance, shareUnsocialWork } from './balance.ts';
import { coverage, createContext, outOfTime, type SolveContext } from './context.ts';
import { fillDay } from './day-fill.ts';
import { poolImbalance } from './equalization.ts';
import { type ExactOptions, type ExactReport, exactWindows } from './exact-windows.ts';
import { exchange } from './exchange.ts';
import { buildFloor, leastHoursGreedy, startRoster } from './floor.ts';
import { lagrangianSearch } from './lagrangian.ts';
import { largeNeighbourhoodSearch } from './large-neighbourhood.ts';
import { buildModel, type Model } from './model.ts';
import { repair } from './repair.ts';
import { replanEach } from './replan.ts';
import { buildResult, coverageOf, type SearchEnd } from './result.ts';
import { emptyRoster } from './roster.ts';
import type { Snapshot } from './snapshot.ts';
import type { Instance, Result } from './types.ts';
import { shareUnsocialByCohort } from './unsocial.ts';
import { rotateUnsocialWork } from './unsocial-rotation.ts';
import { validateInstance } from './validate.ts';
import { grantWishes } from './wishes.ts';

export interface AllocateOptions {
  /** Stop improving after this long and return the best roster so far (default: no limit). */
  timeLimitMs?: number;
  signal?: AbortSignal;
  /**
   * Only the plain greedy: fixed work, then lines by the fewest eligible employees, each to those with the fewest
   * hours so far (the yardstick of benchmarks; the floor of a run is the best of it and three more).
   */
  greedyOnly?: boolean;
  /** Large-neighbourhood windows to try after construction (default by size; 0 turns the phase off). */
  windows?: number;
  /**
   * Extra constructions with ties shaken differently, kept only when they cover more (default: 2 below 2,000
   * employee-days, else none: large-neighbourhood search uses the time better). More costs time, never
   * reproducibility.
   */
  restarts?: number;
  /** Search nodes for exact two-day exchanges after the windows (default by size; 0 turns them off). */
  exchangeNodes?: number;
  /**
   * Subgradient steps of the Lagrangian heuristic after the exchanges: the bound's prices choose whom to plan
   * again (default by size; 0 turns it off).
   */
  lagrangianSteps?: number;
  /**
   * Annealing steps per person when nights and weekend shifts are dealt out again within each home pool, at the
   * end (default by size; 0 turns it off).
   */
  rotationSteps?: number;
  /**
   * Exact windows after the search: a few days around a line still short, re-solved by HiGHS (exact.ts). Off
   * unless a solver is given: load it first with `loadExactSolver()` (exact-solver.ts; `allocate` stays
   * synchronous). The other fields default to `EXACT_DEFAULTS`.
   */
  exact?: Partial<ExactOptions> & Pick<ExactOptions, 'solver'>;
  /**
   * Told the heads covered by the best roster so far after each phase (the floor, the constructions, the
   * search, the finish), for a progress display. Called synchronously; it must be cheap.
   */
  onProgress?: (progress: AllocateProgress) => void;
}

export interface AllocateProgress {
  step: 'floor' | 'construction' | 'search' | 'finish';
  assigned: number;
  required: number;
}

/** Work cap on two-level ejection chains: a count rather than a clock, so that runs stay reproducible. */
const DEEP_REPAIR_ATTEMPTS = 150_000;
/** Subgradient steps of the Lagrangian heuristic below 40,000 employee-days. */
const LAGRANGIAN_STEPS = 30;
/** Rotation steps per person below 40,000 employee-days. */
const ROTATION_STEPS = 1_000;

/**
 * One full construction. With `rateSoFar`, the day-by-day pass weighs hours against the days available so far
 * rather than over the whole period: fairer to staff with leave or contracts starting or ending mid-period,
 * sometimes at a small cost in coverage, so it is one of the restarts rather than the first construction.
 * `deep`: two-level repair too; without it (when no search follows) the one after balancing does that work.
 */
function construct(ctx: SolveContext, shake: number, rateSoFar: boolean, deep: boolean): number {
  const { model } = ctx;
  startRoster(ctx);
  ctx.shake = shake;
  // Cut short by the clock, the construction covers less than the floor and is not kept.
  for (let day = 0; day < model.dayCount && !outOfTime(ctx); day++) {
    ctx.passDay = rateSoFar ? day : -1;
    fillDay(ctx, day);
  }
  ctx.passDay = -1;
  repair(ctx, 1);
  if (deep) repair(ctx, 2, DEEP_REPAIR_ATTEMPTS);
  return coverageOf(model, ctx.roster).assigned;
}

/**
 * Extra constructions, alternately weighing hours so far and shaking ties, kept when they cover more or cover
 * as much more evenly. Only very small instances get them by default (a count, not a clock).
 */
function restartsFor(model: Model): number {
  return model.employeeCount * model.dayCount < SMALL ? 2 : 0;
}

/** The exact windows' defaults (bench/engine/exact.ts measured them; docs/benchmarks.md, tenth round). */
export const EXACT_DEFAULTS: Omit<ExactOptions, 'solver'> = {
  windows: 12,
  patience: 4,
  days: 7,
  staff: 200,
  windowSeconds: 3,
  wholeSeconds: 0,
  nodes: 5000,
};

/** From this many employee-days on, restarts and large-neighbourhood search are off by default (time). */
const LARGE = 40_000;
/** Below this many employee-days, two restarts (one weighing hours so far) come before the search. */
const SMALL = 2_000;

/**
 * Builds a roster for one snapshot, anytime: a plain day-by-day greedy first (the floor: never returned
 * worse), then the full construction (greedy plus augmenting paths plus cross-day repair) and its restarts,
 * then large-neighbourhood search, then balancing; each phase keeps a valid roster and the best one so far is
 * kept. Pure and deterministic: the same instance gives the same roster; a time limit or an abort can only
 * cut the work short (then the answer depends on the machine's speed). Throws InstanceError when the instance
 * is malformed.
 */
export function allocate(instance: Instance, options: AllocateOptions = {}): Result {
  const startedAt = performance.now();
  validateInstance(instance);
  const model = buildModel(instance);
  const ctx = createContext(model, emptyRoster(model), Number.POSITIVE_INFINITY, options.signal);
  // Building the result costs about what reading the instance did (both are linear in its size and slow down
  // alike on a busy machine), more when much is left unfilled (each unfilled line counts what blocks each
  // candidate), so the search stops early enough to leave that much room.
  const setupMs = performance.now() - startedAt;
  const limit = options.timeLimitMs ?? Number.POSITIVE_INFINITY;
  const reserve = (unfilledShare: number) =>
    Math.min(limit / 2, Math.max(50, 2 * setupMs) * (1 + 6 * unfilledShare));
  const target = totalRequired(model);

  // The floor is complete before the clock may cut anything: a run never returns less, whatever the load (a
  // limit shorter than the floor itself is overrun, and the result says by how much).
  if (options.greedyOnly) {
    startRoster(ctx);
    leastHoursGreedy(ctx, false);
  } else buildFloor(ctx);
  const report = (step: AllocateProgress['step'], assigned: number) =>
    options.onProgress?.({ step, assigned, required: target });
  report('floor', coverage(ctx));
  const end = (): SearchEnd => ({
    stoppedBy: ctx.timedOut
      ? 'time_limit'
      : coverage(ctx) >= Math.min(target, ctx.bound)
        ? 'bound_reached'
        : 'search_done',
    bound: Math.min(target, ctx.bound),
    timeLimitMs: limit,
  });
  if (options.greedyOnly) return buildResult(model, ctx.roster, ctx.masks, startedAt, end());
  let best = snapshotOf(ctx);
  let bestCovered = coverage(ctx);
  ctx.deadline = startedAt + limit - reserve(1 - bestCovered / Math.max(1, target));
  let bestImbalance = poolImbalance(model, ctx.roster);
  const restarts = options.restarts ?? restartsFor(model);
  const windows = options.windows ?? windowsFor(model);
  const deep = restarts > 0 || windows > 0;
  for (let restart = 0; restart <= restarts && !outOfTime(ctx); restart++) {
    const covered =
      restart === 0
        ? construct(ctx, 0, false, deep)
        : construct(ctx, Math.floor(restart / 2), restart % 2 === 1, deep);
    const imbalance = poolImbalance(model, ctx.roster);
    // On a rerun the carried-over roster already sets the balance; evening it out further would move people.
    const evener = model.previous.length === 0 && imbalance < bestImbalance - 1e-9;
    if (covered > bestCovered || (covered === bestCovered && (restart === 0 || evener))) {
      bestCovered = covered;
      bestImbalance = imbalance;
      best = snapshotOf(ctx);
    }
  }
  ctx.roster = best.roster;
  ctx.unsocialHours.set(best.unsocialHours);
  ctx.fromPrevious.set(best.fromPrevious);
  ctx.shake = 0;
  report('construction', bestCovered);
  const windowGain = largeNeighbourhoodSearch(ctx, windows, target);
  // Windows that all found nothing mean a roster no local change improves (tight and over-demand shapes: every
  // employee works all they may); the exchanges, replanning and the Lagrangian search cost most of a run there
  // for a head or two in thousands, so they run only after the windows gained (docs/decisions.md, issue 52).
  const searching = windows <= 0 || windowGain > 0;
  const exchangeNodes = searching ? (options.exchangeNodes ?? exchangeNodesFor(model)) : 0;
  let exchanged = exchange(ctx, exchangeNodes, target);
  const replanned = exchangeNodes > 0 ? replanEach(ctx, target) : 0;
  if (replanned > 0) exchanged += exchange(ctx, exchangeNodes, target);
  // Likewise the Lagrangian search, the costliest, after exchanges or replanning gained (where they ran): at
  // 200 × 28, where they found nothing, it gained 3 heads in 127,811 for a fifth of the run (issue 52). Small
  // instances, where the whole search takes milliseconds, keep it.
  const cells = model.employeeCount * model.dayCount;
  const pricing = exchangeNodes <= 0 ? searching : exchanged + replanned > 0 || cells < SMALL;
  // Before balancing, whose fairer roster leaves it nothing to gain. Under a time limit it gets half of what is
  // left: balancing and the last repair after it still gain heads and must not be starved (docs/engine.md).
  const deadline = ctx.deadline;
  ctx.deadline = Math.min(deadline, performance.now() + (deadline - performance.now()) / 2);
  if (pricing) lagrangianSearch(ctx, target, options.lagrangianSteps ?? lagrangianStepsFor(model));
  ctx.deadline = deadline;
  let exact: ExactReport | undefined;
  if (options.exact !== undefined) {
    // Where the heuristics stop; like the Lagrangian search, half of what is left under a limit.
    ctx.deadline = Math.min(deadline, performance.now() + (deadline - performance.now()) / 2);
    exact = exactWindows(ctx, Math.min(target, ctx.bound), { ...EXACT_DEFAULTS, ...options.exact });
    ctx.deadline = deadline;
  }
  report('search', coverage(ctx));
  balance(ctx);
  shareUnsocialWork(ctx);
  repair(ctx, 2, DEEP_REPAIR_ATTEMPTS);
  // Balancing and the unsocial exchanges move work between people and shift times, which can open a day to
  // someone whose whole period, planned again, then holds one more line. Where the exchanges run, so does this
  // last pass.
  if (exchangeNodes > 0) replanEach(ctx, target);
  // Wishes and then the sharing of nights and weekends, by moves that keep coverage (and each other's gains).
  grantWishes(ctx);
  shareUnsocialByCohort(ctx);
  rotateUnsocialWork(ctx, options.rotationSteps ?? rotationStepsFor(model));
  report('finish', coverage(ctx));
  const result = buildResult(model, ctx.roster, ctx.masks, startedAt, end());
  if (exact) {
    const { lastProven: _, ...report } = exact;
    result.search.exact = report;
  }
  return result;
}

function snapshotOf(ctx: SolveContext): Snapshot {
  return {
    roster: ctx.roster,
    unsocialHours: ctx.unsocialHours.slice(),
    fromPrevious: ctx.fromPrevious.slice(),
  };
}

function totalRequired(model: Model): number {
  let total = 0;
  for (let l = 0; l < model.lineCount; l++) total += model.lineRequired[l]!;
  return total;
}

/**
 * Large-neighbourhood windows by size (a count, not a clock, so that runs are reproducible): about 350,000
 * employee-days of work in all, at most 150 windows; none from 40,000 employee-days, where the construction
 * alone takes most of the time goal.
 */
function windowsFor(model: Model): number {
  const cells = Math.max(1, model.employeeCount * model.dayCount);
  return cells >= LARGE ? 0 : Math.min(150, Math.floor(350_000 / cells));
}

/**
 * Search nodes of the exact two-day exchanges by size (a count, so that runs are reproducible): none from
 * 40,000 employee-days, where finding the blocked staff of every day pair alone takes too long.
 */
function exchangeNodesFor(model: Model): number {
  return model.employeeCount * model.dayCount >= LARGE ? 0 : 150_000;
}

/**
 * Annealing steps per person of the rotation by size (a count, so that runs are reproducible): none from 40,000
 * employee-days, where pools of two hundred need more steps than the whole-process goal leaves time for
 * (docs/benchmarks.md).
 */
function rotationStepsFor(model: Model): number {
  return model.employeeCount * model.dayCount >= LARGE ? 0 : ROTATION_STEPS;
}

/**
 * Subgradient steps of the Lagrangian heuristic by size (a count, so that runs are reproducible): 30 (25
 * tries, one a step from the 6th), none from 40,000 employee-days, as for the exchanges: a step there costs
 * more than the time goal leaves.
 */
function lagrangianStepsFor(model: Model): number {
  return model.employeeCount * model.dayCount >= LARGE ? 0 : LAGRANGIAN_STEPS;
}
