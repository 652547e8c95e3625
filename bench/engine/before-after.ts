import { cpus, loadavg } from 'node:os';
import { type AllocateOptions, allocate } from '../../src/engine/allocate.ts';
import { coverageBound } from '../../src/engine/bound.ts';
import { checkRoster } from '../../src/engine/checker/check.ts';
import { median } from '../figures.ts';
import { generateInstance } from './generate.ts';
import { readReference, referenceKey } from './mip-reference.ts';
import { option, seedsOption, variantsOption } from './options.ts';

/**
 * One phase of the engine measured in one process: for each size, shape and seed, the engine without it and
 * with it (the default), interleaved `--runs n` times (median wall and process CPU time), against the HiGHS
 * reference and both bounds (the flow bound and the one keeping rest, with its own time; `--rest-iterations 0`
 * skips it). `--without exchanges` turns the exact exchanges off (the third round's comparison),
 * `--without lagrangian` (the default) the Lagrangian heuristic (the fourth round's). `--before <dir>` compares
 * with another checkout of the engine folder instead (e.g. `git archive <commit> src/engine`
 * unpacked there; its `allocate` with no options), for changes inside a phase. Prints a Markdown table.
 * Options: --sizes 50x14,200x28,2000x31 --variants a,b --seeds 1,2,3 --runs 3 --rest-iterations 200.
 */
const SIZES: Record<string, { employees: number; days: number; terminals: number }> = {
  '50x14': { employees: 50, days: 14, terminals: 2 },
  '200x28': { employees: 200, days: 28, terminals: 6 },
  '2000x31': { employees: 2000, days: 31, terminals: 10 },
};
const WITHOUT: Record<string, AllocateOptions> = {
  exchanges: { exchangeNodes: 0 },
  lagrangian: { lagrangianSteps: 0 },
};
const without = WITHOUT[option('without', 'lagrangian')]!;
const beforeDir = option('before', '');
const allocateBefore: typeof allocate =
  beforeDir === ''
    ? (instance) => allocate(instance, without)
    : ((await import(`${beforeDir}/allocate.ts`)) as { allocate: typeof allocate }).allocate;
const sizes = option('sizes', '50x14,200x28').split(',');
const variants = variantsOption();
const seeds = seedsOption('1,2,3');
const runs = Number(option('runs', '3'));
const restIterations = Number(option('rest-iterations', '200'));
const reference = readReference();
const points = (value: number, required: number) => ((value / required) * 100).toFixed(2);

console.error(`node ${process.version}, ${cpus()[0]?.model ?? 'unknown cpu'}, ${cpus().length} cores`);
console.log(
  '| instance | Σ required | HiGHS | before | after | after − HiGHS | time before → after (median) | CPU before → after (median) | flow bound | bound keeping rest (its time) | certified gap after, points | hard violations after | load |',
);
console.log('|---|---|---|---|---|---|---|---|---|---|---|---|---|');
const cpuMs = () => {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
};
for (const sizeName of sizes)
  for (const variant of variants)
    for (const seed of seeds) {
      const instance = generateInstance({ ...SIZES[sizeName]!, shifts: 3, seed, variant });
      allocate(instance);
      allocateBefore(instance);
      const before: number[] = [];
      const after: number[] = [];
      const cpuBefore: number[] = [];
      const cpuAfter: number[] = [];
      let old = 0;
      let result = allocate(instance);
      for (let i = 0; i < runs; i++) {
        let t = performance.now();
        let c = cpuMs();
        old = allocateBefore(instance).coverage.assigned;
        before.push(performance.now() - t);
        cpuBefore.push(cpuMs() - c);
        t = performance.now();
        c = cpuMs();
        result = allocate(instance);
        after.push(performance.now() - t);
        cpuAfter.push(cpuMs() - c);
      }
      const assigned = result.coverage.assigned;
      const required = result.coverage.required;
      const flow = coverageBound(instance);
      const t = performance.now();
      const rest =
        restIterations > 0 ? coverageBound(instance, { restIterations, incumbent: assigned }) : flow;
      const restMs = performance.now() - t;
      const restText = restIterations > 0 ? `${rest} (${(restMs / 1000).toFixed(2)} s)` : 'not run';
      const mip = reference[referenceKey(sizeName, variant, seed)];
      const proven = mip?.status === 'optimal';
      const exact =
        mip === undefined || !Number.isFinite(mip.optimum)
          ? '—'
          : proven
            ? `**${mip.optimum}** optimal`
            : `${mip.optimum} incumbent`;
      const versus =
        mip === undefined || !Number.isFinite(mip.optimum)
          ? '—'
          : `${assigned - mip.optimum >= 0 ? '+' : ''}${assigned - mip.optimum}`;
      console.log(
        `| ${sizeName} ${variant} s${seed} | ${required} | ${exact} | ${old} | ${assigned} | ${versus} | ${(median(before) / 1000).toFixed(2)} → ${(median(after) / 1000).toFixed(2)} s | ${(median(cpuBefore) / 1000).toFixed(2)} → ${(median(cpuAfter) / 1000).toFixed(2)} s | ${flow} | ${restText} | ${points(Math.min(flow, rest) - assigned, required)} | ${checkRoster(instance, result).violations.length} | ${loadavg()[0]!.toFixed(1)} |`,
      );
    }
