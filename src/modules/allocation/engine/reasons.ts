import { staticReasons } from './eligibility.ts';
import type { Model } from './model.ts';
import { dynamicReasons, type Roster } from './roster.ts';
import type { ReasonCode } from './types.ts';

/** Every reason the employee cannot staff the line in this roster; empty when they could (or already do). */
export function reasonsFor(model: Model, roster: Roster, e: number, l: number): ReasonCode[] {
  if (roster.lineOf[e * model.dayCount + model.lineDay[l]!] === l) return [];
  return [...staticReasons(model, e, l), ...dynamicReasons(model, roster, e, l)];
}
