import { balance } from './balance.ts';
import { createContext, type SolveContext } from './context.ts';
import { fillDay } from './day-fill.ts';
import { applicableRules, isStaticallyEligible } from './eligibility.ts';
import { buildModel } from './model.ts';
import { place, tryPlace } from './moves.ts';
import { repair } from './repair.ts';
import { buildResult } from './result.ts';
import { emptyRoster } from './roster.ts';
import type { Instance, Result } from './types.ts';
import { validateInstance } from './validate.ts';

export interface AllocateOptions {
  /** Stop improving after this long and return the best roster so far (default: no limit). */
  timeLimitMs?: number;
  signal?: AbortSignal;
}

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
 * Builds a roster for one snapshot. Pure and deterministic: the same instance gives the same roster.
 * Throws InstanceError when the instance is malformed or inconsistent.
 */
export function allocate(instance: Instance, options: AllocateOptions = {}): Result {
  const startedAt = performance.now();
  validateInstance(instance);
  const model = buildModel(instance);
  const deadline = startedAt + (options.timeLimitMs ?? Number.POSITIVE_INFINITY);
  const ctx = createContext(model, emptyRoster(model), deadline, options.signal);
  placeFixed(ctx);
  carryOverPrevious(ctx);
  for (let day = 0; day < model.dayCount; day++) fillDay(ctx, day);
  repair(ctx);
  balance(ctx);
  repair(ctx);
  return buildResult(model, ctx.roster, startedAt);
}
