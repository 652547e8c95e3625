import { type Model, pairKey } from './model.ts';
import type { ReasonCode } from './types.ts';

/** Rules that depend only on the employee, the line and the date, never on the rest of the roster. */

function certificationReason(model: Model, e: number, l: number): ReasonCode | null {
  const skill = model.lineSkill[l]!;
  if (skill < 0) return null;
  const day = model.lineDay[l]!;
  const records = model.certRecords[e]!;
  for (const cert of model.skillCerts[skill] ?? []) {
    const list = records.get(cert);
    if (list === undefined) return 'CERTIFICATION_MISSING';
    if (!list.some(([from, to, usable]) => usable && from <= day && day <= to))
      return 'CERTIFICATION_EXPIRED';
  }
  return null;
}

/** Lending rules through which the employee may staff the line: none needed (empty) for home-pool staff. */
export function applicableRules(model: Model, e: number, l: number): number[] {
  const rules = model.rulesBySourceTarget.get(pairKey(model.homePool[e]!, model.linePool[l]!));
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
  if (model.onLeave[cell]) reasons.push('ON_LEAVE');
  if (!isHomePool(model, e, l) && applicableRules(model, e, l).length === 0) reasons.push('POOL_NOT_ALLOWED');
  return reasons;
}

/** `poolAllowed`, when given, says per home pool whether staff of that pool may work the line. */
export function isStaticallyEligible(model: Model, e: number, l: number, poolAllowed?: Uint8Array): boolean {
  const cell = e * model.dayCount + model.lineDay[l]!;
  if (!model.active[cell] || model.onLeave[cell]) return false;
  const skill = model.lineSkill[l]!;
  if (skill >= 0 && !model.skillHolders[skill]![e]) return false;
  if (poolAllowed !== undefined ? !poolAllowed[model.homePool[e]!] : !isHomePool(model, e, l)) {
    if (poolAllowed !== undefined || applicableRules(model, e, l).length === 0) return false;
  }
  return certificationReason(model, e, l) === null;
}

function allowedHomePools(model: Model, l: number): Uint8Array {
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
  const byGroup = new Map<string, Uint32Array>();
  const maskOfLine = Array.from({ length: model.lineCount }, (_, l) => {
    const key = `${model.lineDay[l]}|${model.linePool[l]}|${model.lineSkill[l]}`;
    let mask = byGroup.get(key);
    if (mask === undefined) {
      mask = new Uint32Array(words);
      const allowed = allowedHomePools(model, l);
      for (let e = 0; e < model.employeeCount; e++)
        if (isStaticallyEligible(model, e, l, allowed)) mask[e >>> 5]! |= 1 << (e & 31);
      byGroup.set(key, mask);
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
