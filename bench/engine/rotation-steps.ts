import { loadavg } from 'node:os';
import { allocate } from '../../src/engine/allocate.ts';
import { checkRoster } from '../../src/engine/checker/check.ts';
import { worstDepartmentSpread } from './fairness.ts';
import { generateInstance } from './generate.ts';
import { option, seedsOption, sizeOption, variantsOption } from './options.ts';

/**
 * What the rotation's budget buys: the worst department × pool spread of nights and of weekend shifts
 * (fairness.ts) and the CPU of the whole run, at each count of annealing steps per member on a ladder (the
 * default is 1,000), with coverage and the checker's verdict, so that a spread within 2 reached at the same
 * coverage shows that coverage allows it and what it costs. Options: --size 200x28x6, --seeds 1,2, --variants
 * a,b, --steps 0,1000,5000,20000.
 */
const [employees, days, terminals] = sizeOption('200x28x6');
const seeds = seedsOption('1,2');
const variants = variantsOption();
const ladder = option('steps', '0,1000,5000,20000').split(',').map(Number);

console.log(
  `| instance | ${ladder.map((s) => `${s} steps: coverage, nights / weekends spread, CPU`).join(' | ')} | violations | load |`,
);
console.log(`|---|${ladder.map(() => '---|').join('')}---|---|`);
for (const variant of variants)
  for (const seed of seeds) {
    const instance = generateInstance({ employees, days, terminals, shifts: 3, seed, variant });
    let violations = 0;
    const cells = ladder.map((rotationSteps) => {
      const cpu = process.cpuUsage();
      const result = allocate(instance, { rotationSteps });
      const used = process.cpuUsage(cpu);
      violations += checkRoster(instance, result).violations.length;
      const [nights, weekends] = worstDepartmentSpread(instance, result);
      return `${result.coverage.assigned}, ${nights} / ${weekends}, ${((used.user + used.system) / 1000).toFixed(0)} ms`;
    });
    console.log(
      `| ${variant} s${seed} | ${cells.join(' | ')} | ${violations} | ${loadavg()[0]!.toFixed(1)} |`,
    );
  }
