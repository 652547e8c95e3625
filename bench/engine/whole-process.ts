import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { median } from '../figures.ts';
import { generateInstance, VARIANTS, type Variant } from './generate.ts';

/**
 * What a call of the built tool costs from outside, start to exit: `engine:solve` (built JavaScript, as
 * `npm run engine:solve` runs it after `engine:build`) against the same tool's `--greedy-only`, interleaved so
 * that both see the same load, on every shape and seed asked. Prints a Markdown table of median wall times and
 * their ratio. Options: --size 2000x31x10 (employees x days x terminals), --seeds 1,2,3,
 * --variants a,b, --runs 5.
 */
const args = process.argv.slice(2);
const option = (name: string, fallback: string) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? args[i + 1]! : fallback;
};
const [employees, days, terminals] = option('size', '2000x31x10').split('x').map(Number) as [
  number,
  number,
  number,
];
const seeds = option('seeds', '1,2,3').split(',').map(Number);
const variants = option('variants', VARIANTS.join(',')).split(',') as Variant[];
const runs = Number(option('runs', '5'));
const root = new URL('../../', import.meta.url).pathname;
execFileSync(process.execPath, [join(root, 'scripts', 'engine-build.mjs')]);
const tool = join(root, 'dist', 'engine-cli', 'engine-solve.mjs');
const dir = mkdtempSync(join(tmpdir(), 'whole-process-'));

/** Wall milliseconds of one child process running the tool, from its start to its exit. */
function call(path: string, greedy: boolean): number {
  const started = performance.now();
  execFileSync(process.execPath, [
    tool,
    path,
    '--out',
    join(dir, 'r.json'),
    ...(greedy ? ['--greedy-only'] : []),
  ]);
  return performance.now() - started;
}

console.error(`node ${process.version}, ${cpus()[0]?.model ?? 'unknown cpu'}, ${cpus().length} cores`);
const rows: string[] = [];
for (const variant of variants)
  for (const seed of seeds) {
    const path = join(dir, `${variant}-${seed}.json`);
    writeFileSync(
      path,
      JSON.stringify(generateInstance({ employees, days, terminals, shifts: 3, seed, variant })),
    );
    const ours: number[] = [];
    const greedy: number[] = [];
    const ratios: number[] = [];
    for (let i = 0; i < runs; i++) {
      const g = call(path, true);
      const o = call(path, false);
      greedy.push(g);
      ours.push(o);
      ratios.push(o / g);
    }
    const row = `| ${variant} s${seed} | ${(median(ours) / 1000).toFixed(2)} s | ${(median(greedy) / 1000).toFixed(2)} s | ${median(ratios).toFixed(2)}× (worst ${Math.max(...ratios).toFixed(2)}×) | ${loadavg()[0]!.toFixed(1)} |`;
    rows.push(row);
    console.error(row);
  }
console.log(
  [
    '| instance | engine:solve (median wall) | --greedy-only (median wall) | ratio (median of the runs) | 1-min load |',
    '|---|---|---|---|---|',
    ...rows,
  ].join('\n'),
);
