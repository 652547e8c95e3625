import { dateOf } from './dates.ts';
import { equalizationScores, fairness } from './equalization.ts';
import { LEAVE, type Model, UNAVAILABLE } from './model.ts';
import type { Roster } from './roster.ts';
import {
  allowedHomePools,
  certificationReason,
  type EligibilityMasks,
  eligibleOf,
  isHomePool,
} from './rules/eligibility.ts';
import { LENDING_FULL, lendingRuleFor } from './rules/lending.ts';
import { restHolds } from './rules/rest.ts';
import { nightsHold, runHolds } from './rules/runs.ts';
import { weeklyHoursHold } from './rules/weekly-hours.ts';
import {
  type Assignment,
  type Coverage,
  REASON_CODES,
  type ReasonCode,
  type Result,
  type StopReason,
  type UnfilledLine,
} from './types.ts';
import { ENGINE_VERSION } from './version.ts';
import { wishesGranted } from './wishes.ts';

export function assignmentsOf(model: Model, roster: Roster): Assignment[] {
  const list: Assignment[] = [];
  const dates = Array.from({ length: model.dayCount }, (_, d) => dateOf(model.firstDay + d));
  for (let d = 0; d < model.dayCount; d++)
    for (let e = 0; e < model.employeeCount; e++) {
      const cell = e * model.dayCount + d;
      const l = roster.lineOf[cell]!;
      if (l < 0) continue;
      const rule = roster.ruleOf[cell]!;
      const assignment: Assignment = {
        lineId: model.lineIds[l]!,
        employeeId: model.employeeIds[e]!,
        date: dates[d]!,
        fixed: roster.fixed[cell] === 1,
      };
      if (rule >= 0) assignment.lendingRuleId = model.ruleIds[rule]!;
      list.push(assignment);
    }
  return list;
}

export function coverageOf(model: Model, roster: Roster): Coverage {
  let required = 0;
  let assigned = 0;
  for (let l = 0; l < model.lineCount; l++) {
    required += model.lineRequired[l]!;
    assigned += Math.min(model.lineRequired[l]!, roster.assignedCount[l]!);
  }
  return { required, assigned, ratio: required === 0 ? 1 : Math.round((assigned / required) * 1e6) / 1e6 };
}

/**
 * Unfilled lines, each with how many employees every rule blocked. Each static rule fails for a set of
 * employees that depends on one thing only (the day, the skill, the skill and day, or the pools allowed), so
 * it is counted once per such key; roster rules only for eligible staff, and for each employee once per day
 * and shift times (what rest, consecutive days and weekly hours depend on), however many lines share them.
 */
export function unfilledLines(model: Model, roster: Roster, masks: EligibilityMasks): UnfilledLine[] {
  const counts = staticCounter(model);
  const unfilled: UnfilledLine[] = [];
  const days = model.dayCount;
  // Per employee and shift times of the day: bit 1 rest, 2 consecutive days, 4 weekly hours, 8 nights broken;
  // -1 unknown.
  let memo = new Int8Array(0);
  let shapes = new Map<string, number>();
  let memoDay = -1;
  const byDay = Array.from({ length: days }, () => [] as number[]);
  for (let l = 0; l < model.lineCount; l++)
    if (model.lineRequired[l]! > roster.assignedCount[l]!) byDay[model.lineDay[l]!]!.push(l);
  const unfilledSet = new Set(byDay.flat());
  for (let l = 0; l < model.lineCount; l++) {
    if (!unfilledSet.has(l)) continue;
    const missing = model.lineRequired[l]! - roster.assignedCount[l]!;
    const day = model.lineDay[l]!;
    if (day !== memoDay) {
      memoDay = day;
      shapes = new Map();
      for (const m of byDay[day]!) {
        const key = `${model.lineStart[m]}|${model.lineEnd[m]}|${model.lineHours[m]}|${model.lineNight[m]}`;
        if (!shapes.has(key)) shapes.set(key, shapes.size);
      }
      memo = new Int8Array(model.employeeCount * shapes.size).fill(-1);
    }
    const shape = shapes.get(
      `${model.lineStart[l]}|${model.lineEnd[l]}|${model.lineHours[l]}|${model.lineNight[l]}`,
    )!;
    let already = 0;
    let rest = 0;
    let run = 0;
    let weekly = 0;
    let nights = 0;
    let lending = 0;
    for (const e of eligibleOf(masks, l)) {
      const current = roster.lineOf[e * days + day]!;
      if (current === l) continue;
      if (current >= 0) already++;
      const slot = e * shapes.size + shape;
      let broken = memo[slot]!;
      if (broken < 0) {
        broken =
          (restHolds(model, roster, e, l) ? 0 : 1) |
          (runHolds(model, roster, e, l) ? 0 : 2) |
          (weeklyHoursHold(model, roster, e, l) ? 0 : 4) |
          (nightsHold(model, roster, e, l) ? 0 : 8);
        memo[slot] = broken;
      }
      rest += broken & 1;
      run += (broken >> 1) & 1;
      weekly += (broken >> 2) & 1;
      nights += (broken >> 3) & 1;
      if (!isHomePool(model, e, l) && lendingRuleFor(model, roster, e, l) === LENDING_FULL) lending++;
    }
    const reasons = counts(l);
    if (already > 0) reasons.ALREADY_ASSIGNED = already;
    if (rest > 0) reasons.REST_TOO_SHORT = rest;
    if (run > 0) reasons.MAX_CONSECUTIVE_DAYS = run;
    if (weekly > 0) reasons.MAX_WEEKLY_HOURS = weekly;
    if (nights > 0) reasons.MAX_CONSECUTIVE_NIGHTS = nights;
    if (lending > 0) reasons.LENDING_LIMIT_REACHED = lending;
    unfilled.push({ lineId: model.lineIds[l]!, missing, reasons: sortedReasons(reasons) });
  }
  return unfilled;
}

