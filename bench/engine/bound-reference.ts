import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { allocate } from '../../src/engine/allocate.ts';
import { coverageBound } from '../../src/engine/bound.ts';
import { buildModel } from '../../src/engine/model.ts';
import { restBound } from '../../src/engine/rest-bound.ts';
import { eligibilityMasks } from '../../src/engine/rules/eligibility.ts';
import { validateInstance } from '../../src/engine/validate.ts';
import { generateInstance } from './generate.ts';
import { option, seedsOption, variantsOption } from './options.ts';

/**
 * The best bounds, computed once and kept (as `mip-reference.ts` keeps HiGHS): for every shape and seed of a
 * size (default 2,000 × 31 × 10 × 3; also 200 × 28 × 6, whose gaps are the yardstick of the 2,000 × 31 goal),
 * the engine's coverage (the incumbent that steers the steps), the flow bound and the bound that keeps rest and
 * consecutive days (rest-bound.ts) run until it no longer improves, once with the plain step rule and once with
 * the growing one and lending caps priced, the smaller kept: at least --min-steps (200), then stopped when the
 * last --patience steps (100) gave no better bound, at most --max-steps (2,000). Merged into
 * `bound-reference.json` beside this file (or --out), which `run.ts` reads. Options: --size 2000x31x10x3|200x28,
 * --variants a,b, --seeds 1,2,3. Regenerate everything with
 * `nice -n 10 npx tsx bench/engine/bound-reference.ts --size 200x28 && nice -n 10 npx tsx bench/engine/bound-reference.ts`.
 */
export const BOUND_SIZES = {
  '200x28': { employees: 200, days: 28, terminals: 6 },
  '2000x31x10x3': { employees: 2000, days: 31, terminals: 10 },
} as const;
export const boundReferencePath = new URL('./bound-reference.json', import.meta.url).pathname;

export interface BoundOutcome {
  required: number;
  /** The engine's coverage (allocate with defaults) when the reference was computed. */
  ours: number;
  flowBound: number;
  /** The bound keeping rest and consecutive days: the smaller of its two step rules, each run to a stop. */
  restBound: number;
  /** The same bound after 200 steps of each rule (what the benchmark computes where it runs it). */
  restBoundAt200: number;
  /** Steps and seconds of both rules together. */
  restSteps: number;
  restSeconds: number;
  byRule?: Record<'plain' | 'growing', { bound: number; steps: number; seconds: number }>;
  /** min(flowBound, restBound). */
  best: number;
}
export type BoundReference = Record<string, BoundOutcome>;

export function readBoundReference(path = boundReferencePath): BoundReference {
  return existsSync(path) ? (JSON.parse(readFileSync(path, 'utf8')) as BoundReference) : {};
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const sizeName = option('size', '2000x31x10x3') as keyof typeof BOUND_SIZES;
  const size = BOUND_SIZES[sizeName];
  const seeds = seedsOption('1,2,3');
  const variants = variantsOption();
  const minSteps = Number(option('min-steps', '200'));
  const patience = Number(option('patience', '100'));
  const maxSteps = Number(option('max-steps', '2000'));
  const out = option('out', boundReferencePath);
  for (const variant of variants)
    for (const seed of seeds) {
      const instance = generateInstance({ ...size, shifts: 3, seed, variant });
      const result = allocate(instance);
      const flowBound = coverageBound(instance);
      validateInstance(instance);
      const model = buildModel(instance);
      const masks = eligibilityMasks(model);
      // Both step rules, each until it stops improving; the smaller bound is kept (each is valid).
      const converge = (growStep: boolean) => {
        let lastBetter = 0;
        let bound = Number.POSITIVE_INFINITY;
        let at200 = Number.POSITIVE_INFINITY;
        let steps = 0;
        const started = performance.now();
        const value = restBound(model, masks, {
          iterations: maxSteps,
          incumbent: result.coverage.assigned,
          priceLending: growStep,
          growStep,
          onSchedules: ({ iteration, bound: now }) => {
            steps = iteration + 1;
            if (now < bound) {
              bound = now;
              lastBetter = iteration;
            }
            if (steps === 200) at200 = bound;
            return steps < minSteps || iteration - lastBetter < patience;
          },
        });
        const seconds = Math.round(((performance.now() - started) / 1000) * 100) / 100;
        return { bound: value, steps, seconds, at200: Number.isFinite(at200) ? at200 : value };
      };
      const plain = converge(false);
      const growing = converge(true);
      const rest = Math.min(plain.bound, growing.bound);
      const outcome: BoundOutcome = {
        required: result.coverage.required,
        ours: result.coverage.assigned,
        flowBound,
        restBound: rest,
        restBoundAt200: Math.min(plain.at200, growing.at200),
        restSteps: plain.steps + growing.steps,
        restSeconds: Math.round((plain.seconds + growing.seconds) * 100) / 100,
        byRule: {
          plain: { bound: plain.bound, steps: plain.steps, seconds: plain.seconds },
          growing: { bound: growing.bound, steps: growing.steps, seconds: growing.seconds },
        },
        best: Math.min(flowBound, rest),
      };
      const reference = readBoundReference(out);
      reference[`${sizeName} ${variant} s${seed}`] = outcome;
      writeFileSync(out, `${JSON.stringify(reference, null, 2)}\n`);
      console.error(
        `${sizeName} ${variant} s${seed}`,
        JSON.stringify(outcome),
        `load ${loadavg()[0]!.toFixed(1)}`,
      );
    }
}
