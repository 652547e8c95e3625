import { clockMinutes, dayNumber, timestampMinutes, WEEKDAYS, weekdayOf } from './dates.ts';
import type { Instance } from './types.ts';

/** A validated instance turned into dense indexes and typed arrays, built once per run. */
export interface Model {
  instance: Instance;
  firstDay: number;
  dayCount: number;
  weekOfDay: Int32Array;
  weekCount: number;
  minRestMinutes: number;
  maxConsecutiveDays: number;
  /** The fatigue rule: night shifts on consecutive dates (Infinity when off). */
  maxConsecutiveNights: number;
  maxWeeklyHours: number;
  /** Per day: 1 on the unit's weekend days. */
  weekend: Uint8Array;

  lineCount: number;
  lineIds: string[];
  lineIndex: Map<string, number>;
  lineDay: Int32Array;
  /** Minutes from the period's first midnight. */
  lineStart: Int32Array;
  lineEnd: Int32Array;
  lineHours: Float64Array;
  linePool: Int32Array;
  /** -1 when the line needs no skill. */
  lineSkill: Int32Array;
  lineRequired: Int32Array;
  /** Night or weekend work: counted again in the load, shared fairly. */
  lineUnsocial: Uint8Array;
  lineNight: Uint8Array;
  lineWeekend: Uint8Array;
  lineShiftType: string[];
  linesByDay: number[][];

  employeeCount: number;
  employeeIds: string[];
  employeeIndex: Map<string, number>;
  homePool: Int32Array;
  /** employee × day: 1 when the employee is active that day. */
  active: Uint8Array;
  /** employee × day: bit 1 on approved leave, bit 2 stated unavailable; either keeps them off work. */
  onLeave: Uint8Array;
  /** Days in the period the employee is active and not on leave. */
  availableDays: Int32Array;
  /** employee × day: available days from the period start up to and including that day. */
  availableSoFar: Int32Array;
  skillHolders: Uint8Array[];
  /** employee → certification index → its records as [from day, to day, usable]. */
  certRecords: Map<number, [number, number, boolean][]>[];
  skillCerts: number[][];
  /** Certification index → the instance's certification id. */
  certNames: string[];

  pools: string[];
  skills: string[];
  ruleIds: string[];
  ruleSource: Int32Array;
  ruleTarget: Int32Array;
  ruleFrom: Float64Array;
  ruleTo: Float64Array;
  /** null when the rule applies to any line. */
  ruleSkills: (Set<number> | null)[];
  ruleMax: Float64Array;
  rulesBySourceTarget: Map<number, number[]>;

  priorConsecutive: Int32Array;
  priorNights: Int32Array;
  priorWeekHours: Float64Array;
  /** End of the last shift before the period, in period minutes (-Infinity when unknown). */
  priorLastEnd: Float64Array;
  historyHours: Float64Array;
  historyUnsocial: Float64Array;
  historyUnavailable: Int32Array;
  historyNight: Float64Array;
  historyWeekend: Float64Array;
  /** 1 when the instance holds an equalization history for the employee. */
  hasHistory: Uint8Array;
  wishes: Wishes;
  fixed: [number, number][];
  previous: [number, number][];
}

function interner(values: string[]) {
  const index = new Map<string, number>();
  return (value: string): number => {
    let i = index.get(value);
    if (i === undefined) {
      i = values.length;
      values.push(value);
      index.set(value, i);
    }
    return i;
  };
}

export function pairKey(source: number, target: number): number {
  return source * 65_536 + target;
}

export const LEAVE = 1;
export const UNAVAILABLE = 2;

/**
 * Wishes per employee-day, as what each choice of the day would cost: `whenOff` a day off, `whenWorking` any
 * shift, and per shift type (`typed`, sparse) a shift of that type on top of it. Weights of wishes not granted.
 */
export interface Wishes {
  whenOff: Float64Array;
  whenWorking: Float64Array;
  typed: Map<number, Map<string, number>>;
  /** Weight of wishes for a shift type (within `whenWorking`): a day off grants them no better. */
  typedWork: Float64Array;
  /** Per employee, 1 when they have any wish. */
  any: Uint8Array;
  /** Per employee, 1 with a wish for the whole period (no date), which then decides their share of unsocial work. */
  standing: Uint8Array;
}

