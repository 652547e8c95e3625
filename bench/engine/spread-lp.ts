import { loadavg } from 'node:os';
import highsModule from 'highs';
import { allocate } from '../../src/engine/allocate.ts';
import { buildModel } from '../../src/engine/model.ts';
import type { Instance } from '../../src/engine/types.ts';
import { worstDepartmentSpread } from './fairness.ts';
import { generateInstance } from './generate.ts';
import { coverageRows } from './mip-model.ts';
import { option, seedsOption, sizeOption, variantsOption } from './options.ts';

// The package's types describe its CommonJS build; the ES module Node loads exports the loader as default.
const loadHighs = highsModule as unknown as typeof highsModule.default;

/**
 * Whether coverage allows a fairer roster: the least worst spread of nights (or weekend shifts) over the
 * departments × home pools that issue 52 measures (fairness.ts), over every roster that keeps every hard rule
 * (the MIP of mip-model.ts: eligibility, lending caps, rest, runs, weekly hours, fixed work) and covers at least
 * as many heads as the engine's. HiGHS solves it first as a linear programme: its optimum, rounded up, is a
 * lower bound no roster can beat (a proof where it is above 2). Then as the MIP within `--mip-limit` seconds:
 * a roster it finds within 2 proves that coverage allows the goal (the engine's search falls short there); its
 * dual bound, rounded up, is a lower bound too. Options: --size 200x28x6, --seeds 1,2, --variants a,b,
 * --kind nights|weekends, --mip-limit 60 (0: the linear programme only).
 */
const [employees, days, terminals] = sizeOption('200x28x6');
const seeds = seedsOption('1,2');
const variants = variantsOption();
const kind = option('kind', 'nights') === 'weekends' ? 'weekends' : 'nights';
const mipLimit = Number(option('mip-limit', '60'));

/** The spread model in CPLEX LP text: minimise t ≥ max − min of the kind within every measured group. */
function spreadModel(instance: Instance, covered: number, integral: boolean): string {
  const model = buildModel(instance);
  const { rows, dayVars, all, fixedCovered, columns } = coverageRows(instance);
  const ofKind = kind === 'nights' ? model.lineNight : model.lineWeekend;
  const { from, to } = instance.period;
  // The same staff as fairness.ts counts: the whole period, no leave or unavailability, no standing wish.
  const away = new Set([...instance.leaves, ...(instance.unavailability ?? [])].map((l) => l.employeeId));
  for (const wish of instance.preferences ?? []) if (wish.date === undefined) away.add(wish.employeeId);
  const group = new Map<number, string>();
  instance.employees.forEach((e, i) => {
    if (e.activeFrom <= from && (e.activeTo === undefined || e.activeTo >= to) && !away.has(e.id))
      group.set(i, `${e.department}|${e.homePool}`);
  });
  const terms = new Map<number, string[]>();
  for (const [name, [e, l]] of columns)
    if (ofKind[l] && group.has(e)) terms.set(e, [...(terms.get(e) ?? []), name]);
  const fixedOfKind = new Map<number, number>();
  for (const [e, l] of model.fixed) if (ofKind[l]) fixedOfKind.set(e, (fixedOfKind.get(e) ?? 0) + 1);
  const names = [...new Set(group.values())];
  const id = new Map(names.map((g, k) => [g, k]));
  const spreadRows: string[] = [` cover: ${all.join(' + ')} >= ${covered - fixedCovered}`];
  for (const [e, g] of group) {
    const k = id.get(g)!;
    const mine = terms.get(e) ?? [];
    const lhs = mine.length > 0 ? `${mine.join(' + ')} - ` : '';
    const fixed = fixedOfKind.get(e) ?? 0;
    spreadRows.push(` h${e}: ${lhs}hi${k} <= ${-fixed}`, ` l${e}: ${lhs}lo${k} >= ${-fixed}`);
  }
  names.forEach((_, k) => {
    spreadRows.push(` s${k}: hi${k} - lo${k} - t <= 0`);
  });
  return [
    'Minimize',
    ' obj: t',
    'Subject To',
    ...rows.map((row, i) => ` c${i}: ${row}`),
    ...spreadRows,
    'Bounds',
    ...dayVars.map((y) => ` 0 <= ${y} <= 1`),
    ...(integral ? ['Binary', ` ${all.join(' ')}`] : []),
    'End',
  ].join('\n');
}

const highs = await loadHighs();
const statusNames = Object.fromEntries(
  Object.entries(highs.constants.modelStatus).map(([name, code]) => [String(code), name]),
);
function solve(lp: string, seconds: number): { status: string; value: number; dual: number; ms: number } {
  const started = performance.now();
  return highs.withModel({ format: 'lp', data: lp }, (m) => {
    m.options.set({ output_flag: false, time_limit: seconds, mip_rel_gap: 0 });
    m.run();
    let dual = Number.NaN;
    try {
      dual = Number(m.info.get('mip_dual_bound'));
    } catch {
      // A linear programme has no MIP dual bound; its optimum is the bound.
    }
    return {
      status: statusNames[String(m.getModelStatus())] ?? 'unknown',
      value: m.getObjectiveValue(),
      dual,
      ms: performance.now() - started,
    };
  });
}

const up = (x: number) => Math.ceil(x - 1e-6);
console.log(
  `| instance | ${kind} spread, ours (worst department × pool) | LP bound (rounded up) | LP time | MIP: best roster's spread | MIP: dual bound (rounded up) | MIP status, time | load |`,
);
console.log('|---|---|---|---|---|---|---|---|');
for (const variant of variants)
  for (const seed of seeds) {
    const instance = generateInstance({ employees, days, terminals, shifts: 3, seed, variant });
    const result = allocate(instance);
    const spreads = worstDepartmentSpread(instance, result);
    const ours = kind === 'nights' ? spreads[0] : spreads[1];
    const covered = result.coverage.assigned;
    const lp = solve(spreadModel(instance, covered, false), 600);
    const lpBound =
      lp.status.toLowerCase() === 'optimal' ? `${up(lp.value)} (${lp.value.toFixed(2)})` : lp.status;
    let mipText = '— | — | —';
    if (mipLimit > 0) {
      const mip = solve(spreadModel(instance, covered, true), mipLimit);
      const found = Number.isFinite(mip.value) && mip.value < 1e20 ? String(Math.round(mip.value)) : 'none';
      mipText = `${found} | ${Number.isFinite(mip.dual) ? up(mip.dual) : '—'} | ${mip.status}, ${(mip.ms / 1000).toFixed(0)} s`;
    }
    console.log(
      `| ${variant} s${seed} | ${ours} | ${lpBound} | ${(lp.ms / 1000).toFixed(1)} s | ${mipText} | ${loadavg()[0]!.toFixed(1)} |`,
    );
  }
