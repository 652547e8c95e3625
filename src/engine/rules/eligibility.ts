import type { SolveContext } from '../context.ts';
import { LEAVE, type Model, pairKey, UNAVAILABLE } from '../model.ts';
import type { ReasonCode } from '../types.ts';

/** Rules that depend only on the employee, the line and the date, never on the rest of the roster. */

/**
 * The first certification the line's skill requires that the employee holds no usable record of on the
 * line's day (none at all, expired, suspended or revoked), by its index; -1 when every one is valid.
 */
export function failingCertification(model: Model, e: number, l: number): number {
  const skill = model.lineSkill[l]!;
  if (skill < 0) return -1;
  const day = model.lineDay[l]!;
  const records = model.certRecords[e]!;
  for (const cert of model.skillCerts[skill] ?? []) {
    const list = records.get(cert);
    if (list === undefined || !list.some(([from, to, usable]) => usable && from <= day && day <= to))
      return cert;
  }
  return -1;
}

export function certificationReason(model: Model, e: number, l: number): ReasonCode | null {
  const cert = failingCertification(model, e, l);
  if (cert < 0) return null;
  return model.certRecords[e]!.has(cert) ? 'CERTIFICATION_EXPIRED' : 'CERTIFICATION_MISSING';
}

/** Lending rules through which the employee may staff the line: none needed (empty) for home-pool staff. */
export function applicableRules(model: Model, e: number, l: number): number[] {
  // The answer depends on the employee only through their home pool: computed once per (line, home pool).
  let cache = ruleCaches.get(model);
  if (cache === undefined) {
    cache = new Map();
    ruleCaches.set(model, cache);
  }
  const key = l * model.pools.length + model.homePool[e]!;
  let rules = cache.get(key);
  if (rules === undefined) {
    rules = lendingRulesFrom(model, model.homePool[e]!, l);
    cache.set(key, rules);
  }
  return rules;
}

const ruleCaches = new WeakMap<Model, Map<number, number[]>>();

/** Lending rules through which staff of the pool may staff the line (another pool's). */
export function lendingRulesFrom(model: Model, pool: number, l: number): number[] {
  const rules = model.rulesBySourceTarget.get(pairKey(pool, model.linePool[l]!));
  if (rules === undefined) return [];
  const day = model.lineDay[l]!;
  const skill = model.lineSkill[l]!;
  return rules.filter((r) => {
    const skills = model.ruleSkills[r] ?? null;
    return model.ruleFrom[r]! <= day && day <= model.ruleTo[r]! && (skills === null || skills.has(skill));
  });
}

export function isHomePool(model: Model, e: number, l: number): boolean {
  return model.homePool[e] === model.linePool[l];
}

/** Every static reason the employee cannot staff the line, in a stable order. */
export function staticReasons(model: Model, e: number, l: number): ReasonCode[] {
  const reasons: ReasonCode[] = [];
  const cell = e * model.dayCount + model.lineDay[l]!;
  if (!model.active[cell]) reasons.push('EMPLOYEE_INACTIVE');
  const skill = model.lineSkill[l]!;
  if (skill >= 0 && !model.skillHolders[skill]![e]) reasons.push('SKILL_MISSING');
  const cert = certificationReason(model, e, l);
  if (cert !== null) reasons.push(cert);
  if (model.onLeave[cell]! & LEAVE) reasons.push('ON_LEAVE');
  if (model.onLeave[cell]! & UNAVAILABLE) reasons.push('UNAVAILABLE');
  if (!isHomePool(model, e, l) && applicableRules(model, e, l).length === 0) reasons.push('POOL_NOT_ALLOWED');
  return reasons;
}

export function isStaticallyEligible(model: Model, e: number, l: number): boolean {
  const cell = e * model.dayCount + model.lineDay[l]!;
  if (!model.active[cell] || model.onLeave[cell]) return false;
  const skill = model.lineSkill[l]!;
  if (skill >= 0 && !model.skillHolders[skill]![e]) return false;
  if (!isHomePool(model, e, l) && applicableRules(model, e, l).length === 0) return false;
  return certificationReason(model, e, l) === null;
}

/** Per home pool, whether its staff may work the line (their own pool, or through a lending rule). */
export function allowedHomePools(model: Model, l: number): Uint8Array {
  const allowed = new Uint8Array(model.pools.length);
  allowed[model.linePool[l]!] = 1;
  const day = model.lineDay[l]!;
  const skill = model.lineSkill[l]!;
  model.ruleTarget.forEach((target, r) => {
    const skills = model.ruleSkills[r] ?? null;
    if (target === model.linePool[l] && model.ruleFrom[r]! <= day && day <= model.ruleTo[r]!)
      if (skills === null || skills.has(skill)) allowed[model.ruleSource[r]!] = 1;
  });
  return allowed;
}

/**
 * Static eligibility as one bitmask over employees per line. Lines that share date, pool and skill share
 * their mask, so the work grows with distinct (date, pool, skill) groups rather than with lines.
 */
export interface EligibilityMasks {
  words: number;
  maskOfLine: Uint32Array[];
  /** Decoded masks, filled on first use and shared by lines of one group. */
  decoded: Map<Uint32Array, number[]>;
}

