import { historyScores } from './equalization.ts';
import type { Model } from './model.ts';
import type { Roster } from './roster.ts';
import { type EligibilityMasks, eligibilityMasks, isHomePool } from './rules/eligibility.ts';

/** What every solver phase shares: the model, static eligibility and the roster being improved. */
export interface SolveContext {
  model: Model;
  masks: EligibilityMasks;
  roster: Roster;
  /** Unsocial (night and weekend) paid hours in the period per employee. */
  unsocialHours: Float64Array;
  historyScore: Float64Array;
  /** employee × day: 1 when the assignment was carried over from the previous result. */
  fromPrevious: Uint8Array;
  deadline: number;
  signal: AbortSignal | undefined;
  /** Set once the clock or an abort has stopped a phase: the result then says the time limit ended it. */
  timedOut: boolean;
  /** The best upper bound on coverage found so far (Σ required, or the Lagrangian bound's). */
  bound: number;
  /** 0 for the plain ranking; other values shake ties in a reproducible way for restarts. */
  shake: number;
  /** The day being staffed in the day-by-day pass, or -1 once the whole horizon is filled. */
  passDay: number;
  /**
   * When set, every roster cell placed or cleared is appended with its line before the change (repair uses it to
   * keep its supply current).
   */
  moved: number[] | null;
}

export function createContext(
  model: Model,
  roster: Roster,
  deadline: number,
  signal?: AbortSignal,
): SolveContext {
  return {
    model,
    masks: eligibilityMasks(model),
    roster,
    unsocialHours: new Float64Array(model.employeeCount),
    historyScore: historyScores(model),
    fromPrevious: new Uint8Array(model.employeeCount * model.dayCount),
    deadline,
    signal,
    timedOut: false,
    bound: Number.POSITIVE_INFINITY,
    shake: 0,
    passDay: -1,
    moved: null,
  };
}

/** Heads covered: assignments up to what each line requires. */
export function coverage(ctx: SolveContext): number {
  const { model, roster } = ctx;
  let assigned = 0;
  for (let l = 0; l < model.lineCount; l++)
    assigned += Math.min(model.lineRequired[l]!, roster.assignedCount[l]!);
  return assigned;
}

export function outOfTime(ctx: SolveContext): boolean {
  const out = ctx.signal?.aborted === true || performance.now() > ctx.deadline;
  if (out) ctx.timedOut = true;
  return out;
}

const LENT_PENALTY = 1e6;
/** Keeps packed keys non-negative (a negative packed value would corrupt the employee index). */
const KEY_OFFSET = 1e5;

/**
 * Pro-rated period hours if the employee also worked the line (unsocial hours added for unsocial lines). While
 * the days are staffed in order, hours so far are set against the days available so far, so that someone on
 * leave later in the period is not held back before it (nor a new starter after joining).
 */
export function loadWith(ctx: SolveContext, e: number, l: number): number {
  const { model } = ctx;
  const scale =
    ctx.passDay >= 0
      ? (ctx.passDay + 1) / Math.max(1, model.availableSoFar[e * model.dayCount + ctx.passDay]!)
      : model.dayCount / Math.max(1, model.availableDays[e]!);
  const hours = model.lineHours[l]!;
  const unsocial = model.lineUnsocial[l] ? (ctx.unsocialHours[e]! + hours) * scale : 0;
  return (ctx.roster.periodHours[e]! + hours) * scale + unsocial;
}

/**
 * Rank of an employee for a line while coverage is built; lower is better: home pool before lent staff, then
 * equalised load, then the history score as a tie-break. Wishes are left out on purpose: they are granted
 * afterwards by moves that keep coverage (wishes.ts), so that no wish can cost a head.
 */
export function candidateKey(ctx: SolveContext, e: number, l: number): number {
  const { model } = ctx;
  const hours = model.lineHours[l]!;
  const lent = isHomePool(model, e, l) ? 0 : LENT_PENALTY;
  const shake = ctx.shake === 0 ? 0 : hashUnit(e, l, ctx.shake) * hours;
  return lent + loadWith(ctx, e, l) + ctx.historyScore[e]! * 0.25 * hours + shake;
}

/** The employees given (eligible for the line), best key first (ties by index, so runs are reproducible). */
export function rankedEligible(ctx: SolveContext, l: number, employees: readonly number[]): number[] {
  if (packedKeys.length < employees.length) packedKeys = new Float64Array(employees.length * 2);
  // Key (to a thousandth) and index packed in one number: a plain numeric sort then needs no comparator calls.
  // One buffer for every call (rankings are built one at a time), so that ranking allocates only its answer.
  for (let i = 0; i < employees.length; i++) {
    const e = employees[i]!;
    packedKeys[i] = Math.max(0, Math.round((candidateKey(ctx, e, l) + KEY_OFFSET) * 1000)) * 65_536 + e;
  }
  const sorted = packedKeys.subarray(0, employees.length).sort();
  const ranked = new Array<number>(employees.length);
  for (let i = 0; i < employees.length; i++) ranked[i] = sorted[i]! % 65_536;
  return ranked;
}

let packedKeys = new Float64Array(1024);

/** A reproducible number in [0, 1) for (employee, line, restart). */
function hashUnit(e: number, l: number, seed: number): number {
  let h = Math.imul(e + 1, 0x9e3779b1) ^ Math.imul(l + 1, 0x85ebca77) ^ Math.imul(seed, 0xc2b2ae3d);
  h = Math.imul(h ^ (h >>> 16), 0x7feb352d);
  h = Math.imul(h ^ (h >>> 15), 0x846ca68b);
  return ((h ^ (h >>> 16)) >>> 0) / 4_294_967_296;
}
