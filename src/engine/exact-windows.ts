import { coverage, outOfTime, type SolveContext } from './context.ts';
import type { ExactSolution, ExactSolver } from './exact-solver.ts';
import { place, remove } from './moves.ts';
import {
  applicableRules,
  availableOn,
  forEachEligible,
  isEligible,
  isHomePool,
} from './rules/eligibility.ts';
import { lendingRoomOn } from './rules/lending.ts';
import { rulesAllow } from './rules/placement.ts';
import { linesApartRest, REST_REACH, restAfterPriorWork, restBetween } from './rules/rest.ts';
import { countsNights } from './rules/runs.ts';
import { weekHoursLeft } from './rules/weekly-hours.ts';
import { restore, snapshot } from './snapshot.ts';
import type { ExactWindowsReport } from './types.ts';

export interface ExactOptions {
  solver: ExactSolver;
  /** Windows to solve (a count, so that runs are reproducible; the clock only stops the phase early). */
  windows: number;
  /** The windows stop after this many in a row gain nothing (the roster is then likely optimal round its short lines). */
  patience: number;
  /** Days in a window, centred on a line still short. */
  days: number;
  /** Most employees freed in one window (those who could work its short lines first, then who could relieve them). */
  staff: number;
  /** HiGHS's wall-clock cap per window, in seconds; a window starts only when the run has that much left. */
  windowSeconds: number;
  /**
   * When above 0: after the windows, the whole period at once (below 10,000 employee-days), with this cap in
   * seconds. Off by default: it settles 200 × 28 `mixed` in 3–8 s of CPU, close to any cap one would set, so a run
   * then depends on the machine's speed (docs/benchmarks.md, tenth round).
   */
  wholeSeconds: number;
  /** HiGHS's branch-and-bound node cap per window: a count, so that a window's answer does not depend on speed. */
  nodes: number;
  /** Told what the phase did once it ends (for benchmarks). */
  onReport?: (report: ExactReport) => void;
}

/** What the phase did: the run's report (`SearchReport.exact`), and whether HiGHS proved its last window. */
export interface ExactReport extends ExactWindowsReport {
  /** HiGHS proved the last window's answer optimal (to within less than a head). */
  lastProven: boolean;
}

/**
 * Exact neighbourhoods where the heuristics stop: a few days around a line still short, and the employees who
 * could work the window's short lines together with those who could take over their work there, are freed and
 * staffed again by HiGHS with everything else held. Every hard rule is a constraint (rest and consecutive days
 * across the window's edges, weekly hours, lending caps per day, fixed and carried-over work held, and the
 * fatigue rule); the objective is coverage, then home pool, then keeping what is there. An answer is placed
 * through the engine's own checks and kept only when it covers more, so the phase never lowers coverage.
 */
export function exactWindows(ctx: SolveContext, target: number, options: ExactOptions): ExactReport {
  const report: ExactReport = {
    solved: 0,
    improved: 0,
    refused: 0,
    gained: 0,
    cutByClock: 0,
    lastProven: false,
  };
  const { model } = ctx;
  const start = coverage(ctx);
  const days = Math.min(options.days, model.dayCount);
  // Each window is centred on a short line; a window already tried on the same roster is not tried again.
  const tried = new Set<number>();
  let cursor = 0;
  let fruitless = 0;
  for (
    let i = 0;
    i < options.windows && fruitless < options.patience && coverage(ctx) < target && !outOfTime(ctx);
    i++
  ) {
    const short = nextShort(ctx, cursor, tried, days);
    if (short < 0) break;
    cursor = short + 1;
    const first = windowStart(model.dayCount, model.lineDay[short]!, days);
    tried.add(first);
    if (!timeFor(ctx, options.windowSeconds)) break;
    const last = first + days - 1;
    const freed = staffFor(ctx, first, last, options.staff);
    if (!solveWindow(ctx, first, last, freed, options.windowSeconds, options, report)) {
      fruitless++;
      continue;
    }
    fruitless = 0;
    // The roster changed: every window may gain again.
    tried.clear();
    tried.add(first);
  }
  const small = model.employeeCount * model.dayCount <= WHOLE_PERIOD_CELLS;
  if (options.wholeSeconds > 0 && small && coverage(ctx) < target && !outOfTime(ctx)) {
    const everyone = Array.from({ length: model.employeeCount }, (_, e) => e);
    solveWindow(ctx, 0, model.dayCount - 1, everyone, options.wholeSeconds, options, report);
    // Solved to the end with only fixed work held, the whole period's answer is the optimum: a bound the result
    // can report (carried-over work is held too, which no rule demands, so not on a rerun).
    if (report.lastProven && model.previous.length === 0) ctx.bound = Math.min(ctx.bound, coverage(ctx));
  }
  report.gained = coverage(ctx) - start;
  options.onReport?.(report);
  return report;
}

