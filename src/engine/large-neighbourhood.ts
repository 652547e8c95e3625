import { coverage, outOfTime, type SolveContext } from './context.ts';
import { fillDay } from './day-fill.ts';
import { remove } from './moves.ts';
import { repair } from './repair.ts';
import { eligibleOf } from './rules/eligibility.ts';
import { restore, snapshot } from './snapshot.ts';

/**
 * Large-neighbourhood search. A window of days is freed (every assignment that is neither fixed nor carried
 * over from the previous result) and staffed again with the days around it held as they are: each day of the
 * window becomes a maximum matching again (greedy by scarcity, then augmenting paths), this time seeing the
 * work on both sides of it, then cross-day repair runs on the lines the window can affect. The new roster is
 * kept when it covers more, else the old one comes back, so the best roster is always at hand.
 * Windows follow a fixed schedule and the work is capped by a count, so a run is reproducible; the clock
 * only stops it early.
 */
export function largeNeighbourhoodSearch(ctx: SolveContext, windows: number, target: number): number {
  const { model } = ctx;
  const days = model.dayCount;
  if (days < 2 || windows <= 0) return 0;
  let covered = coverage(ctx);
  const start = covered;
  let best = snapshot(ctx);
  let bestCovered = covered;
  const reach = 2;
  let shortCursor = 0;
  let sinceBetter = 0;
  const cells = Math.max(1, model.employeeCount * days);
  const patience = Math.ceil(
    windows * Math.max(PATIENCE_SHARE, Math.min(SMALL_PATIENCE_SHARE, FRUITLESS_CELLS / cells / windows)),
  );
  for (let i = 0; i < windows && bestCovered < target && sinceBetter < patience && !outOfTime(ctx); i++) {
    const saved = snapshot(ctx);
    // Two neighbourhoods in turn: every employee over a few days, or the staff who could work a line still
    // short over the week around it (where scarce skills and cross-day rules meet).
    const short = i % 3 === 2 ? nextShortLine(ctx, shortCursor) : -1;
    let first: number;
    let last: number;
    let freed: readonly number[] | null = null;
    if (short >= 0) {
      shortCursor = short + 1;
      const day = model.lineDay[short]!;
      first = Math.max(0, day - 3);
      last = Math.min(days - 1, day + 3);
      freed = rotate(eligibleOf(ctx.masks, short), i, SHORT_LINE_STAFF);
    } else {
      const width = 2 + (i % 2);
      // A stride coprime with common period lengths walks every start before repeating.
      first = (i * 5) % Math.max(1, days - width + 1);
      last = Math.min(days - 1, first + width - 1);
    }
    for (let d = first; d <= last; d++) {
      const free = (e: number) => {
        const cell = e * days + d;
        if (ctx.roster.lineOf[cell]! >= 0 && !ctx.roster.fixed[cell] && !ctx.fromPrevious[cell])
          remove(ctx, e, d);
      };
      if (freed === null) for (let e = 0; e < model.employeeCount; e++) free(e);
      else for (const e of freed) free(e);
    }
    const backwards = Math.floor(i / 2) % 2 === 1;
    for (let k = 0; k <= last - first; k++) fillDay(ctx, backwards ? last - k : first + k);
    const lines: number[] = [];
    for (let d = Math.max(0, first - reach); d <= Math.min(days - 1, last + reach); d++)
      lines.push(...model.linesByDay[d]!);
    repair(ctx, 1, REPAIR_ATTEMPTS, lines);
    const now = coverage(ctx);
    // Sideways moves keep the search walking; only a strictly better roster becomes the best.
    if (now >= covered) covered = now;
    else restore(ctx, saved);
    if (covered > bestCovered) {
      bestCovered = covered;
      best = snapshot(ctx);
      sinceBetter = 0;
    } else sinceBetter++;
  }
  restore(ctx, best);
  return bestCovered - start;
}

/** A line still short, from the cursor on (wrapping round), or -1. */
function nextShortLine(ctx: SolveContext, cursor: number): number {
  const { model, roster } = ctx;
  for (let k = 0; k < model.lineCount; k++) {
    const l = (cursor + k) % model.lineCount;
    if (roster.assignedCount[l]! < model.lineRequired[l]!) return l;
  }
  return -1;
}

/** Up to `count` of the list, starting at a point that moves with the iteration. */
function rotate(list: readonly number[], i: number, count: number): number[] {
  if (list.length <= count) return [...list];
  const from = (i * 7919) % list.length;
  return Array.from({ length: count }, (_, k) => list[(from + k) % list.length]!);
}

/**
 * Windows in a row that find no better roster before the search stops (a count: runs stay reproducible): about
 * `FRUITLESS_CELLS` employee-days of windows, between a fifth and half of the windows asked for. At 200 × 28 a
 * window costs about 5,600 employee-days and the windows after a dozen fruitless ones found one head in 30
 * instances; at 50 × 14 a window is cheap and the later ones still find heads.
 */
const PATIENCE_SHARE = 0.2;
const SMALL_PATIENCE_SHARE = 0.5;
const FRUITLESS_CELLS = 70_000;

/** Employees freed around a short line. */
const SHORT_LINE_STAFF = 40;

/** Work cap on the repair of one window. */
const REPAIR_ATTEMPTS = 1_000;
