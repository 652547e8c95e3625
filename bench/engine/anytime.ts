import { fork } from 'node:child_process';
import { loadavg } from 'node:os';
import { allocate } from '../../src/engine/allocate.ts';
import { checkRoster } from '../../src/engine/checker/check.ts';
import { generateInstance } from './generate.ts';
import { option, seedsOption, variantsOption } from './options.ts';

/**
 * The anytime goal measured as an outsider would: with the machine loaded by two CPU-bound processes (started
 * here, ended at the end), each time limit given on each instance: elapsed, coverage against the plain greedy's,
 * what stopped the search, any overrun reported, and the checker's verdict. Options: --sizes 200x28x6,2000x31x10,
 * --seeds 6,7, --variants a,b, --limits 200,500,1000, --burners 2.
 */
const args = process.argv.slice(2);
if (args[0] === '--burn') {
  // A CPU-bound process: spins until its parent ends it.
  for (;;) Math.sqrt(Math.random());
}
const sizes = option('sizes', '200x28x6,2000x31x10').split(',');
const seeds = seedsOption('6,7');
const variants = variantsOption();
const limits = option('limits', '200,500,1000').split(',').map(Number);
const burners = Array.from({ length: Number(option('burners', '2')) }, () =>
  fork(new URL(import.meta.url).pathname, ['--burn'], { execArgv: ['--import', 'tsx'] }),
);
const rows: string[] = [];
try {
  for (const size of sizes) {
    const [employees, days, terminals] = size.split('x').map(Number) as [number, number, number];
    for (const variant of variants)
      for (const seed of seeds) {
        const instance = generateInstance({ employees, days, terminals, shifts: 3, seed, variant });
        const greedy = allocate(instance, { greedyOnly: true }).coverage.assigned;
        for (const limit of limits) {
          const started = performance.now();
          const result = allocate(instance, { timeLimitMs: limit });
          const elapsed = performance.now() - started;
          const violations = checkRoster(instance, result).violations.length;
          const row = `| ${size} ${variant} s${seed} | ${limit} ms | ${elapsed.toFixed(0)} ms | ${result.search.overrunMs ?? '—'} | ${result.coverage.assigned} | ${greedy} | ${result.coverage.assigned >= greedy ? 'yes' : '**no**'} | ${result.search.stoppedBy} | ${violations} | ${loadavg()[0]!.toFixed(1)} |`;
          rows.push(row);
          console.error(row);
        }
      }
  }
} finally {
  for (const burner of burners) burner.kill();
}
console.log(
  [
    '| instance | limit | elapsed | overrun reported (ms) | coverage | greedy | ≥ greedy | stopped by | hard violations | 1-min load |',
    '|---|---|---|---|---|---|---|---|---|---|',
    ...rows,
  ].join('\n'),
);