/** Above this many employee-days the whole period is not tried (its model grows past what HiGHS settles). */
const WHOLE_PERIOD_CELLS = 10_000;

/** Solves one window and keeps its answer when it covers more; returns whether it did. */
function solveWindow(
  ctx: SolveContext,
  first: number,
  last: number,
  freed: readonly number[],
  limitSeconds: number,
  options: ExactOptions,
  report: ExactReport,
): boolean {
  const { model } = ctx;
  // A window is started only with its whole cap left: one cut short gains nothing and takes the time from the
  // phases after it (2 s limits at 200 × 28 lost 1–4 heads that way).
  report.lastProven = false;
  if (!timeFor(ctx, limitSeconds)) return false;
  const window = windowModel(ctx, first, last, freed);
  if (window.columns.length === 0) return false;
  const solution = solveSafely(options.solver, window.lp, {
    output_flag: false,
    time_limit: limitSeconds,
    mip_max_nodes: options.nodes,
    // Coverage proven is enough: home pool and keeping work only break ties among the best.
    mip_abs_gap: window.coverWeight * 0.99,
    mip_rel_gap: 0,
  });
  if (solution === null) return false;
  report.solved++;
  report.lastProven = solution.Status === 'Optimal';
  if (solution.Status === 'Time limit reached') report.cutByClock++;
  const chosen = window.columns.filter((_, k) => (solution.Columns[`x${k}`]?.Primal ?? 0) > 0.5);
  const before = coverage(ctx);
  if (chosen.length <= window.heldHeads) return false;
  const saved = snapshot(ctx);
  for (const cell of window.cells) remove(ctx, Math.floor(cell / model.dayCount), cell % model.dayCount);
  for (const [e, l, rule] of chosen) {
    const day = model.lineDay[l]!;
    const roomy = lendingRoomOn(model, ctx.roster, rule, day);
    if (ctx.roster.lineOf[e * model.dayCount + day]! >= 0 || !roomy || !rulesAllow(model, ctx.roster, e, l)) {
      report.refused++;
      // The roster is not the proven answer, so the proof says nothing about it.
      report.lastProven = false;
      restore(ctx, saved);
      return false;
    }
    place(ctx, e, l, rule);
  }
  if (coverage(ctx) <= before) {
    report.lastProven = false;
    restore(ctx, saved);
    return false;
  }
  report.improved++;
  return true;
}

/** Whether the run has `seconds` left; when not, the clock is what ended the phase, and the result says so. */
function timeFor(ctx: SolveContext, seconds: number): boolean {
  if ((ctx.deadline - performance.now()) / 1000 >= seconds) return true;
  ctx.timedOut = true;
  return false;
}

/** HiGHS's answer, or null when it fails (out of WebAssembly memory, say): the window is then left as it was. */
function solveSafely(
  solver: ExactSolver,
  lp: string,
  options: Record<string, number | boolean | string>,
): ExactSolution | null {
  try {
    return solver.solve(lp, options);
  } catch {
    return null;
  }
}

/** First day of the window of `width` days centred on `day`, kept inside the period. */
function windowStart(dayCount: number, day: number, width: number): number {
  return Math.max(0, Math.min(day - Math.floor((width - 1) / 2), dayCount - width));
}

/** The next line still short from the cursor on (wrapping round) whose window has not been tried, or -1. */
function nextShort(ctx: SolveContext, cursor: number, tried: ReadonlySet<number>, width: number): number {
  const { model, roster } = ctx;
  for (let k = 0; k < model.lineCount; k++) {
    const l = (cursor + k) % model.lineCount;
    if (roster.assignedCount[l]! >= model.lineRequired[l]!) continue;
    if (!tried.has(windowStart(model.dayCount, model.lineDay[l]!, width))) return l;
  }
  return -1;
}

/**
 * Whom to free: everyone who could work a short line of the window, then everyone who could take over a line
 * those hold there (so that they can move to the short one), in index order, up to `cap`.
 */
