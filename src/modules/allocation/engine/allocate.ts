import { balance, shareUnsocialWork } from './balance.ts';
import { createContext, outOfTime, type SolveContext } from './context.ts';
import { fillDay } from './day-fill.ts';
import { applicableRules, isStaticallyEligible } from './eligibility.ts';
import { poolImbalance } from './equalization.ts';
import { buildModel, type Model } from './model.ts';
import { place, tryPlace } from './moves.ts';
import { repair } from './repair.ts';
import { buildResult, coverageOf } from './result.ts';
import { emptyRoster } from './roster.ts';
import type { Instance, Result } from './types.ts';
import { validateInstance } from './validate.ts';

export interface AllocateOptions {
  /** Stop improving after this long and return the best roster so far (default: no limit). */
  timeLimitMs?: number;
  signal?: AbortSignal;
  /**
   * Extra constructions with ties shaken differently, kept only when they cover more (default: up to 16 on
   * small instances, none from 40,000 employee-days). More costs time, never reproducibility.
   */
  restarts?: number;
}

/** Work cap on two-level ejection chains: a count rather than a clock, so that runs stay reproducible. */
const DEEP_REPAIR_ATTEMPTS = 60_000;

/** Fixed assignments are kept as they are, even if they break a rule, and count towards every rule. */
function placeFixed(ctx: SolveContext): void {
  for (const [e, l] of ctx.model.fixed) place(ctx, e, l, applicableRules(ctx.model, e, l)[0] ?? -1, true);
}

/** On a rerun, previous assignments that are still legal are kept first so that little moves. */
function carryOverPrevious(ctx: SolveContext): void {
  const { model } = ctx;
  for (const [e, l] of model.previous)
    if (isStaticallyEligible(model, e, l) && tryPlace(ctx, e, l))
      ctx.fromPrevious[e * model.dayCount + model.lineDay[l]!] = 1;
}

/**
 * One full construction. With `rateSoFar`, the day-by-day pass weighs hours against the days available so far
 * rather than over the whole period: fairer to staff with leave or contracts starting or ending mid-period,
 * sometimes at a small cost in coverage, so it is one of the restarts rather than the first construction.
 */
function construct(ctx: SolveContext, shake: number, rateSoFar: boolean): number {
  const { model } = ctx;
  ctx.roster = emptyRoster(model);
  ctx.unsocialHours.fill(0);
  ctx.fromPrevious.fill(0);
  ctx.shake = shake;
  placeFixed(ctx);
  carryOverPrevious(ctx);
  for (let day = 0; day < model.dayCount; day++) {
    ctx.passDay = rateSoFar ? day : -1;
    fillDay(ctx, day);
  }
  ctx.passDay = -1;
  repair(ctx, 1);
  repair(ctx, 2, DEEP_REPAIR_ATTEMPTS);
  return coverageOf(model, ctx.roster).assigned;
}

/**
 * Extra constructions, alternately weighing hours so far and shaking ties, kept when they cover more or cover
 * as much more evenly. Small instances get up to sixteen; the count falls with size so that large ones stay
 * within their time (a count, not a clock).
 */
function restartsFor(model: Model): number {
  return Math.min(16, Math.floor(40_000 / Math.max(1, model.employeeCount * model.dayCount)));
}

/**
 * Builds a roster for one snapshot. Pure and deterministic: the same instance gives the same roster (unless a
 * time limit or an abort cuts the search short). Throws InstanceError when the instance is malformed.
 */
export function allocate(instance: Instance, options: AllocateOptions = {}): Result {
  const startedAt = performance.now();
  validateInstance(instance);
  const model = buildModel(instance);
  const deadline = startedAt + (options.timeLimitMs ?? Number.POSITIVE_INFINITY);
  const ctx = createContext(model, emptyRoster(model), deadline, options.signal);
  let bestCovered = construct(ctx, 0, false);
  let bestImbalance = poolImbalance(model, ctx.roster);
  let best = {
    roster: ctx.roster,
    unsocialHours: ctx.unsocialHours.slice(),
    fromPrevious: ctx.fromPrevious.slice(),
  };
  const restarts = options.restarts ?? restartsFor(model);
  for (let restart = 1; restart <= restarts && !outOfTime(ctx); restart++) {
    const covered = construct(ctx, Math.floor(restart / 2), restart % 2 === 1);
    const imbalance = poolImbalance(model, ctx.roster);
    // On a rerun the carried-over roster already sets the balance; evening it out further would move people.
    const evener = model.previous.length === 0 && imbalance < bestImbalance - 1e-9;
    if (covered > bestCovered || (covered === bestCovered && evener)) {
      bestCovered = covered;
      bestImbalance = imbalance;
      best = {
        roster: ctx.roster,
        unsocialHours: ctx.unsocialHours.slice(),
        fromPrevious: ctx.fromPrevious.slice(),
      };
    }
  }
  ctx.roster = best.roster;
  ctx.unsocialHours.set(best.unsocialHours);
  ctx.fromPrevious.set(best.fromPrevious);
  ctx.shake = 0;
  balance(ctx);
  shareUnsocialWork(ctx);
  repair(ctx, 2, DEEP_REPAIR_ATTEMPTS);
  return buildResult(model, ctx.roster, ctx.masks, startedAt);
}
