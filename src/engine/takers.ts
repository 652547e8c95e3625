import { candidateKey, type SolveContext } from './context.ts';
import { eligibleOf } from './rules/eligibility.ts';
import { canTake } from './rules/placement.ts';

/** The best-ranked employee who could take the line right now, or -1. */
export function bestTaker(
  ctx: SolveContext,
  l: number,
  exclude = -1,
  below = Number.POSITIVE_INFINITY,
): number {
  const { model, roster } = ctx;
  let best = -1;
  let bestKey = below;
  for (const e of eligibleOf(ctx.masks, l)) {
    if (e === exclude || !canTake(model, roster, e, l)) continue;
    const key = candidateKey(ctx, e, l);
    if (key < bestKey) {
      best = e;
      bestKey = key;
    }
  }
  return best;
}