function staffFor(ctx: SolveContext, first: number, last: number, cap: number): number[] {
  const { model, roster, masks } = ctx;
  const days = model.dayCount;
  const chosen = new Uint8Array(model.employeeCount);
  const order: number[] = [];
  const add = (e: number) => {
    if (chosen[e] || order.length >= cap) return;
    chosen[e] = 1;
    order.push(e);
  };
  for (let d = first; d <= last; d++)
    for (const l of model.linesByDay[d]!)
      if (roster.assignedCount[l]! < model.lineRequired[l]!) forEachEligible(masks, l, add);
  const reached = order.length;
  for (let i = 0; i < reached; i++)
    for (let d = first; d <= last; d++) {
      const cell = order[i]! * days + d;
      const l = roster.lineOf[cell]!;
      if (l >= 0 && !roster.fixed[cell] && !ctx.fromPrevious[cell]) forEachEligible(masks, l, add);
    }
  return order.sort((a, b) => a - b);
}

interface WindowModel {
  lp: string;
  /** Column k (named `x${k}`): employee, line, lending rule (-1 for home pool). */
  columns: [number, number, number][];
  /** Freed cells (employee × day), whose work is taken away before the answer is placed. */
  cells: number[];
  /** Heads the freed cells hold now that count towards coverage: an answer must place more to gain. */
  heldHeads: number;
  coverWeight: number;
}