export function eligibilityMasks(model: Model): EligibilityMasks {
  const words = (model.employeeCount + 31) >>> 5;
  const { employeeCount: n, dayCount: days } = model;
  const set = (mask: Uint32Array, e: number) => {
    mask[e >>> 5]! |= 1 << (e & 31);
  };
  // Word-wide building blocks: who is available each day, who holds each skill, who belongs to each pool.
  const availableOn = Array.from({ length: days }, () => new Uint32Array(words));
  for (let e = 0; e < n; e++)
    for (let d = 0; d < days; d++)
      if (model.active[e * days + d] && !model.onLeave[e * days + d]) set(availableOn[d]!, e);
  const inPool = Array.from({ length: model.pools.length }, () => new Uint32Array(words));
  for (let e = 0; e < n; e++) set(inPool[model.homePool[e]!]!, e);
  const holds = model.skillHolders.map((holders) => {
    const mask = new Uint32Array(words);
    for (let e = 0; e < n; e++) if (holders[e]) set(mask, e);
    return mask;
  });

  // Skill holders whose required certifications are valid on a day, built once per (skill, day).
  const certified = new Map<number, Uint32Array>();
  const certifiedOn = (skill: number, l: number): Uint32Array => {
    const key = skill * days + model.lineDay[l]!;
    let mask = certified.get(key);
    if (mask === undefined) {
      const built = new Uint32Array(words);
      for (let e = 0; e < n; e++)
        if (model.skillHolders[skill]![e] && certificationReason(model, e, l) === null) set(built, e);
      certified.set(key, built);
      mask = built;
    }
    return mask;
  };

  const byGroup = new Map<string, Uint32Array>();
  const maskOfLine = Array.from({ length: model.lineCount }, (_, l) => {
    const day = model.lineDay[l]!;
    const skill = model.lineSkill[l]!;
    const key = `${day}|${model.linePool[l]}|${skill}`;
    let mask = byGroup.get(key);
    if (mask === undefined) {
      const built = new Uint32Array(words);
      const allowed = allowedHomePools(model, l);
      allowed.forEach((ok, pool) => {
        if (ok) for (let w = 0; w < words; w++) built[w]! |= inPool[pool]![w]!;
      });
      for (let w = 0; w < words; w++) {
        built[w]! &= availableOn[day]![w]!;
        if (skill >= 0) built[w]! &= holds[skill]![w]!;
      }
      if (skill >= 0 && (model.skillCerts[skill]?.length ?? 0) > 0) {
        const certified = certifiedOn(skill, l);
        for (let w = 0; w < words; w++) built[w]! &= certified[w]!;
      }
      byGroup.set(key, built);
      mask = built;
    }
    return mask;
  });
  return { words, maskOfLine, decoded: new Map() };
}

/** Statically eligible employees of the line in index order (a shared array: do not modify). */
export function eligibleOf(masks: EligibilityMasks, l: number): number[] {
  const mask = masks.maskOfLine[l]!;
  let list = masks.decoded.get(mask);
  if (list === undefined) {
    const decoded: number[] = [];
    forEachEligible(masks, l, (e) => decoded.push(e));
    masks.decoded.set(mask, decoded);
    list = decoded;
  }
  return list;
}

export function isEligible(masks: EligibilityMasks, e: number, l: number): boolean {
  return (masks.maskOfLine[l]![e >>> 5]! & (1 << (e & 31))) !== 0;
}

export function forEachEligible(masks: EligibilityMasks, l: number, visit: (e: number) => void): void {
  const mask = masks.maskOfLine[l]!;
  for (let w = 0; w < masks.words; w++) {
    let bits = mask[w]!;
    while (bits !== 0) {
      const low = bits & -bits;
      visit((w << 5) + 31 - Math.clz32(low));
      bits ^= low;
    }
  }
}

/**
 * What each capped lending rule has left per day (rule × day) once fixed work is counted: a fixed assignment is
 * charged to a rule only when it has no other, so that no roster has less left. Uncapped rules: 0.
 */
export function lendingCapsLeft(model: Model): Float64Array {
  const days = model.dayCount;
  const rules = model.ruleIds.length;
  const left = new Float64Array(rules * days);
  for (let r = 0; r < rules; r++)
    if (Number.isFinite(model.ruleMax[r]!)) left.fill(model.ruleMax[r]!, r * days, (r + 1) * days);
  for (const [e, l] of model.fixed) {
    const through = isHomePool(model, e, l) ? [] : applicableRules(model, e, l);
    if (through.length !== 1 || !Number.isFinite(model.ruleMax[through[0]!]!)) continue;
    const k = through[0]! * days + model.lineDay[l]!;
    left[k] = Math.max(0, left[k]! - 1);
  }
  return left;
}

/** Whether the employee may work on the day at all (employee × day cell): active, not on leave nor unavailable. */
export function availableOn(model: Model, cell: number): boolean {
  return model.active[cell] === 1 && model.onLeave[cell] === 0;
}

/**
 * Whether a phase may change the employee's work on the day: available, and the work there (if any) neither
 * fixed nor carried over from the previous result.
 */
export function workMayChange(ctx: SolveContext, cell: number): boolean {
  return availableOn(ctx.model, cell) && !ctx.roster.fixed[cell] && !ctx.fromPrevious[cell];
}
