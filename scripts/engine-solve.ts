import { writeFileSync } from 'node:fs';
import { type AllocateOptions, allocate } from '../src/engine/allocate.ts';
import { coverageBound } from '../src/engine/bound.ts';
import type { Instance } from '../src/engine/types.ts';
import { flagValue, positional, readJson, runTool, UsageError } from './engine-cli.ts';

const USAGE =
  'usage: engine:solve -- instance.json [--out result.json] [--time-limit ms] [--restarts n] [--windows n] [--lagrangian-steps n] [--greedy-only] [--summary] [--bound iterations]';

runTool(() => {
  const args = process.argv.slice(2);
  const [path] = positional(args);
  if (path === undefined) throw new UsageError(USAGE);
  const count = (name: string) => {
    const text = flagValue(args, name);
    if (text === undefined) return undefined;
    const value = Number(text);
    if (!Number.isInteger(value) || value < 0)
      throw new UsageError(`--${name}: expected a whole number\n${USAGE}`);
    return value;
  };
  const options: AllocateOptions = {};
  const limit = flagValue(args, 'time-limit');
  if (limit !== undefined) {
    options.timeLimitMs = Number(limit);
    if (!(options.timeLimitMs > 0)) throw new UsageError(`--time-limit: expected milliseconds\n${USAGE}`);
  }
  const restarts = count('restarts');
  if (restarts !== undefined) options.restarts = restarts;
  const windows = count('windows');
  if (windows !== undefined) options.windows = windows;
  const lagrangianSteps = count('lagrangian-steps');
  if (lagrangianSteps !== undefined) options.lagrangianSteps = lagrangianSteps;
  if (args.includes('--greedy-only')) options.greedyOnly = true;
  const instance = readJson(path) as Instance;
  const result = allocate(instance, options);
  const out = flagValue(args, 'out');
  if (out !== undefined) writeFileSync(out, JSON.stringify(result));
  if (args.includes('--summary') || out !== undefined) {
    const { coverage, fairness, durationMs, unfilled } = result;
    // The certified gap: coverage against the bound that keeps rest and consecutive days (its own time).
    const iterations = count('bound');
    const started = performance.now();
    const bound =
      iterations === undefined
        ? undefined
        : coverageBound(instance, { restIterations: iterations, incumbent: coverage.assigned });
    const gap =
      bound === undefined
        ? {}
        : {
            bound,
            gapPoints: Number((((bound - coverage.assigned) / coverage.required) * 100).toFixed(2)),
            boundMs: Math.round(performance.now() - started),
          };
    process.stdout.write(
      `${JSON.stringify({ coverage, unfilledLines: unfilled.length, fairness, durationMs, ...gap })}\n`,
    );
  } else process.stdout.write(`${JSON.stringify(result, null, 2)}\n`);
  return 0;
});
