import { loadavg } from 'node:os';
import { allocate } from '../../src/engine/allocate.ts';
import { coverageBound } from '../../src/engine/bound.ts';
import { checkRoster } from '../../src/engine/checker/check.ts';
import { worstDepartmentSpread } from './fairness.ts';
import { generateInstance } from './generate.ts';
import { readReference, referenceKey } from './mip-reference.ts';
import { seedsOption, sizeOption, variantsOption } from './options.ts';

/**
 * Issue 52's table, in one process: for each shape and seed, Σ required, the best bound (the flow bound and the
 * bound keeping rest, 100 steps), HiGHS's stored proven optimum, the plain greedy, the engine without a limit,
 * whether it meets the optimum (or proves its own roster optimal by the bound), the smallest limit on a ladder
 * at which a limited run reaches 99 % and 100 % of that coverage, the worst department's spread of nights and of
 * weekend shifts among full-period staff (and the engine's own measure, per cohort with the history), the checker's verdict, determinism (a second run equal but for
 * `durationMs`), and the run's CPU time. Options: --size 200x28x6, --seeds 1,2,3,4,5, --variants a,b.
 */
const [employees, days, terminals] = sizeOption('200x28x6');
const seeds = seedsOption('1,2,3,4,5');
const variants = variantsOption();
const LADDER = [25, 50, 100, 200, 300, 500, 750, 1000, 1500, 2000, 3000, 5000];
const reference = readReference();
const sizeName = `${employees}x${days}`;

console.log(
  `| instance | Σ required | best bound | HiGHS optimum | greedy | ours | optimum met | to 99 % / 100 % | nights / weekends spread, worst department × pool (whole department) | engine's measure: cohort, history counted | violations | same twice | CPU | load |`,
);
console.log('|---|---|---|---|---|---|---|---|---|---|---|---|---|---|');
for (const variant of variants)
  for (const seed of seeds) {
    const instance = generateInstance({ employees, days, terminals, shifts: 3, seed, variant });
    const greedy = allocate(instance, { greedyOnly: true }).coverage.assigned;
    const cpu = process.cpuUsage();
    const result = allocate(instance);
    const used = process.cpuUsage(cpu);
    const ours = result.coverage.assigned;
    const again = allocate(instance);
    const same = JSON.stringify({ ...again, durationMs: 0 }) === JSON.stringify({ ...result, durationMs: 0 });
    const bound = Math.min(
      result.search.bound,
      coverageBound(instance, { restIterations: 100, incumbent: ours }),
    );
    const stored = reference[referenceKey(sizeName, variant, seed)];
    const optimum = stored?.status === 'optimal' ? stored.optimum : undefined;
    const met =
      ours >= bound
        ? 'yes (bound)'
        : optimum === undefined
          ? '—'
          : ours >= optimum
            ? 'yes'
            : `**no (${ours - optimum})**`;
    let to99: number | undefined;
    let to100: number | undefined;
    for (const limit of LADDER) {
      const limited = allocate(instance, { timeLimitMs: limit }).coverage.assigned;
      if (to99 === undefined && limited >= 0.99 * ours) to99 = limit;
      if (limited >= ours) {
        to100 = limit;
        break;
      }
    }
    const [nights, weekends, deptNights, deptWeekends] = worstDepartmentSpread(instance, result);
    const violations = checkRoster(instance, result).violations.length;
    const fmt = (ms: number | undefined) => (ms === undefined ? '> 5 s' : `${ms} ms`);
    console.log(
      `| ${variant} s${seed} | ${result.coverage.required} | ${bound} | ${optimum ?? '—'} | ${greedy} | ${ours} | ${met} | ${fmt(to99)} / ${fmt(to100)} | ${nights} / ${weekends} (${deptNights} / ${deptWeekends}) | ${result.fairness.unsocialShifts.nights} / ${result.fairness.unsocialShifts.weekends} | ${violations} | ${same ? 'yes' : '**no**'} | ${((used.user + used.system) / 1000).toFixed(0)} ms | ${loadavg()[0]!.toFixed(1)} |`,
    );
  }
