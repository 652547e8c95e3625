import type { SolveContext } from './context.ts';
import type { Roster } from './roster.ts';

/** A copy of the roster being improved, to come back to when a move covers less. */
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