/** Per line, how many employees each static rule blocks (a fresh object each call). */
function staticCounter(model: Model): (l: number) => Partial<Record<ReasonCode, number>> {
  const { employeeCount: n, dayCount: days } = model;
  const cache = new Map<string, number>();
  const memo = (key: string, count: () => number) => {
    let value = cache.get(key);
    if (value === undefined) {
      value = count();
      cache.set(key, value);
    }
    return value;
  };
  const countWhere = (test: (e: number) => boolean) => {
    let c = 0;
    for (let e = 0; e < n; e++) if (test(e)) c++;
    return c;
  };
  const poolSize = new Int32Array(model.pools.length);
  for (let e = 0; e < n; e++) poolSize[model.homePool[e]!]!++;
  return (l) => {
    const day = model.lineDay[l]!;
    const skill = model.lineSkill[l]!;
    const counts: Partial<Record<ReasonCode, number>> = {};
    const add = (code: ReasonCode, c: number) => {
      if (c > 0) counts[code] = c;
    };
    add(
      'EMPLOYEE_INACTIVE',
      memo(`a${day}`, () => countWhere((e) => !model.active[e * days + day])),
    );
    if (skill >= 0) {
      add(
        'SKILL_MISSING',
        memo(`s${skill}`, () => countWhere((e) => !model.skillHolders[skill]![e])),
      );
      for (const code of ['CERTIFICATION_MISSING', 'CERTIFICATION_EXPIRED'] as const)
        add(
          code,
          memo(`${code}${skill}|${day}`, () => countWhere((e) => certificationReason(model, e, l) === code)),
        );
    }
    add(
      'ON_LEAVE',
      memo(`o${day}`, () => countWhere((e) => (model.onLeave[e * days + day]! & LEAVE) !== 0)),
    );
    add(
      'UNAVAILABLE',
      memo(`u${day}`, () => countWhere((e) => (model.onLeave[e * days + day]! & UNAVAILABLE) !== 0)),
    );
    const allowed = allowedHomePools(model, l);
    add(
      'POOL_NOT_ALLOWED',
      memo(`p${allowed.join('')}`, () => poolSize.reduce((sum, size, p) => sum + (allowed[p] ? 0 : size), 0)),
    );
    return counts;
  };
}

/** Reason counts in the fixed order of REASON_CODES, so results compare and print the same way every run. */
function sortedReasons(reasons: Partial<Record<ReasonCode, number>>): Partial<Record<ReasonCode, number>> {
  const sorted: Partial<Record<ReasonCode, number>> = {};
  for (const code of REASON_CODES) if (reasons[code] !== undefined) sorted[code] = reasons[code];
  return sorted;
}

/** How the search ended, as allocate knows it; the result adds the gap and any overrun. */
export interface SearchEnd {
  stoppedBy: StopReason;
  bound: number;
  timeLimitMs: number;
}

export function buildResult(
  model: Model,
  roster: Roster,
  masks: EligibilityMasks,
  startedAt: number,
  end: SearchEnd,
): Result {
  const assignments = assignmentsOf(model, roster);
  const coverage = coverageOf(model, roster);
  const result: Result = {
    engineVersion: ENGINE_VERSION,
    durationMs: 0,
    assignments,
    coverage,
    unfilled: unfilledLines(model, roster, masks),
    fairness: fairness(model, roster, masks),
    equalization: equalizationScores(model, roster),
    search: {
      stoppedBy: end.stoppedBy,
      bound: Math.max(end.bound, coverage.assigned),
      gap: Math.max(0, end.bound - coverage.assigned),
    },
    wishes: wishesGranted(model, roster),
  };
  if (model.previous.length > 0) {
    result.changedFromPrevious = model.previous.filter(
      ([e, l]) => roster.lineOf[e * model.dayCount + model.lineDay[l]!] !== l,
    ).length;
  }
  result.durationMs = Math.round((performance.now() - startedAt) * 10) / 10;
  if (result.durationMs > end.timeLimitMs)
    result.search.overrunMs = Math.round((result.durationMs - end.timeLimitMs) * 10) / 10;
  return result;
}
