import { describe, expect, it } from 'vitest';
import { generateInstance } from '../../bench/engine/generate.ts';
import { allocate } from './allocate.ts';
import { checkRoster } from './checker/check.ts';
import { coverage, createContext } from './context.ts';
import { day, employee, instance, line } from './fixtures.test-support.ts';
import { planTogether } from './joint.ts';
import { buildModel } from './model.ts';
import { tryPlace } from './moves.ts';
import { bestPlan } from './replan.ts';
import { emptyRoster } from './roster.ts';

// The crane holder can work either line of the day, the other employee only the plain one.
const twoLines = instance({
  period: { from: day(0), to: day(0) },
  employees: [employee('crane', { skills: ['crane'] }), employee('other')],
  demandLines: [line('plain', day(0), 'M'), line('lift', day(0), 'E', { skill: 'crane' })],
});

function freshContext() {
  const model = buildModel(twoLines);
  const ctx = createContext(model, emptyRoster(model), Number.POSITIVE_INFINITY);
  const freed = ['crane', 'other'].map((id) => model.employeeIndex.get(id)!);
  return { model, ctx, freed };
}

// 200 × 28 `scarce`, seed 2: one after another, the freed groups ended at 4,275 heads (bound 4,296).
const scarce = generateInstance({
  employees: 200,
  days: 28,
  terminals: 6,
  shifts: 3,
  seed: 2,
  variant: 'scarce',
});

describe('a freed group planned together', () => {
  it('leaves the line only one of them can work to that one, where one after another takes it first', () => {
    const alone = freshContext();
    for (const e of alone.freed) for (const l of bestPlan(alone.ctx, e, new Map())) tryPlace(alone.ctx, e, l);
    expect(coverage(alone.ctx)).toBe(1);

    const together = freshContext();
    planTogether(together.ctx, together.freed, 2);
    expect(coverage(together.ctx)).toBe(2);
    const { model, ctx } = together;
    const lineOf = (id: string) =>
      model.lineIds[ctx.roster.lineOf[model.employeeIndex.get(id)! * model.dayCount]!];
    expect([lineOf('crane'), lineOf('other')]).toEqual(['lift', 'plain']);
  });

  it('covers more of a scarce-skill instance than planning one after another did, with no violation, the same on every run', () => {
    const first = allocate(scarce);
    // 4,285 when planned together was measured; 4,284 since the one-employee plan respects forced work (the
    // search takes another path). Either is above what one after another reached.
    expect(first.coverage.assigned).toBeGreaterThan(4275);
    expect(checkRoster(scarce, first).violations).toEqual([]);
    const strip = (r: ReturnType<typeof allocate>) => ({ ...r, durationMs: 0 });
    expect(strip(allocate(scarce))).toEqual(strip(first));
  });
});
