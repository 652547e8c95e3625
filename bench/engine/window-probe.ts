import highsModule from 'highs';
import { allocate } from '../../src/engine/allocate.ts';
import { generateInstance, type Variant } from './generate.ts';
import { coverageMip } from './mip-model.ts';

/**
 * What exact windows would gain, offline: the engine's roster, then each window of consecutive days freed for
 * every employee (the rest of the roster fixed) and solved exactly by HiGHS, improvements kept, for several
 * sweeps. Prints each improving window with the exchange it made (assignments taken away and added) and the
 * coverage reached. A measurement of the neighbourhood, not part of the engine.
 * Usage: npx tsx bench/engine/window-probe.ts [200x28x6] [mixed] [seed] [widths 2,3] [sweeps 3]
 */
const loadHighs = highsModule as unknown as typeof highsModule.default;
const args = process.argv.slice(2);
const [employees, days, terminals] = (args[0] ?? '200x28x6').split('x').map(Number) as [
  number,
  number,
  number,
];
const variant = (args[1] ?? 'mixed') as Variant;
const seed = Number(args[2] ?? 2);
const widths = (args[3] ?? '2,3').split(',').map(Number);
const sweeps = Number(args[4] ?? 3);

const instance = generateInstance({ employees, days, terminals, shifts: 3, seed, variant });
const result = allocate(instance);
const highs = await loadHighs();
const dates = [...new Set(instance.demandLines.map((l) => l.date))].sort();
const lineDate = new Map(instance.demandLines.map((l) => [l.id, l.date]));
const fixed = new Set(instance.fixedAssignments.map((f) => `${f.employeeId}|${f.lineId}`));
const key = (a: { employeeId: string; lineId: string }) => `${a.employeeId}|${a.lineId}`;
let roster = result.assignments
  .filter((a) => !fixed.has(key(a)))
  .map(({ employeeId, lineId }) => ({ employeeId, lineId }));
let covered = result.coverage.assigned;
console.log(`engine ${covered}`);
const started = performance.now();
for (let sweep = 0; sweep < sweeps; sweep++)
  for (const width of widths)
    for (let first = 0; first + width <= dates.length; first++) {
      const window = new Set(dates.slice(first, first + width));
      const inWindow = (a: { lineId: string }) => window.has(lineDate.get(a.lineId)!);
      const held = roster.filter((a) => !inWindow(a));
      const current = new Set(roster.filter(inWindow).map(key));
      const mip = coverageMip({ ...instance, fixedAssignments: [...instance.fixedAssignments, ...held] });
      const pairOf = (name: string) => {
        const [e, l] = mip.columns.get(name)!;
        return { employeeId: instance.employees[e]!.id, lineId: instance.demandLines[l]!.id };
      };
      // Coverage first, then as little change as possible (1 per assignment kept), so the diff is the exchange.
      const lp = mip.lp.replace(
        / obj: (.*)\n/,
        (_m, terms: string) =>
          ` obj: ${terms
            .split(' + ')
            .map((t) => `${current.has(key(pairOf(t))) ? 1001 : 1000} ${t}`)
            .join('\n + ')}\n`,
      );
      const solution = highs.solve(lp, { output_flag: false, time_limit: 20, mip_rel_gap: 0 });
      const value = Math.floor((solution.ObjectiveValue + 0.5) / 1000) + mip.fixedCovered;
      if (value <= covered) continue;
      const chosen = Object.entries(solution.Columns)
        .filter(([name, column]) => mip.columns.has(name) && (column as { Primal: number }).Primal > 0.5)
        .map(([name]) => pairOf(name));
      const after = new Set(chosen.map(key));
      console.log(
        `sweep ${sweep}, days ${first}–${first + width - 1}: ${covered} → ${value} (${((performance.now() - started) / 1000).toFixed(1)} s)`,
      );
      console.log(`  − ${[...current].filter((k) => !after.has(k)).join(', ')}`);
      console.log(`  + ${[...after].filter((k) => !current.has(k)).join(', ')}`);
      roster = [...held, ...chosen];
      covered = value;
    }
console.log(`exact windows ${covered}`);
