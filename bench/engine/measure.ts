import { readFileSync } from 'node:fs';
import { allocate } from '../../src/modules/allocation/engine/allocate.ts';
import { coverageBound } from '../../src/modules/allocation/engine/bound.ts';
import { checkRoster } from '../../src/modules/allocation/engine/checker/check.ts';
import { explain } from '../../src/modules/allocation/engine/explain.ts';
import type { Instance, Result } from '../../src/modules/allocation/engine/types.ts';

/**
 * One instance in its own process, so that peak memory belongs to it alone: a warm-up run, then `runs` timed
 * runs of allocate(); the checker and the bound on the last result; then every candidate list and the reasons
 * for every unfilled line through the explainer. Prints one JSON line.
 */
const [path, runsText] = process.argv.slice(2);
const instance = JSON.parse(readFileSync(path!, 'utf8')) as Instance;
const runs = Number(runsText ?? 5);
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

let result: Result = allocate(instance);
const times: number[] = [];
for (let i = 0; i < runs; i++) {
  const started = performance.now();
  result = allocate(instance);
  times.push(performance.now() - started);
}
const report = checkRoster(instance, result);
const bound = coverageBound(instance);

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
    bound,
    medianMs: median(times),
    minMs: Math.min(...times),
    maxMs: Math.max(...times),
    peakRssMb: process.resourceUsage().maxRSS / 1024,
    violations: report.violations.length,
    checkerAssigned: report.assigned,
    spreadShifts: result.fairness.spreadShifts,
    explainMs,
    setupMs,
    candidatesMs,
    reasonsMs,
    candidates,
    reasons,
  })}\n`,
);
