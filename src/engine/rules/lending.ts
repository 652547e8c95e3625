import type { Model } from '../model.ts';
import type { Roster } from '../roster.ts';
import { applicableRules, isHomePool } from './eligibility.ts';

/**
 * Lending (`POOL_NOT_ALLOWED`, `LENDING_LIMIT_REACHED`): staff work another pool's line only through a lending
 * rule effective that day (listing the line's skill when it lists skills), at most `maxPerDay` a rule and day.
 */

export const NO_RULE = -1;
export const LENDING_FULL = -2;
export const POOL_CLOSED = -3;

/**
 * Lending rule to use for the pair: NO_RULE for home-pool staff, LENDING_FULL when every applicable rule is at
 * its cap, POOL_CLOSED when no rule applies at all.
 */
export function lendingRuleFor(model: Model, roster: Roster, e: number, l: number, ignoreOwn = true): number {
  if (isHomePool(model, e, l)) return NO_RULE;
  const day = model.lineDay[l]!;
  const cell = e * model.dayCount + day;
  const rules = applicableRules(model, e, l);
  if (rules.length === 0) return POOL_CLOSED;
  // The rule with the most room left (uncapped first), so that a capped rule is not used up by staff who
  // could have gone through another one; ties go to the first listed.
  let best = LENDING_FULL;
  let bestRoom = 0;
  for (const r of rules) {
    const own = ignoreOwn && roster.ruleOf[cell] === r ? 1 : 0;
    const room = model.ruleMax[r]! - (roster.ruleCount[r * model.dayCount + day]! - own);
    if (room > bestRoom) {
      best = r;
      bestRoom = room;
    }
  }
  return best;
}

/** Whether one more employee may be lent through the rule on the day (home-pool work, rule -1, always may). */
export function lendingRoomOn(model: Model, roster: Roster, rule: number, day: number): boolean {
  return rule < 0 || roster.ruleCount[rule * model.dayCount + day]! < model.ruleMax[rule]!;
}
