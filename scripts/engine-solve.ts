import { writeFileSync } from 'node:fs';
import { allocate } from '../src/modules/allocation/engine/allocate.ts';
import {
  flagValue,
  positional,
  readJson,
  runTool,
  UsageError,
} from '../src/modules/allocation/engine/cli.ts';
import type { Instance } from '../src/modules/allocation/engine/types.ts';

const USAGE =
  'usage: engine:solve -- instance.json [--out result.json] [--time-limit ms] [--restarts n] [--summary]';

runTool(() => {
  const args = process.argv.slice(2);
  const [path] = positional(args);
  if (path === undefined) throw new UsageError(USAGE);
  const limit = flagValue(args, 'time-limit');
  const result = allocate(
    readJson(path) as Instance,
    limit === undefined ? {} : { timeLimitMs: Number(limit) },
  );
  const out = flagValue(args, 'out');
  if (out !== undefined) writeFileSync(out, JSON.stringify(result));
  if (args.includes('--summary') || out !== undefined) {
    const { coverage, fairness, durationMs, unfilled } = result;
    process.stdout.write(
      `${JSON.stringify({ coverage, unfilledLines: unfilled.length, fairness, durationMs })}\n`,
    );
  } else process.stdout.write(`${JSON.stringify(result, null, 2)}\n`);
  return 0;
});
