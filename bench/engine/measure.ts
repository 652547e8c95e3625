import { readFileSync } from 'node:fs';
import { allocate } from '../../src/engine/allocate.ts';
import { coverageBound } from '../../src/engine/bound.ts';
import { checkRoster } from '../../src/engine/checker/check.ts';
import { explain } from '../../src/engine/explain.ts';
import type { Instance, Result } from '../../src/engine/types.ts';
import { median } from '../figures.ts';
import { wholePeriodSpread } from './fairness.ts';

/**
 * One instance in its own process, so that peak memory belongs to it alone: a warm-up, then `runs` rounds of
 * the plain greedy (`greedyOnly`) and the full engine, interleaved so that both see the same machine load;
 * the checker, the bound and fairness on the last result; then each time limit given (runs of
 * `allocate(…, { timeLimitMs })`, checked too); then every candidate list and the reasons for every unfilled
 * line through the explainer. Prints one JSON line.
 */
const [path, runsText, limitsText] = process.argv.slice(2);
const instance = JSON.parse(readFileSync(path!, 'utf8')) as Instance;
const runs = Number(runsText ?? 5);
const limits = (limitsText ?? '').split(',').filter(Boolean).map(Number);
const daysOf = (i: Instance) => (Date.parse(i.period.to) - Date.parse(i.period.from)) / 86_400_000 + 1;
const cpuTimes: number[] = [];
const timed = (run: () => Result): [Result, number] => {
  const started = performance.now();
  const cpu = process.cpuUsage();
  const result = run();
  const used = process.cpuUsage(cpu);
  cpuTimes.push((used.user + used.system) / 1000);
  return [result, performance.now() - started];
};

let greedy = allocate(instance, { greedyOnly: true });
let result: Result = allocate(instance);
const times: number[] = [];
const greedyTimes: number[] = [];
/** CPU time of the process during each full run: what one core spent, whatever else the machine ran. */
const cpuMs: number[] = [];
const greedyCpuMs: number[] = [];
for (let i = 0; i < runs; i++) {
  const [g, gMs] = timed(() => allocate(instance, { greedyOnly: true }));
  greedyCpuMs.push(cpuTimes.at(-1)!);
  const [r, ms] = timed(() => allocate(instance));
  cpuMs.push(cpuTimes.at(-1)!);
  greedy = g;
  result = r;
  greedyTimes.push(gMs);
  times.push(ms);
}
const report = checkRoster(instance, result);
const bound = coverageBound(instance);
// The bound that keeps rest and consecutive days, as `engine:solve --bound 200` computes it (its own time);
// skipped from 40,000 employee-days, where its steps would take several seconds, and with BENCH_NO_REST_BOUND.
const restIterations =
  instance.employees.length * daysOf(instance) < 40_000 && !process.env.BENCH_NO_REST_BOUND ? 200 : 0;
const restStarted = performance.now();
const restBound = coverageBound(instance, { restIterations, incumbent: result.coverage.assigned });
const restBoundMs = performance.now() - restStarted;
const limited = limits.map((limitMs) => {
  const elapsed: number[] = [];
  const assigned: number[] = [];
  let violations = 0;
  for (let i = 0; i < Math.max(1, Math.min(3, runs)); i++) {
    const [r, ms] = timed(() => allocate(instance, { timeLimitMs: limitMs }));
    elapsed.push(ms);
    assigned.push(r.coverage.assigned);
    violations += checkRoster(instance, r).violations.length;
  }
  return { limitMs, elapsed, assigned, violations };
});

const explainStarted = performance.now();
const explainer = explain(instance, result);
const setupMs = performance.now() - explainStarted;
let candidates = 0;
for (const line of instance.demandLines) candidates += explainer.candidates(line.id).length;
const candidatesMs = performance.now() - explainStarted - setupMs;
let reasons = 0;
for (const unfilled of result.unfilled)
  for (const employee of instance.employees)
    reasons += explainer.reasons(unfilled.lineId, employee.id).length;
const explainMs = performance.now() - explainStarted;
const reasonsMs = explainMs - setupMs - candidatesMs;

process.stdout.write(
  `${JSON.stringify({
    required: result.coverage.required,
    assigned: result.coverage.assigned,
    greedyAssigned: greedy.coverage.assigned,
    greedyViolations: checkRoster(instance, greedy).violations.length,
    bound,
    restBound: restIterations > 0 ? restBound : null,
    restBoundMs,
    medianMs: median(times),
    greedyMedianMs: median(greedyTimes),
    cpuMedianMs: median(cpuMs),
    loadAverage: (await import('node:os')).loadavg()[0],
    ratioMedian: median(times.map((t, i) => t / greedyTimes[i]!)),
    ratioWorst: Math.max(...times.map((t, i) => t / greedyTimes[i]!)),
    cpuRatioMedian: median(cpuMs.map((t, i) => t / greedyCpuMs[i]!)),
    greedyCpuMedianMs: median(greedyCpuMs),
    peakRssMb: process.resourceUsage().maxRSS / 1024,
    violations: report.violations.length,
    checkerAssigned: report.assigned,
    spreadShifts: result.fairness.spreadShifts,
    unsocialShifts: result.fairness.unsocialShifts,
    wishes: result.wishes.total,
    search: result.search,
    wholePeriodSpread: wholePeriodSpread(instance, result),
    limited,
    explainMs,
    setupMs,
    candidatesMs,
    reasonsMs,
    candidates,
    reasons,
  })}\n`,
);