/** Expects an instance already accepted by validateInstance. */
export function buildModel(instance: Instance): Model {
  const firstDay = dayNumber(instance.period.from);
  const dayCount = dayNumber(instance.period.to) - firstDay + 1;
  const weekStart = WEEKDAYS.indexOf(instance.settings.weekStart);
  const weekOffset = (weekdayOf(firstDay) - weekStart + 7) % 7;
  const weekOfDay = Int32Array.from({ length: dayCount }, (_, d) => Math.floor((d + weekOffset) / 7));
  const weekCount = (weekOfDay[dayCount - 1] ?? 0) + 1;

  const pools: string[] = [];
  const skills: string[] = [];
  const poolOf = interner(pools);
  const skillOf = interner(skills);
  const templates = new Map(instance.shiftTemplates.map((t) => [t.id, t]));

  const lines = instance.demandLines;
  const lineCount = lines.length;
  const lineDay = new Int32Array(lineCount);
  const lineStart = new Int32Array(lineCount);
  const lineEnd = new Int32Array(lineCount);
  const lineHours = new Float64Array(lineCount);
  const linePool = new Int32Array(lineCount);
  const lineSkill = new Int32Array(lineCount);
  const lineRequired = new Int32Array(lineCount);
  const lineUnsocial = new Uint8Array(lineCount);
  const lineNight = new Uint8Array(lineCount);
  const lineWeekend = new Uint8Array(lineCount);
  const weekendDays = (instance.settings.weekendDays ?? DEFAULT_WEEKEND).map((w) => WEEKDAYS.indexOf(w));
  const weekend = Uint8Array.from({ length: dayCount }, (_, d) =>
    weekendDays.includes(weekdayOf(firstDay + d)) ? 1 : 0,
  );
  const lineShiftType: string[] = [];
  const linesByDay: number[][] = Array.from({ length: dayCount }, () => []);
  lines.forEach((line, l) => {
    const template = templates.get(line.shiftTemplateId)!;
    const day = dayNumber(line.date) - firstDay;
    const start = clockMinutes(template.start);
    let end = clockMinutes(template.end);
    if (end <= start) end += 1440;
    lineDay[l] = day;
    lineStart[l] = day * 1440 + start;
    lineEnd[l] = day * 1440 + end;
    lineHours[l] = template.paidHours;
    linePool[l] = poolOf(line.pool);
    lineSkill[l] = line.skill === undefined ? -1 : skillOf(line.skill);
    lineRequired[l] = line.required;
    lineNight[l] = template.shiftType === NIGHT ? 1 : 0;
    lineWeekend[l] = weekend[day]!;
    lineUnsocial[l] = lineNight[l] || lineWeekend[l] ? 1 : 0;
    lineShiftType.push(template.shiftType);
    linesByDay[day]!.push(l);
  });

  const employees = instance.employees;
  const employeeCount = employees.length;
  const employeeIndex = new Map(employees.map((e, i) => [e.id, i]));
  const homePool = Int32Array.from(employees, (e) => poolOf(e.homePool));
  const active = new Uint8Array(employeeCount * dayCount);
  const onLeave = new Uint8Array(employeeCount * dayCount);
  employees.forEach((employee, e) => {
    const from = dayNumber(employee.activeFrom) - firstDay;
    const to = employee.activeTo === undefined ? dayCount : dayNumber(employee.activeTo) - firstDay;
    for (let d = Math.max(0, from); d <= Math.min(dayCount - 1, to); d++) active[e * dayCount + d] = 1;
  });
  for (const leave of instance.leaves) {
    const e = employeeIndex.get(leave.employeeId)!;
    const from = dayNumber(leave.from) - firstDay;
    const to = dayNumber(leave.to) - firstDay;
    for (let d = Math.max(0, from); d <= Math.min(dayCount - 1, to); d++) onLeave[e * dayCount + d]! |= LEAVE;
  }
  for (const away of instance.unavailability ?? []) {
    const e = employeeIndex.get(away.employeeId)!;
    const from = dayNumber(away.from) - firstDay;
    const to = dayNumber(away.to) - firstDay;
    for (let d = Math.max(0, from); d <= Math.min(dayCount - 1, to); d++)
      onLeave[e * dayCount + d]! |= UNAVAILABLE;
  }
  const availableDays = new Int32Array(employeeCount);
  const availableSoFar = new Int32Array(employeeCount * dayCount);
  for (let i = 0; i < employeeCount * dayCount; i++) {
    if (active[i] && !onLeave[i]) availableDays[Math.floor(i / dayCount)]!++;
    availableSoFar[i] = availableDays[Math.floor(i / dayCount)]!;
  }

  const certNames: string[] = [];
  const certOf = interner(certNames);
  const skillCerts: number[][] = [];
  for (const [skill, certs] of Object.entries(instance.skillCertifications)) {
    skillCerts[skillOf(skill)] = certs.map(certOf);
  }
  const skillHolders: Uint8Array[] = [];
  const ensureSkill = (s: number) => {
    skillHolders[s] ??= new Uint8Array(employeeCount);
    skillCerts[s] ??= [];
    return skillHolders[s];
  };
  const certRecords = employees.map((employee, e) => {
    for (const skill of employee.skills) ensureSkill(skillOf(skill))[e] = 1;
    const records = new Map<number, [number, number, boolean][]>();
    for (const cert of employee.certifications) {
      const c = certOf(cert.certificationId);
      const list = records.get(c) ?? [];
      list.push([
        dayNumber(cert.validFrom) - firstDay,
        dayNumber(cert.validTo) - firstDay,
        cert.status === 'active',
      ]);
      records.set(c, list);
    }
    return records;
  });

  const rules = instance.lendingRules;
  const ruleSource = Int32Array.from(rules, (r) => poolOf(r.sourcePool));
  const ruleTarget = Int32Array.from(rules, (r) => poolOf(r.targetPool));
  const ruleFrom = Float64Array.from(rules, (r) => dayNumber(r.effectiveFrom) - firstDay);
  const ruleTo = Float64Array.from(rules, (r) =>
    r.effectiveTo === undefined ? Number.POSITIVE_INFINITY : dayNumber(r.effectiveTo) - firstDay,
  );
  const ruleSkills = rules.map((r) => (r.skills === undefined ? null : new Set(r.skills.map(skillOf))));
  const ruleMax = Float64Array.from(rules, (r) => r.maxPerDay ?? Number.POSITIVE_INFINITY);
  const rulesBySourceTarget = new Map<number, number[]>();
  rules.forEach((_, r) => {
    const key = pairKey(ruleSource[r]!, ruleTarget[r]!);
    rulesBySourceTarget.set(key, [...(rulesBySourceTarget.get(key) ?? []), r]);
  });
  for (let s = 0; s < skills.length; s++) ensureSkill(s);

  const priorConsecutive = new Int32Array(employeeCount);
  const priorWeekHours = new Float64Array(employeeCount);
  const priorLastEnd = new Float64Array(employeeCount).fill(Number.NEGATIVE_INFINITY);
  const priorNights = new Int32Array(employeeCount);
  for (const prior of instance.priorWork) {
    const e = employeeIndex.get(prior.employeeId)!;
    priorConsecutive[e] = prior.consecutiveDays;
    priorNights[e] = prior.consecutiveNights ?? 0;
    priorWeekHours[e] = prior.hoursInFirstWeek;
    if (prior.lastShiftEnd !== undefined)
      priorLastEnd[e] = timestampMinutes(prior.lastShiftEnd) - firstDay * 1440;
  }
  const historyHours = new Float64Array(employeeCount);
  const historyUnsocial = new Float64Array(employeeCount);
  const historyUnavailable = new Int32Array(employeeCount);
  const historyNight = new Float64Array(employeeCount);
  const historyWeekend = new Float64Array(employeeCount);
  const hasHistory = new Uint8Array(employeeCount);
  for (const history of instance.equalizationHistory) {
    const e = employeeIndex.get(history.employeeId)!;
    historyHours[e] = history.hours;
    historyUnsocial[e] = history.unsocialHours;
    historyUnavailable[e] = history.unavailableDays;
    historyNight[e] = history.nightHours ?? 0;
    historyWeekend[e] = history.weekendHours ?? 0;
    hasHistory[e] = 1;
  }
  const wishes = buildWishes(instance, employeeIndex, firstDay, dayCount);
  const lineIndex = new Map(lines.map((line, l) => [line.id, l]));
  const pairsOf = (list: { employeeId: string; lineId: string }[]) =>
    list.map((a): [number, number] => [employeeIndex.get(a.employeeId)!, lineIndex.get(a.lineId)!]);

  return {
    instance,
    firstDay,
    dayCount,
    weekOfDay,
    weekCount,
    minRestMinutes: instance.settings.minRestHours * 60,
    maxConsecutiveDays: instance.settings.maxConsecutiveDays,
    maxConsecutiveNights: instance.settings.maxConsecutiveNights ?? Number.POSITIVE_INFINITY,
    maxWeeklyHours: instance.settings.maxWeeklyHours,
    weekend,
    lineCount,
    lineIds: lines.map((l) => l.id),
    lineIndex,
    lineDay,
    lineStart,
    lineEnd,
    lineHours,
    linePool,
    lineSkill,
    lineRequired,
    lineUnsocial,
    lineNight,
    lineWeekend,
    lineShiftType,
    linesByDay,
    employeeCount,
    employeeIds: employees.map((e) => e.id),
    employeeIndex,
    homePool,
    active,
    onLeave,
    availableDays,
    availableSoFar,
    skillHolders,
    certRecords,
    skillCerts,
    certNames,
    pools,
    skills,
    ruleIds: rules.map((r) => r.id),
    ruleSource,
    ruleTarget,
    ruleFrom,
    ruleTo,
    ruleSkills,
    ruleMax,
    rulesBySourceTarget,
    priorConsecutive,
    priorNights,
    priorWeekHours,
    priorLastEnd,
    historyHours,
    historyUnsocial,
    historyUnavailable,
    historyNight,
    historyWeekend,
    hasHistory,
    wishes,
    fixed: pairsOf(instance.fixedAssignments),
    previous: pairsOf(instance.previousAssignments ?? []),
  };
}

