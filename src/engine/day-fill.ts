import { outOfTime, rankedEligible, type SolveContext } from './context.ts';
import { placeIfLendingAllows, remove } from './moves.ts';
import { eligibleOf } from './rules/eligibility.ts';
import { lendingRuleFor, NO_RULE } from './rules/lending.ts';
import { rulesAllow } from './rules/placement.ts';

/**
 * Staffs one day: a greedy pass by scarcity, then augmenting paths (an employee moves to an unfilled line and
 * someone free takes their place, chains of any length) until no unfilled line of the day can gain anyone.
 * Within a day only the one-shift-per-day and lending caps couple the lines; the rest, consecutive-day and
 * weekly rules depend on other days, so each line's candidate list stays valid for the whole day. `plain`:
 * the greedy pass alone, candidates in index order (the floor the engine never returns worse than).
 */
export function fillDay(ctx: SolveContext, day: number, first = -1, plain = false, ranked = !plain): void {
  const { model, roster } = ctx;
  const base = (e: number) => e * model.dayCount + day;
  const lines = model.linesByDay[day]!.filter((l) => roster.assignedCount[l]! < model.lineRequired[l]!);
  if (lines.length === 0) return;
  const candidates = new Map<number, number[]>();
  const rules = dayRules(ctx, day);
  for (const l of model.linesByDay[day]!) candidates.set(l, movableCandidates(ctx, l, ranked, rules));
  const need = (l: number) => model.lineRequired[l]! - roster.assignedCount[l]!;
  const slack = (l: number) => candidates.get(l)!.length - need(l);
  lines.sort((a, b) => Number(b === first) - Number(a === first) || slack(a) - slack(b) || a - b);
  for (const l of lines)
    for (const e of candidates.get(l)!) {
      if (need(l) <= 0) break;
      if (roster.lineOf[base(e)]! < 0) placeIfLendingAllows(ctx, e, l);
    }

  if (plain) return;
  // A line with no augmenting path never regains one once others augment, so it is dropped for the day.
  const dead = new Set<number>();
  for (const l of lines) {
    while (need(l) > 0 && !dead.has(l) && !outOfTime(ctx)) {
      if (!augment(ctx, day, l, (x) => candidates.get(x)!, dead)) dead.add(l);
    }
  }
}

/**
 * Employees who could work the line instead of whatever they do that day (fixed work never moves), best first
 * when `ranked`, else in index order (cheaper, for searches where order hardly matters).
 */
export function movableCandidates(
  ctx: SolveContext,
  l: number,
  ranked = true,
  rules?: (e: number, l: number) => boolean,
): number[] {
  // A loop rather than a filter with a closure per call: this runs for every line of every day staffed, and
  // under tsx (which keeps function names) each closure created costs a property definition.
  const movable: number[] = [];
  for (const e of eligibleOf(ctx.masks, l)) if (isMovable(ctx, e, l, rules)) movable.push(e);
  return ranked ? rankedEligible(ctx, l, movable) : movable;
}

/** Not fixed that day, and the rules (those of the day given, else checked now) and lending caps allow it. */
function isMovable(
  ctx: SolveContext,
  e: number,
  l: number,
  rules: ((e: number, l: number) => boolean) | undefined,
): boolean {
  const { model, roster } = ctx;
  return (
    !roster.fixed[e * model.dayCount + model.lineDay[l]!] &&
    (rules === undefined ? rulesAllow(model, roster, e, l) : rules(e, l)) &&
    lendingRuleFor(model, roster, e, l) >= NO_RULE
  );
}

/**
 * Rest, consecutive days, weekly hours and nights for the lines of one day, worked out once per employee and
 * shift times (start, end, paid hours, night or not) however many lines share them, for the roster as it stands: valid while only
 * that day's work changes (what each rule ignores or, for weekly hours, takes back out).
 */
