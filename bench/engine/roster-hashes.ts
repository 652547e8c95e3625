import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { allocate } from '../../src/engine/allocate.ts';
import { coverageBound } from '../../src/engine/bound.ts';
import { loadExactSolver } from '../../src/engine/exact-solver.ts';
import type { Instance, Result } from '../../src/engine/types.ts';
import { generateInstance, VARIANTS, type Variant } from './generate.ts';

/**
 * Proof that a change of the engine's code left its answers alone: a hash of every roster (and of what the
 * result says about it, timings left out) the engine produces, without a time limit, on the benchmark's
 * instances (every shape and seed 1–5 at 50 × 14 and 200 × 28, 2,000 × 31 × 10 on four shapes), on variants
 * that reach rules the generator leaves off (the fatigue rule, stated unavailability, a rerun), the coverage
 * bound keeping rest, and the exact windows. `--write` stores them in `roster-hashes.json`; without it they
 * are compared with what is stored and the differences listed (exit 1 when any). `--only a,b` runs the cases
 * whose names contain one of the words.
 */
const args = process.argv.slice(2);
const write = args.includes('--write');
const onlyAt = args.indexOf('--only');
const only = onlyAt >= 0 ? args[onlyAt + 1]!.split(',') : null;
const store = new URL('./roster-hashes.json', import.meta.url);

interface Case {
  name: string;
  run: () => Promise<string> | string;
}

const seeds = [1, 2, 3, 4, 5];
const instanceOf = (employees: number, days: number, terminals: number, variant: Variant, seed: number) =>
  generateInstance({ employees, days, terminals, shifts: 3, seed, variant });

/** Everything the result says that the machine's speed cannot change. */
function hashResult(result: Result): string {
  const { durationMs: _, engineVersion: __, ...rest } = result;
  return createHash('sha256').update(JSON.stringify(rest)).digest('hex').slice(0, 16);
}

const withNights = (instance: Instance): Instance => ({
  ...instance,
  settings: { ...instance.settings, maxConsecutiveNights: 3 },
  priorWork: instance.priorWork.map((p, i) => ({ ...p, consecutiveNights: i % 4 })),
});

/** A rerun: the first run's roster as the previous result of the same plan with a few more people on leave. */
function rerunOf(instance: Instance): Instance {
  const first = allocate(instance);
  const extraLeave = instance.employees
    .filter((_, i) => i % 17 === 3)
    .map((e) => ({ employeeId: e.id, from: instance.period.from, to: instance.period.from }));
  return {
    ...instance,
    leaves: [...instance.leaves, ...extraLeave],
    previousAssignments: first.assignments.map((a) => ({ employeeId: a.employeeId, lineId: a.lineId })),
  };
}

const cases: Case[] = [];
for (const [employees, days, terminals] of [
  [50, 14, 2],
  [200, 28, 6],
] as const)
  for (const variant of VARIANTS)
    for (const seed of seeds)
      cases.push({
        name: `${employees}x${days}x${terminals} ${variant} s${seed}`,
        run: () => hashResult(allocate(instanceOf(employees, days, terminals, variant, seed))),
      });
for (const variant of ['normal', 'tight', 'rest-bound', 'mixed'] as const)
  for (const seed of [1, 2])
    cases.push({
      name: `200x28x6 ${variant} s${seed} nights≤3`,
      run: () => hashResult(allocate(withNights(instanceOf(200, 28, 6, variant, seed)))),
    });
for (const variant of ['scarce', 'mixed'] as const)
  cases.push({
    name: `200x28x6 ${variant} s1 unavailability`,
    run: () =>
      hashResult(
        allocate(
          generateInstance({
            employees: 200,
            days: 28,
            terminals: 6,
            shifts: 3,
            seed: 1,
            variant,
            unavailability: true,
          }),
        ),
      ),
  });
for (const variant of ['normal', 'mixed'] as const)
  cases.push({
    name: `200x28x6 ${variant} s1 rerun`,
    run: () => hashResult(allocate(rerunOf(instanceOf(200, 28, 6, variant, 1)))),
  });
for (const variant of ['rest-bound', 'mixed', 'consecutive-bound'] as const)
  cases.push({
    name: `200x28x6 ${variant} s1 bound keeping rest`,
    run: () => String(coverageBound(instanceOf(200, 28, 6, variant, 1), { restIterations: 60 })),
  });
cases.push({
  name: '200x28x6 mixed s1 nights≤3 bound keeping rest',
  run: () => String(coverageBound(withNights(instanceOf(200, 28, 6, 'mixed', 1)), { restIterations: 60 })),
});
for (const [variant, seed] of [
  ['mixed', 1],
  ['scarce', 2],
  ['live-roster', 3],
] as const)
  cases.push({
    name: `50x14x2 ${variant} s${seed} exact windows`,
    run: async () => {
      const solver = await loadExactSolver();
      const result = allocate(instanceOf(50, 14, 2, variant, seed), { exact: { solver, windows: 6 } });
      return `${hashResult(result)}${result.search.exact?.cutByClock ? ' (cut by the clock)' : ''}`;
    },
  });
for (const variant of ['normal', 'tight', 'scarce', 'mixed'] as const)
  cases.push({
    name: `2000x31x10 ${variant} s1`,
    run: () => hashResult(allocate(instanceOf(2000, 31, 10, variant, 1))),
  });

const stored = write ? {} : (JSON.parse(readFileSync(store, 'utf8')) as Record<string, string>);
const hashes: Record<string, string> = write ? {} : { ...stored };
let differing = 0;
for (const { name, run } of cases) {
  if (only !== null && !only.some((word) => name.includes(word))) continue;
  const started = performance.now();
  const hash = await run();
  hashes[name] = hash;
  const known = stored[name];
  const verdict = write ? 'stored' : known === hash ? 'equal' : `DIFFERS (was ${known ?? 'absent'})`;
  if (!write && known !== hash) differing++;
  console.log(`${name}\t${hash}\t${verdict}\t${((performance.now() - started) / 1000).toFixed(1)} s`);
}
if (write) writeFileSync(store, `${JSON.stringify(hashes, null, 2)}\n`);
else console.log(differing === 0 ? 'all equal' : `${differing} differ`);
process.exitCode = differing === 0 ? 0 : 1;
