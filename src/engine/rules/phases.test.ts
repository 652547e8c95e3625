import { describe, expect, it } from 'vitest';
import { generateInstance, VARIANTS, type Variant } from '../../../bench/engine/generate.ts';
import { balance, shareUnsocialWork } from '../balance.ts';
import { checkRoster } from '../checker/check.ts';
import { coverage, createContext, type SolveContext } from '../context.ts';
import { fillDay } from '../day-fill.ts';
import { loadExactSolver } from '../exact-solver.ts';
import { exactWindows } from '../exact-windows.ts';
import { exchange } from '../exchange.ts';
import { lagrangianSearch } from '../lagrangian.ts';
import { largeNeighbourhoodSearch } from '../large-neighbourhood.ts';
import { buildModel } from '../model.ts';
import { carryOverPrevious, placeFixed } from '../moves.ts';
import { repair } from '../repair.ts';
import { replanEach } from '../replan.ts';
import { assignmentsOf } from '../result.ts';
import { emptyRoster } from '../roster.ts';
import type { Instance } from '../types.ts';
import { shareUnsocialByCohort } from '../unsocial.ts';
import { rotateUnsocialWork } from '../unsocial-rotation.ts';
import { grantWishes } from '../wishes.ts';
import { applicableRules, isHomePool, isStaticallyEligible } from './eligibility.ts';
import { rulesAllow } from './placement.ts';

/**
 * Every cell of the roster a phase left that the rules module refuses: static eligibility, rest, runs of days
 * and nights, weekly hours (rulesAllow), the lending rule used, lending caps and headcounts. Fixed work is
 * kept as it is (it may break a rule), so only the rest is judged.
 */
function refused(ctx: SolveContext): string[] {
  const { model, roster } = ctx;
  const found: string[] = [];
  for (let e = 0; e < model.employeeCount; e++)
    for (let d = 0; d < model.dayCount; d++) {
      const cell = e * model.dayCount + d;
      const l = roster.lineOf[cell]!;
      if (l < 0 || roster.fixed[cell]) continue;
      const rule = roster.ruleOf[cell]!;
      const lent = isHomePool(model, e, l) ? rule === -1 : applicableRules(model, e, l).includes(rule);
      if (!isStaticallyEligible(model, e, l) || !rulesAllow(model, roster, e, l) || !lent)
        found.push(`${model.employeeIds[e]} ${model.lineIds[l]}`);
    }
  for (let r = 0; r < model.ruleIds.length; r++)
    for (let d = 0; d < model.dayCount; d++)
      if (roster.ruleCount[r * model.dayCount + d]! > model.ruleMax[r]!)
        found.push(`cap ${model.ruleIds[r]} ${d}`);
  for (let l = 0; l < model.lineCount; l++)
    if (roster.assignedCount[l]! > model.lineRequired[l]!) found.push(`over ${model.lineIds[l]}`);
  return found;
}

const target = (ctx: SolveContext) => ctx.model.lineRequired.reduce((sum, r) => sum + r, 0);

/** The phases in the order `allocate` runs them, each asked to work hard on a small instance. */
const PHASES: [string, (ctx: SolveContext) => void][] = [
  [
    'the plain greedy',
    (ctx) => {
      placeFixed(ctx);
      carryOverPrevious(ctx);
      for (let d = 0; d < ctx.model.dayCount; d++) fillDay(ctx, d, -1, true);
    },
  ],
  [
    'the construction',
    (ctx) => {
      for (let d = 0; d < ctx.model.dayCount; d++) fillDay(ctx, d);
    },
  ],
  ['one-level repair', (ctx) => void repair(ctx, 1)],
  ['two-level repair', (ctx) => void repair(ctx, 2, 20_000)],
  ['large-neighbourhood search', (ctx) => void largeNeighbourhoodSearch(ctx, 30, target(ctx))],
  ['exact exchanges', (ctx) => void exchange(ctx, 20_000, target(ctx))],
  ['one-employee replanning', (ctx) => void replanEach(ctx, target(ctx))],
  ['the Lagrangian heuristic', (ctx) => void lagrangianSearch(ctx, target(ctx), 12)],
  ['balancing', (ctx) => void balance(ctx)],
  ['unsocial work shared', (ctx) => void shareUnsocialWork(ctx)],
  ['wishes granted', (ctx) => void grantWishes(ctx)],
  ['unsocial exchanges within cohorts', (ctx) => void shareUnsocialByCohort(ctx)],
  ['the rotation within home pools', (ctx) => void rotateUnsocialWork(ctx, 300)],
];

function withNights(instance: Instance): Instance {
  return {
    ...instance,
    settings: { ...instance.settings, maxConsecutiveNights: 2 },
    priorWork: instance.priorWork.map((p, i) => ({ ...p, consecutiveNights: i % 3 })),
  };
}

const cases: [string, Instance][] = [
  ...VARIANTS.map((variant: Variant): [string, Instance] => [
    variant,
    generateInstance({ employees: 40, days: 14, terminals: 2, seed: 3, variant }),
  ]),
  [
    'mixed with the fatigue rule',
    withNights(generateInstance({ employees: 40, days: 14, terminals: 2, seed: 4, variant: 'mixed' })),
  ],
  [
    'tight with stated unavailability',
    generateInstance({
      employees: 40,
      days: 14,
      terminals: 2,
      seed: 5,
      variant: 'tight',
      unavailability: true,
    }),
  ],
];

describe('every phase of the engine', () => {
  it.each(cases)('places only what the rules module allows (%s)', (_, instance) => {
    const model = buildModel(instance);
    const ctx = createContext(model, emptyRoster(model), Number.POSITIVE_INFINITY);
    for (const [phase, run] of PHASES) {
      run(ctx);
      expect({ phase, refused: refused(ctx) }).toEqual({ phase, refused: [] });
    }
    const report = checkRoster(instance, { assignments: assignmentsOf(model, ctx.roster) });
    expect(report.violations).toEqual([]);
    expect(report.assigned).toBe(coverage(ctx));
  });

  it('places only what the rules module allows in the exact windows', async () => {
    const solver = await loadExactSolver();
    for (const [, instance] of cases.slice(-2)) {
      const model = buildModel(instance);
      const ctx = createContext(model, emptyRoster(model), Number.POSITIVE_INFINITY);
      PHASES[0]![1](ctx);
      exactWindows(ctx, target(ctx), {
        solver,
        windows: 6,
        patience: 6,
        days: 5,
        staff: 40,
        windowSeconds: 5,
        wholeSeconds: 0,
        nodes: 2000,
      });
      expect(refused(ctx)).toEqual([]);
    }
  });
});