/** The window's MIP in CPLEX LP text, the rest of the roster held as constants. */
function windowModel(ctx: SolveContext, first: number, last: number, freed: readonly number[]): WindowModel {
  const { model, roster, masks } = ctx;
  const days = model.dayCount;
  const cells: number[] = [];
  const isFreed = new Uint8Array(model.employeeCount * days);
  const freedOnLine = new Map<number, number>();
  const freedOnRule = new Map<number, number>();
  for (const e of freed)
    for (let d = first; d <= last; d++) {
      const cell = e * days + d;
      if (roster.fixed[cell] || ctx.fromPrevious[cell]) continue;
      isFreed[cell] = 1;
      cells.push(cell);
      const l = roster.lineOf[cell]!;
      if (l >= 0) freedOnLine.set(l, (freedOnLine.get(l) ?? 0) + 1);
      const r = roster.ruleOf[cell]!;
      if (r >= 0) freedOnRule.set(r * days + d, (freedOnRule.get(r * days + d) ?? 0) + 1);
    }
  // Room left on each line once the held work is counted.
  const room = (l: number) => model.lineRequired[l]! - (roster.assignedCount[l]! - (freedOnLine.get(l) ?? 0));
  let heldHeads = 0;
  for (const [l, count] of freedOnLine) heldHeads += Math.max(0, Math.min(count, room(l)));
  const heldLine = (e: number, d: number) => {
    const cell = e * days + d;
    return d < 0 || d >= days || isFreed[cell] ? -1 : roster.lineOf[cell]!;
  };

  const columns: [number, number, number][] = [];
  const byCell = new Map<number, number[]>();
  const byLine = new Map<number, number[]>();
  const byRuleDay = new Map<number, number[]>();
  for (const cell of cells) {
    const e = Math.floor(cell / days);
    const d = cell % days;
    if (!availableOn(model, cell)) continue;
    for (const l of model.linesByDay[d]!) {
      if (room(l) <= 0 || !isEligible(masks, e, l)) continue;
      if (!restAfterPriorWork(model, e, l)) continue;
      let blocked = false;
      for (let o = d - REST_REACH; o <= d + REST_REACH && !blocked; o++) {
        const held = o === d ? -1 : heldLine(e, o);
        blocked = held >= 0 && !linesApartRest(model, held, l);
      }
      if (blocked) continue;
      const rules = isHomePool(model, e, l) ? [-1] : applicableRules(model, e, l);
      for (const r of rules) {
        const k = columns.length;
        columns.push([e, l, r]);
        push(byCell, cell, k);
        push(byLine, l, k);
        if (r >= 0 && Number.isFinite(model.ruleMax[r]!)) push(byRuleDay, r * days + d, k);
      }
    }
  }

  const rows: string[] = [];
  const sum = (ks: readonly number[]) => ks.map((k) => `x${k}`).join(' + ');
  for (const [l, ks] of byLine) rows.push(`${sum(ks)} <= ${room(l)}`);
  for (const [key, ks] of byRuleDay) {
    const r = Math.floor(key / days);
    const held = roster.ruleCount[key]! - (freedOnRule.get(key) ?? 0);
    rows.push(`${sum(ks)} <= ${Math.max(0, model.ruleMax[r]! - held)}`);
  }
  const worked = (e: number, d: number) => `y${e * days + d}`;
  for (const [cell, ks] of byCell)
    rows.push(`${sum(ks)} - ${worked(Math.floor(cell / days), cell % days)} = 0`);
  const dayVars = [...byCell.keys()].map((cell) => `y${cell}`);

  const byEmployee = new Map<number, number[]>();
  for (const cell of byCell.keys()) push(byEmployee, Math.floor(cell / days), cell % days);
  for (const [e, freeDays] of byEmployee) {
    const mine = freeDays.flatMap((d) => byCell.get(e * days + d)!);
    // Rest inside the window as cliques: at each shift start, the shifts begun by then that end less than the
    // rest before it clash pairwise, so at most one of them is worked.
    for (const t of new Set(mine.map((k) => model.lineStart[columns[k]![1]]!))) {
      const clique = mine.filter((k) => {
        const l = columns[k]![1];
        return model.lineStart[l]! <= t && !restBetween(model, model.lineEnd[l]!, t);
      });
      if (new Set(clique.map((k) => model.lineDay[columns[k]![1]]!)).size > 1)
        rows.push(`${sum(clique)} <= 1`);
    }
    runRows(rows, first, last, days, model.maxConsecutiveDays, model.priorConsecutive[e]!, (d) => {
      if (byCell.has(e * days + d)) return worked(e, d);
      return heldLine(e, d) >= 0 ? 1 : 0;
    });
    if (countsNights(model))
      runRows(rows, first, last, days, model.maxConsecutiveNights, model.priorNights[e]!, (d) => {
        if (byCell.has(e * days + d)) {
          const nights = byCell.get(e * days + d)!.filter((k) => model.lineNight[columns[k]![1]]);
          return nights.length > 0 ? sum(nights) : 0;
        }
        const held = heldLine(e, d);
        return held >= 0 && model.lineNight[held] ? 1 : 0;
      });
    const weeks = new Map<number, number[]>();
    for (const k of mine) push(weeks, model.weekOfDay[model.lineDay[columns[k]![1]]!]!, k);
    for (const [w, ks] of weeks) {
      let used = roster.weekHours[e * model.weekCount + w]!;
      for (let d = first; d <= last; d++) {
        const current = roster.lineOf[e * days + d]!;
        if (isFreed[e * days + d] && current >= 0 && model.weekOfDay[d] === w)
          used -= model.lineHours[current]!;
      }
      const terms = ks.map((k) => `${model.lineHours[columns[k]![1]]} x${k}`).join(' + ');
      // HiGHS's own feasibility tolerance is about 1e-6: a week that fits exactly must stay feasible.
      rows.push(`${terms} <= ${Math.max(0, weekHoursLeft(model, used) + 1e-6)}`);
    }
  }

  // Lexicographic weights: a head outweighs every home-pool gain, which outweighs keeping every assignment.
  const keep = 1;
  const home = cells.length + 1;
  const cover = home * (cells.length + 1);
  const objective = columns.map(([e, l, r], k) => {
    const kept = roster.lineOf[e * days + model.lineDay[l]!] === l ? keep : 0;
    return `${cover + (r < 0 ? home : 0) + kept} x${k}`;
  });
  const lp = [
    'Maximize',
    ` obj: ${objective.length > 0 ? objective.join('\n + ') : '0 x0'}`,
    'Subject To',
    ...rows.map((row, i) => ` c${i}: ${row}`),
    'Bounds',
    ...dayVars.map((y) => ` 0 <= ${y} <= 1`),
    'Binary',
    ` ${columns.map((_, k) => `x${k}`).join(' ')}`,
    'End',
  ].join('\n');
  return { lp, columns, cells, heldHeads, coverWeight: cover };
}

/**
 * Rows for a cap on a run of days (worked days, or nights): every span of `max + 1` days touching the window
 * holds at most `max`, the days before the period counted from the employee's history.
 */
function runRows(
  rows: string[],
  first: number,
  last: number,
  dayCount: number,
  max: number,
  prior: number,
  term: (d: number) => string | number,
): void {
  for (let from = first - max; from <= last; from++) {
    let constant = 0;
    const names: string[] = [];
    for (let d = from; d <= from + max; d++) {
      if (d < 0) constant += -d <= prior ? 1 : 0;
      else if (d < dayCount) {
        const t = term(d);
        if (typeof t === 'number') constant += t;
        else names.push(t);
      }
    }
    if (names.length > 0) rows.push(`${names.join(' + ')} <= ${Math.max(0, max - constant)}`);
  }
}

function push<K>(map: Map<K, number[]>, key: K, value: number): void {
  const list = map.get(key);
  if (list === undefined) map.set(key, [value]);
  else list.push(value);
}