export function dayRules(ctx: SolveContext, day: number): (e: number, l: number) => boolean {
  const { model, roster } = ctx;
  // An array over the day's line numbers (from its smallest) rather than a map: this is asked for every
  // candidate of every line.
  const lines = model.linesByDay[day]!;
  const first = lines.length === 0 ? 0 : Math.min(...lines);
  const shapeOf = new Int32Array(lines.length === 0 ? 0 : Math.max(...lines) - first + 1);
  const keys = new Map<string, number>();
  for (const l of lines) {
    const key = `${model.lineStart[l]}|${model.lineEnd[l]}|${model.lineHours[l]}|${model.lineNight[l]}`;
    let shape = keys.get(key);
    if (shape === undefined) {
      shape = keys.size;
      keys.set(key, shape);
    }
    shapeOf[l - first] = shape;
  }
  const shapes = keys.size;
  const memo = new Int8Array(model.employeeCount * shapes).fill(-1);
  return (e, l) => {
    const slot = e * shapes + shapeOf[l - first]!;
    let allowed = memo[slot]!;
    if (allowed < 0) {
      allowed = rulesAllow(model, roster, e, l) ? 1 : 0;
      memo[slot] = allowed;
    }
    return allowed === 1;
  };
}

/**
 * Breadth-first search for a chain that gives the target line one more employee: someone moves to it from
 * another line of the same day, someone else fills that line, and so on until a free employee closes it.
 * Lines found unable to gain are added to `dead`; employees in `skip` take no part.
 */
export function augment(
  ctx: SolveContext,
  day: number,
  target: number,
  candidates: (line: number) => readonly number[],
  dead: Set<number>,
  skip: Iterable<number> = [],
): boolean {
  const { model, roster } = ctx;
  const scratch = scratchOf(ctx);
  // Stamps instead of sets: a value equal to this search's stamp means "seen" (employees) or "reached" (lines).
  const stamp = ++scratch.stamp;
  const { seen, reached, leaver, movesTo, queue } = scratch;
  for (const e of skip) seen[e] = stamp;
  let tail = 0;
  queue[tail++] = target;
  reached[target] = stamp;
  for (let q = 0; q < tail; q++) {
    const line = queue[q]!;
    for (const e of candidates(line)) {
      if (seen[e] === stamp) continue;
      seen[e] = stamp;
      const cell = e * model.dayCount + day;
      const current = roster.lineOf[cell]!;
      if (current < 0) {
        if (applyPath(ctx, day, e, line, target, leaver, movesTo)) return true;
        continue;
      }
      if (current === line || reached[current] === stamp || dead.has(current) || roster.fixed[cell]) continue;
      reached[current] = stamp;
      leaver[current] = e;
      movesTo[current] = line;
      queue[tail++] = current;
    }
  }
  for (let q = 0; q < tail; q++) dead.add(queue[q]!);
  return false;
}

interface Scratch {
  stamp: number;
  seen: Int32Array;
  reached: Int32Array;
  leaver: Int32Array;
  movesTo: Int32Array;
  queue: Int32Array;
}

const scratches = new WeakMap<SolveContext, Scratch>();

/** Buffers of the path search, one set per run. */
function scratchOf(ctx: SolveContext): Scratch {
  let scratch = scratches.get(ctx);
  if (scratch === undefined) {
    const { employeeCount, lineCount } = ctx.model;
    scratch = {
      stamp: 0,
      seen: new Int32Array(employeeCount),
      reached: new Int32Array(lineCount),
      leaver: new Int32Array(lineCount),
      movesTo: new Int32Array(lineCount),
      queue: new Int32Array(lineCount + 1),
    };
    scratches.set(ctx, scratch);
  }
  return scratch;
}

/** Shifts everyone one step along the path; undoes it all when a lending cap refuses a step. */
function applyPath(
  ctx: SolveContext,
  day: number,
  free: number,
  line: number,
  target: number,
  leaver: Int32Array,
  movesTo: Int32Array,
): boolean {
  const undo: [number, number][] = [];
  let employee = free;
  let at = line;
  for (;;) {
    const next = at === target ? -1 : leaver[at]!;
    if (next >= 0) undo.push([next, remove(ctx, next, day)]);
    if (!placeIfLendingAllows(ctx, employee, at)) {
      // Later steps first: take back the placements, then put removed employees on their old lines.
      for (const [e, l] of undo.reverse()) {
        remove(ctx, e, day);
        if (l >= 0) placeIfLendingAllows(ctx, e, l);
      }
      return false;
    }
    undo.push([employee, -1]);
    if (next < 0) return true;
    employee = next;
    at = movesTo[at]!;
  }
}
