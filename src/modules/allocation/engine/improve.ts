import { outOfTime, type SolveContext } from './context.ts';
import { fillDay } from './day-fill.ts';
import { remove } from './moves.ts';
import { repair } from './repair.ts';
import type { Roster } from './roster.ts';

/**
 * Large-neighbourhood search. A window of days is freed (every assignment that is neither fixed nor carried
 * over from the previous result) and staffed again with the days around it held as they are: each day of the
 * window becomes a maximum matching again (greedy by scarcity, then augmenting paths), this time seeing the
 * work on both sides of it, then cross-day repair runs on the lines the window can affect. The new roster is
 * kept when it covers more, else the old one comes back, so the best roster is always at hand.
 * Windows follow a fixed schedule and the work is capped by a count, so a run is reproducible; the clock
 * only stops it early.
 */
export function improve(ctx: SolveContext, windows: number, target: number): number {
  const { model } = ctx;
  const days = model.dayCount;
  if (days < 2 || windows <= 0) return 0;
  let covered = coverage(ctx);
  const start = covered;
  const reach = Math.max(7, model.maxConsecutiveDays + 1);
  for (let i = 0; i < windows && covered < target && !outOfTime(ctx); i++) {
    const width = 2 + (i % 2);
    // Strides coprime with common period lengths walk every start before repeating.
    const first = (i * 5) % Math.max(1, days - width + 1);
    const last = Math.min(days - 1, first + width - 1);
    const saved = snapshot(ctx);
    for (let d = first; d <= last; d++)
      for (let e = 0; e < model.employeeCount; e++) {
        const cell = e * days + d;
        if (ctx.roster.lineOf[cell]! >= 0 && !ctx.roster.fixed[cell] && !ctx.fromPrevious[cell])
          remove(ctx, e, d);
      }
    const backwards = Math.floor(i / 2) % 2 === 1;
    for (let k = 0; k <= last - first; k++) fillDay(ctx, backwards ? last - k : first + k);
    const lines: number[] = [];
    for (let d = Math.max(0, first - reach); d <= Math.min(days - 1, last + reach); d++)
      lines.push(...model.linesByDay[d]!);
    repair(ctx, 1, REPAIR_ATTEMPTS, lines);
    const now = coverage(ctx);
    if (now > covered) covered = now;
    else restore(ctx, saved);
  }
  return covered - start;
}

/** Work cap on the repair of one window. */
const REPAIR_ATTEMPTS = 4_000;

export function coverage(ctx: SolveContext): number {
  const { model, roster } = ctx;
  let assigned = 0;
  for (let l = 0; l < model.lineCount; l++)
    assigned += Math.min(model.lineRequired[l]!, roster.assignedCount[l]!);
  return assigned;
}

export interface Snapshot {
  roster: Roster;
  unsocialHours: Float64Array;
  fromPrevious: Uint8Array;
}

export function snapshot(ctx: SolveContext): Snapshot {
  const r = ctx.roster;
  return {
    roster: {
      lineOf: r.lineOf.slice(),
      ruleOf: r.ruleOf.slice(),
      fixed: r.fixed.slice(),
      weekHours: r.weekHours.slice(),
      ruleCount: r.ruleCount.slice(),
      assignedCount: r.assignedCount.slice(),
      periodHours: r.periodHours.slice(),
    },
    unsocialHours: ctx.unsocialHours.slice(),
    fromPrevious: ctx.fromPrevious.slice(),
  };
}

export function restore(ctx: SolveContext, saved: Snapshot): void {
  const r = ctx.roster;
  r.lineOf.set(saved.roster.lineOf);
  r.ruleOf.set(saved.roster.ruleOf);
  r.fixed.set(saved.roster.fixed);
  r.weekHours.set(saved.roster.weekHours);
  r.ruleCount.set(saved.roster.ruleCount);
  r.assignedCount.set(saved.roster.assignedCount);
  r.periodHours.set(saved.roster.periodHours);
  ctx.unsocialHours.set(saved.unsocialHours);
  ctx.fromPrevious.set(saved.fromPrevious);
}
