import { loadavg } from 'node:os';
import { allocate } from '../../src/engine/allocate.ts';
import { dayNumber, WEEKDAYS } from '../../src/engine/dates.ts';
import type { Instance, Result } from '../../src/engine/types.ts';
import { worstDepartmentSpread } from './fairness.ts';
import { generateInstance } from './generate.ts';
import { seedsOption, sizeOption, variantsOption } from './options.ts';

/**
 * Why a department's weekend spread stays above 2 on some shapes: a lower bound on it, set beside what the
 * engine reaches. Among the staff the measure counts (fairness.ts), group by department and home pool; a member
 * who works in our roster as many days as the run rule allows at all (the most days of any schedule keeping
 * `maxConsecutiveDays`, the run before the period and fixed work counted) is saturated. For each saturated
 * member a dynamic programme over the days gives the fewest and the most weekend days of any schedule with that
 * many days, the same run rule and fixed days. In a group whose members are all saturated, no roster keeping
 * everyone at their most days (which keeping coverage needs when every line of the pool lacks heads) has a
 * weekend spread below max(fewest) − min(most): the bound printed. Rest, weekly hours and skills are relaxed
 * (they only narrow the schedules), so it is a true lower bound. Options: --size 200x28x6, --seeds 1,2,7,
 * --variants a,b.
 */
const [employees, days, terminals] = sizeOption('200x28x6');
const seeds = seedsOption('1,2,7');
const variants = variantsOption();

interface Member {
  id: string;
  group: string;
  prior: number;
  /** Per day of the period: 1 when fixed work falls on it. */
  fixed: Uint8Array;
}

/** The most days any schedule may work, and among those with `worked` days, the fewest and most weekend days. */
function scheduleRange(
  member: Member,
  weekend: Uint8Array,
  maxRun: number,
  worked: number,
): { most: number; fewest: number; highest: number } {
  const n = weekend.length;
  const none = -1;
  // State: run so far (0..maxRun) × days worked (0..n); per state the fewest and most weekend days, -1 unreached.
  const size = (maxRun + 1) * (n + 1);
  let low = new Int32Array(size).fill(none);
  let high = new Int32Array(size).fill(none);
  low[Math.min(member.prior, maxRun) * (n + 1)] = 0;
  high[Math.min(member.prior, maxRun) * (n + 1)] = 0;
  for (let d = 0; d < n; d++) {
    const nextLow = new Int32Array(size).fill(none);
    const nextHigh = new Int32Array(size).fill(none);
    const keep = (state: number, lo: number, hi: number) => {
      if (nextLow[state] === none || lo < nextLow[state]!) nextLow[state] = lo;
      if (hi > nextHigh[state]!) nextHigh[state] = hi;
    };
    for (let run = 0; run <= maxRun; run++)
      for (let k = 0; k <= d; k++) {
        const state = run * (n + 1) + k;
        if (low[state] === none) continue;
        if (!member.fixed[d]) keep(k, low[state]!, high[state]!);
        if (run < maxRun)
          keep((run + 1) * (n + 1) + k + 1, low[state]! + weekend[d]!, high[state]! + weekend[d]!);
      }
    low = nextLow;
    high = nextHigh;
  }
  let most = 0;
  let fewest = Number.POSITIVE_INFINITY;
  let highest = Number.NEGATIVE_INFINITY;
  for (let run = 0; run <= maxRun; run++)
    for (let k = 0; k <= n; k++) {
      const state = run * (n + 1) + k;
      if (low[state] === none) continue;
      most = Math.max(most, k);
      if (k === worked) {
        fewest = Math.min(fewest, low[state]!);
        highest = Math.max(highest, high[state]!);
      }
    }
  return { most, fewest, highest };
}

/** Per group: whether every member is saturated, the lower bound if so, and our spread. */
function weekendBound(
  instance: Instance,
  result: Result,
): { bound: number; groups: number; saturated: number } {
  const { from, to } = instance.period;
  const first = dayNumber(from);
  const n = dayNumber(to) - first + 1;
  const weekendDays: readonly string[] = instance.settings.weekendDays ?? ['saturday', 'sunday'];
  const weekend = Uint8Array.from({ length: n }, (_, d) =>
    weekendDays.includes(WEEKDAYS[(new Date(`${from}T00:00:00Z`).getUTCDay() + 6 + d) % 7]!) ? 1 : 0,
  );
  const away = new Set([...instance.leaves, ...(instance.unavailability ?? [])].map((l) => l.employeeId));
  for (const wish of instance.preferences ?? []) if (wish.date === undefined) away.add(wish.employeeId);
  const lineDay = new Map(instance.demandLines.map((l) => [l.id, dayNumber(l.date) - first]));
  const prior = new Map((instance.priorWork ?? []).map((p) => [p.employeeId, p.consecutiveDays]));
  const members: Member[] = instance.employees
    .filter((e) => e.activeFrom <= from && (e.activeTo === undefined || e.activeTo >= to) && !away.has(e.id))
    .map((e) => ({
      id: e.id,
      group: `${e.department}|${e.homePool}`,
      prior: prior.get(e.id) ?? 0,
      fixed: new Uint8Array(n),
    }));
  const byId = new Map(members.map((m) => [m.id, m]));
  for (const f of instance.fixedAssignments ?? []) {
    const member = byId.get(f.employeeId);
    const d = lineDay.get(f.lineId);
    if (member !== undefined && d !== undefined) member.fixed[d] = 1;
  }
  const worked = new Map<string, number>();
  for (const a of result.assignments) worked.set(a.employeeId, (worked.get(a.employeeId) ?? 0) + 1);
  const groups = new Map<string, { fewest: number; highest: number; saturated: boolean }>();
  for (const m of members) {
    const w = worked.get(m.id) ?? 0;
    const range = scheduleRange(m, weekend, instance.settings.maxConsecutiveDays, w);
    const g = groups.get(m.group) ?? { fewest: 0, highest: Number.POSITIVE_INFINITY, saturated: true };
    g.fewest = Math.max(g.fewest, range.fewest);
    g.highest = Math.min(g.highest, range.highest);
    // Fixed work that itself breaks the run rule leaves no schedule to compare with: no bound for that group.
    g.saturated &&= w === range.most && Number.isFinite(range.fewest);
    groups.set(m.group, g);
  }
  let bound = 0;
  let saturated = 0;
  for (const g of groups.values())
    if (g.saturated) {
      saturated++;
      bound = Math.max(bound, g.fewest - g.highest);
    }
  return { bound, groups: groups.size, saturated };
}

console.log(
  '| instance | weekend spread, worst department × pool (ours) | groups with every member at their most days | lower bound on their worst spread | load |',
);
console.log('|---|---|---|---|---|');
for (const variant of variants)
  for (const seed of seeds) {
    const instance = generateInstance({ employees, days, terminals, shifts: 3, seed, variant });
    const result = allocate(instance);
    const [, weekends] = worstDepartmentSpread(instance, result);
    const { bound, groups, saturated } = weekendBound(instance, result);
    console.log(
      `| ${variant} s${seed} | ${weekends} | ${saturated} of ${groups} | ${saturated > 0 ? bound : '—'} | ${loadavg()[0]!.toFixed(1)} |`,
    );
  }
