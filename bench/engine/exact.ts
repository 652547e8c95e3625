import { readFileSync } from 'node:fs';
import { allocate, EXACT_DEFAULTS } from '../../src/engine/allocate.ts';
import { checkRoster } from '../../src/engine/checker/check.ts';
import { loadExactSolver } from '../../src/engine/exact-solver.ts';
import { generateInstance, type Variant } from './generate.ts';

/**
 * The exact windows against today's search: each instance solved without the phase and with it (same
 * process, interleaved), coverage, the stored HiGHS reference (mip-reference.json), the checker's count and
 * the CPU time of each solve (process.cpuUsage: the machine is shared, wall time is not comparable).
 * Usage: npx tsx bench/engine/exact.ts [--shapes mixed,scarce] [--seeds 1,2] [--size 200x28x6]
 *   [--windows n] [--patience n] [--days n] [--staff n] [--nodes n] [--seconds s] [--whole s] [--limit ms]
 */
const args = process.argv.slice(2);
const flag = (name: string) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? args[i + 1] : undefined;
};
const shapes = (flag('shapes') ?? 'mixed,scarce,over-demand').split(',') as Variant[];
const seeds = (flag('seeds') ?? '1,2,3,4,5').split(',').map(Number);
const [employees, days, terminals] = (flag('size') ?? '200x28x6').split('x').map(Number) as [
  number,
  number,
  number,
];
const numberFlag = (name: string, fallback: number) => Number(flag(name) ?? fallback);
const limit = flag('limit') === undefined ? {} : { timeLimitMs: Number(flag('limit')) };
const references = JSON.parse(
  readFileSync(new URL('./mip-reference.json', import.meta.url), 'utf8'),
) as Record<string, { status: string; optimum: number | null }>;

const solver = await loadExactSolver();
const exact = {
  solver,
  windows: numberFlag('windows', EXACT_DEFAULTS.windows),
  patience: numberFlag('patience', EXACT_DEFAULTS.patience),
  days: numberFlag('days', EXACT_DEFAULTS.days),
  staff: numberFlag('staff', EXACT_DEFAULTS.staff),
  nodes: numberFlag('nodes', EXACT_DEFAULTS.nodes),
  windowSeconds: numberFlag('seconds', EXACT_DEFAULTS.windowSeconds),
  wholeSeconds: numberFlag('whole', EXACT_DEFAULTS.wholeSeconds),
};
const cpu = (run: () => number) => {
  const before = process.cpuUsage();
  const value = run();
  const used = process.cpuUsage(before);
  return [value, (used.user + used.system) / 1e6] as const;
};
console.log(`exact windows ${JSON.stringify({ ...exact, solver: undefined })}`);
console.log(
  'instance\tHiGHS ref\ttoday\tcpu s\twith exact\tcpu s\tgain\tviolations\twindows\tstopped by (with exact)',
);
for (const variant of shapes)
  for (const seed of seeds) {
    const instance = generateInstance({ employees, days, terminals, shifts: 3, seed, variant });
    const name = `${employees}x${days} ${variant} s${seed}`;
    const reference = references[name];
    const ref =
      reference?.optimum == null
        ? '—'
        : `${reference.optimum}${reference.status === 'optimal' ? ' opt' : ''}`;
    const [today, todayCpu] = cpu(() => allocate(instance, limit).coverage.assigned);
    let violations = 0;
    let report = '';
    let stopped = '';
    const [withExact, exactCpu] = cpu(() => {
      const result = allocate(instance, {
        ...limit,
        exact: {
          ...exact,
          onReport: (r) =>
            (report = `${r.improved}/${r.solved} windows, ${r.refused} refused, ${r.cutByClock} cut by the clock`),
        },
      });
      violations = checkRoster(instance, result).violations.length;
      const { stoppedBy, overrunMs } = result.search;
      stopped = `${stoppedBy}${overrunMs === undefined ? '' : `, overrun ${overrunMs} ms`}, ${result.durationMs} ms`;
      return result.coverage.assigned;
    });
    console.log(
      `${name}\t${ref}\t${today}\t${todayCpu.toFixed(2)}\t${withExact}\t${exactCpu.toFixed(2)}\t${withExact - today}\t${violations}\t${report}\t${stopped}`,
    );
  }
