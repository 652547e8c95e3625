import { buildModel } from '../../src/engine/model.ts';
import {
  applicableRules,
  eligibilityMasks,
  forEachEligible,
  isHomePool,
} from '../../src/engine/rules/eligibility.ts';
import type { Instance } from '../../src/engine/types.ts';

/**
 * The exact coverage problem as a MIP in CPLEX LP text: one binary per (employee, line, lending rule) that
 * passes the static rules, with every dynamic rule as linear constraints. Fixed assignments are constants.
 */
export function coverageMip(instance: Instance): {
  lp: string;
  fixedCovered: number;
  variables: number;
  /** Variable name → [employee index, line index], to read a solution back. */
  columns: Map<string, [number, number]>;
} {
  const { rows, dayVars, all, fixedCovered, columns } = coverageRows(instance);
  const sum = (names: string[]) => names.join(' + ');
  const lp = [
    'Maximize',
    ` obj: ${all.length > 0 ? sum(all) : '0 x0'}`,
    'Subject To',
    ...rows.map((row, i) => ` c${i}: ${row}`),
    'Bounds',
    ...dayVars.map((y) => ` 0 <= ${y} <= 1`),
    'Binary',
    ` ${all.join(' ')}`,
    'End',
  ].join('\n');
  return { lp, fixedCovered, variables: all.length, columns };
}

/**
 * The rules' rows of that MIP, for models with another objective (spread-lp.ts): the rows, the day variables,
 * every assignment variable, the heads fixed work covers, and each variable's employee and line.
 */
export function coverageRows(instance: Instance): {
  rows: string[];
  dayVars: string[];
  all: string[];
  fixedCovered: number;
  columns: Map<string, [number, number]>;
} {
  const model = buildModel(instance);
  const masks = eligibilityMasks(model);
  const { employeeCount: n, dayCount: days, lineCount } = model;
  const rest = model.minRestMinutes;
  const fixedLine = new Int32Array(n * days).fill(-1);
  const fixedCount = new Int32Array(lineCount);
  const fixedRuleUse = new Map<string, number>();
  for (const [e, l] of model.fixed) {
    fixedLine[e * days + model.lineDay[l]!] = l;
    fixedCount[l]!++;
    const r = applicableRules(model, e, l)[0];
    if (!isHomePool(model, e, l) && r !== undefined)
      fixedRuleUse.set(`${r}|${model.lineDay[l]}`, (fixedRuleUse.get(`${r}|${model.lineDay[l]}`) ?? 0) + 1);
  }
  let fixedCovered = 0;
  for (let l = 0; l < lineCount; l++) fixedCovered += Math.min(fixedCount[l]!, model.lineRequired[l]!);

  const clash = (a: number, b: number) => {
    const [first, second] = model.lineStart[a]! <= model.lineStart[b]! ? [a, b] : [b, a];
    return model.lineStart[second]! - model.lineEnd[first]! < rest;
  };
  // Per employee and day: variables as [name, line].
  const vars = Array.from({ length: n * days }, () => [] as [string, number][]);
  const byLine = Array.from({ length: lineCount }, () => [] as string[]);
  const byRuleDay = new Map<string, string[]>();
  let count = 0;
  const columns = new Map<string, [number, number]>();
  for (let l = 0; l < lineCount; l++) {
    if (model.lineRequired[l]! - fixedCount[l]! <= 0) continue;
    const d = model.lineDay[l]!;
    forEachEligible(masks, l, (e) => {
      if (fixedLine[e * days + d]! >= 0) return;
      if (model.lineStart[l]! - model.priorLastEnd[e]! < rest) return;
      for (let o = Math.max(0, d - 2); o <= Math.min(days - 1, d + 2); o++) {
        const f = fixedLine[e * days + o]!;
        if (o !== d && f >= 0 && clash(f, l)) return;
      }
      const rules = isHomePool(model, e, l) ? [-1] : applicableRules(model, e, l);
      for (const r of rules) {
        const name = `x${count++}`;
        vars[e * days + d]!.push([name, l]);
        columns.set(name, [e, l]);
        byLine[l]!.push(name);
        if (r >= 0) byRuleDay.set(`${r}|${d}`, [...(byRuleDay.get(`${r}|${d}`) ?? []), name]);
      }
    });
  }
  const rows: string[] = [];
  const dayVars: string[] = [];
  const sum = (names: string[]) => names.join(' + ');
  byLine.forEach((names, l) => {
    if (names.length > 0) rows.push(`${sum(names)} <= ${model.lineRequired[l]! - fixedCount[l]!}`);
  });
  for (const [key, names] of byRuleDay) {
    const r = Number(key.split('|')[0]);
    const max = model.ruleMax[r]!;
    if (Number.isFinite(max))
      rows.push(`${sum(names)} <= ${Math.max(0, max - (fixedRuleUse.get(key) ?? 0))}`);
  }
  const maxRun = model.maxConsecutiveDays;
  for (let e = 0; e < n; e++) {
    const dayNames = (d: number) => vars[e * days + d]!.map(([name]) => name);
    const worked = (d: number) => (fixedLine[e * days + d]! >= 0 ? 1 : 0);
    const mine: [string, number][] = [];
    // y = shifts worked that day (0 or 1): keeps the consecutive-day windows short.
    const worksOn = (d: number) => `y${e}_${d}`;
    for (let d = 0; d < days; d++) {
      const today = vars[e * days + d]!;
      if (today.length > 0) {
        rows.push(`${sum(dayNames(d))} - ${worksOn(d)} = 0`);
        dayVars.push(worksOn(d));
      }
      mine.push(...today);
    }
    // Rest as cliques: at each shift start, every shift begun by then whose end plus rest is later clashes
    // pairwise with the others, so at most one of them is worked. Tighter and smaller than pair rows.
    const starts = [...new Set(mine.map(([, l]) => model.lineStart[l]!))];
    for (const t of starts) {
      const clique = mine
        .filter(([, l]) => model.lineStart[l]! <= t && t < model.lineEnd[l]! + rest)
        .map(([x, l]) => [x, model.lineDay[l]!] as const);
      if (new Set(clique.map(([, d]) => d)).size > 1) rows.push(`${sum(clique.map(([x]) => x))} <= 1`);
    }
    for (let start = -maxRun; start + maxRun < days; start++) {
      let constant = 0;
      const names: string[] = [];
      for (let d = start; d <= start + maxRun; d++) {
        if (d < 0) constant += -d <= model.priorConsecutive[e]! ? 1 : 0;
        else {
          constant += worked(d);
          if (vars[e * days + d]!.length > 0) names.push(worksOn(d));
        }
      }
      const prefixWorked = start >= 0 || -start <= model.priorConsecutive[e]!;
      if (names.length > 0 && prefixWorked && names.length + constant > maxRun)
        rows.push(`${sum(names)} <= ${Math.max(0, maxRun - constant)}`);
    }
    for (let w = 0; w < model.weekCount; w++) {
      let used = w === 0 ? model.priorWeekHours[e]! : 0;
      const terms: string[] = [];
      for (let d = 0; d < days; d++) {
        if (model.weekOfDay[d] !== w) continue;
        const f = fixedLine[e * days + d]!;
        if (f >= 0) used += model.lineHours[f]!;
        for (const [name, l] of vars[e * days + d]!) terms.push(`${model.lineHours[l]} ${name}`);
      }
      if (terms.length > 0) rows.push(`${terms.join(' + ')} <= ${model.maxWeeklyHours - used}`);
    }
  }
  return { rows, dayVars, all: byLine.flat(), fixedCovered, columns };
}
