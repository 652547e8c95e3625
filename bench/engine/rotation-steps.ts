import { loadavg } from 'node:os';
import { allocate } from '../../src/engine/allocate.ts';
import { checkRoster } from '../../src/engine/checker/check.ts';
import { worstDepartmentSpread } from './fairness.ts';
import { generateInstance, VARIANTS, type Variant } from './generate.ts';

/**
 * What the rotation's budget buys: the worst department × pool spread of nights and of weekend shifts
 * (fairness.ts) and the CPU of the whole run, at each count of annealing steps per member on a ladder (the
 * default is 1,000), with coverage and the checker's verdict, so that a spread within 2 reached at the same
 * coverage shows that coverage allows it and what it costs. Options: --size 200x28x6, --seeds 1,2, --variants
 * a,b, --steps 0,1000,5000,20000.
 */
const args = process.argv.slice(2);
const option = (name: string, fallback: string) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? args[i + 1]! : fallback;
};
const [employees, days, terminals] = option('size', '200x28x6').split('x').map(Number) as [
  number,
  number,
  number,
];
const seeds = option('seeds', '1,2').split(',').map(Number);
const variants = option('variants', VARIANTS.join(',')).split(',') as Variant[];
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
