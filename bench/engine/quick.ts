import { readFileSync } from 'node:fs';
import { allocate } from '../../src/engine/allocate.ts';
import { checkRoster } from '../../src/engine/checker/check.ts';
import type { Instance } from '../../src/engine/types.ts';
import { median } from '../figures.ts';
import { wholePeriodSpread } from './fairness.ts';

/**
 * A quick look while working on the engine: the plain greedy and the engine interleaved on the instance files
 * given, `--runs n` rounds (default 1); prints coverage, the fastest and median wall time of each, their ratio
 * (fastest to fastest: the least disturbed by other load), the checker's count and the fairness spreads.
 * `--limit ms` runs the engine with that time limit. `npm run bench:engine` is the benchmark of record.
 */
const args = process.argv.slice(2);
const flag = (name: string) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? Number(args[i + 1]) : undefined;
};
const runs = flag('runs') ?? 1;
const limit = flag('limit');
const files = args.filter((a, i) => !a.startsWith('--') && !args[i - 1]?.startsWith('--'));
for (const file of files) {
  const instance = JSON.parse(readFileSync(file, 'utf8')) as Instance;
  allocate(instance, { greedyOnly: true });
  const g: number[] = [];
  const o: number[] = [];
  let greedy = 0;
  let ours = 0;
  let line = '';
  for (let i = 0; i < runs; i++) {
    let t = performance.now();
    greedy = allocate(instance, { greedyOnly: true }).coverage.assigned;
    g.push(performance.now() - t);
    t = performance.now();
    const r = allocate(instance, limit === undefined ? {} : { timeLimitMs: limit });
    o.push(performance.now() - t);
    ours = r.coverage.assigned;
    if (i === 0)
      line = `viol ${checkRoster(instance, r).violations.length}\tspread ${wholePeriodSpread(instance, r).join('/')}`;
  }
  const name = file.split('/').at(-1);
  const min = (v: number[]) => Math.min(...v);
  console.log(
    `${name}\tgreedy ${greedy} ${min(g).toFixed(0)}/${median(g).toFixed(0)}ms\tours ${ours} ${min(o).toFixed(0)}/${median(o).toFixed(0)}ms (max ${Math.max(...o).toFixed(0)})\tx ${(min(o) / min(g)).toFixed(1)}\t${line}`,
  );
}
