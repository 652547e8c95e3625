import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { median } from '../figures.ts';
import { generateInstance } from './generate.ts';
import { option, seedsOption, sizeOption, variantsOption } from './options.ts';

/**
 * What a call of the built tool costs from outside, start to exit: `engine:solve` (built JavaScript, as
 * `npm run engine:solve` runs it after `engine:build`) against the same tool's `--greedy-only`, interleaved so
 * that both see the same load, on every shape and seed asked. Prints a Markdown table of median wall times,
 * their ratio and the ratio of the processes' CPU time. `--against other.mjs` also runs another build of the
 * tool (say an earlier commit's, bundled by esbuild) in the same rounds, and adds its ratio to the same greedy. Options: --size 2000x31x10 (employees x days x terminals), --seeds 1,2,3,
 * --variants a,b, --runs 5.
 */
const [employees, days, terminals] = sizeOption('2000x31x10');
const seeds = seedsOption('1,2,3');
const variants = variantsOption();
const runs = Number(option('runs', '5'));
const against = option('against', '');
const root = new URL('../../', import.meta.url).pathname;
execFileSync(process.execPath, [join(root, 'scripts', 'engine-build.mjs')]);
const tool = join(root, 'dist', 'engine-cli', 'engine-solve.mjs');
const dir = mkdtempSync(join(tmpdir(), 'whole-process-'));

/**
 * Wall and CPU milliseconds of one child process running the tool, from its start to its exit. CPU (user and
 * system, every thread, by GNU time) is beside the wall because on a shared 2-core machine the wall of a longer
 * process grows with the others' load faster than a short one's.
 */
function call(path: string, greedy: boolean, solver = tool): [number, number] {
  const times = join(dir, 'times.txt');
  const started = performance.now();
  execFileSync('/usr/bin/time', [
    '-f',
    '%U %S',
    '-o',
    times,
    process.execPath,
    solver,
    path,
    '--out',
    join(dir, 'r.json'),
    ...(greedy ? ['--greedy-only'] : []),
  ]);
  const wall = performance.now() - started;
  const [user, system] = readFileSync(times, 'utf8').trim().split(/\s+/).slice(-2).map(Number) as [
    number,
    number,
  ];
  return [wall, (user + system) * 1000];
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
    const cpuRatios: number[] = [];
    const otherRatios: number[] = [];
    for (let i = 0; i < runs; i++) {
      const [g, gCpu] = call(path, true);
      if (against !== '') otherRatios.push(call(path, false, against)[0] / g);
      const [o, oCpu] = call(path, false);
      greedy.push(g);
      ours.push(o);
      ratios.push(o / g);
      cpuRatios.push(oCpu / gCpu);
    }
    const row = `| ${variant} s${seed} | ${(median(ours) / 1000).toFixed(2)} s | ${(median(greedy) / 1000).toFixed(2)} s | ${median(ratios).toFixed(2)}× (worst ${Math.max(...ratios).toFixed(2)}×) | ${median(cpuRatios).toFixed(2)}× |${against === '' ? '' : ` ${median(otherRatios).toFixed(2)}× |`} ${loadavg()[0]!.toFixed(1)} |`;
    rows.push(row);
    console.error(row);
  }
console.log(
  [
    `| instance | engine:solve (median wall) | --greedy-only (median wall) | ratio (median of the runs) | CPU ratio (median) |${against === '' ? '' : ' the other build: ratio |'} 1-min load |`,
    `|---|---|---|---|---|---|${against === '' ? '' : '---|'}`,
    ...rows,
  ].join('\n'),
);