/** The shift type that counts as night work (unsocial, and the fatigue rule's). */
export const NIGHT = 'night';
const DEFAULT_WEEKEND = ['saturday', 'sunday'] as const;
const DEFAULT_WISH_WEIGHT = 1;

function buildWishes(
  instance: Instance,
  employeeIndex: Map<string, number>,
  firstDay: number,
  dayCount: number,
): Wishes {
  const cells = employeeIndex.size * dayCount;
  const wishes: Wishes = {
    whenOff: new Float64Array(cells),
    whenWorking: new Float64Array(cells),
    typed: new Map(),
    typedWork: new Float64Array(cells),
    any: new Uint8Array(employeeIndex.size),
    standing: new Uint8Array(employeeIndex.size),
  };
  for (const wish of instance.preferences ?? []) {
    const e = employeeIndex.get(wish.employeeId)!;
    const weight = wish.weight ?? DEFAULT_WISH_WEIGHT;
    const weekdays = wish.weekdays?.map((w) => WEEKDAYS.indexOf(w));
    if (wish.date === undefined) wishes.standing[e] = 1;
    const first = wish.date === undefined ? 0 : dayNumber(wish.date) - firstDay;
    const last = wish.date === undefined ? dayCount - 1 : first;
    for (let d = Math.max(0, first); d <= Math.min(dayCount - 1, last); d++) {
      if (weekdays !== undefined && !weekdays.includes(weekdayOf(firstDay + d))) continue;
      const cell = e * dayCount + d;
      wishes.any[e] = 1;
      if (wish.shiftType === undefined) {
        if (wish.kind === 'off') wishes.whenWorking[cell]! += weight;
        else wishes.whenOff[cell]! += weight;
        continue;
      }
      // A typed wish costs on the shifts it is against: that type (`off`), or every other type (`work`).
      const costs = wishes.typed.get(cell) ?? new Map<string, number>();
      wishes.typed.set(cell, costs);
      if (wish.kind === 'off') costs.set(wish.shiftType, (costs.get(wish.shiftType) ?? 0) + weight);
      else {
        wishes.whenWorking[cell]! += weight;
        wishes.typedWork[cell]! += weight;
        costs.set(wish.shiftType, (costs.get(wish.shiftType) ?? 0) - weight);
      }
    }
  }
  return wishes;
}

/** Weight of the employee's wishes the day's choice would not grant (line -1: a day off). */
export function wishCost(model: Model, e: number, day: number, l: number): number {
  const cell = e * model.dayCount + day;
  const { wishes } = model;
  if (l < 0) return wishes.whenOff[cell]!;
  const typed = wishes.typed.get(cell);
  return wishes.whenWorking[cell]! + (typed?.get(model.lineShiftType[l]!) ?? 0);
}
