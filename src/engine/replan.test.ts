import { describe, expect, it } from 'vitest';
import { checkRoster } from './checker/check.ts';
import { coverage, createContext } from './context.ts';
import { day, employee, instance, line } from './fixtures.test-support.ts';
import { buildModel } from './model.ts';
import { place } from './moves.ts';
import { bestPlan, replanEach } from './replan.ts';
import { emptyRoster } from './roster.ts';

describe('one employee planned again', () => {
  it('hands an evening on to someone free to take the night before and the morning after', () => {
    // The evening of day 1 leaves too little rest after the night of day 0 and before the morning of day 2,
    // which only the crane holder may work.
    const input = instance({
      period: { from: day(0), to: day(2) },
      employees: [employee('crane', { skills: ['crane'] }), employee('other')],
      demandLines: [
        line('night', day(0), 'N', { skill: 'crane' }),
        line('evening', day(1), 'E'),
        line('morning', day(2), 'M', { skill: 'crane' }),
      ],
    });
    const model = buildModel(input);
    const ctx = createContext(model, emptyRoster(model), Number.POSITIVE_INFINITY);
    place(ctx, model.employeeIndex.get('crane')!, model.lineIndex.get('evening')!, -1);
    expect(coverage(ctx)).toBe(1);

    expect(replanEach(ctx, 3)).toBe(2);
    const lineOf = (id: string, d: number) =>
      model.lineIds[ctx.roster.lineOf[model.employeeIndex.get(id)! * model.dayCount + d]!];
    expect([lineOf('crane', 0), lineOf('other', 1), lineOf('crane', 2)]).toEqual([
      'night',
      'evening',
      'morning',
    ]);
    const assignments = model.employeeIds.flatMap((employeeId, e) =>
      [0, 1, 2]
        .map((d) => ctx.roster.lineOf[e * model.dayCount + d]!)
        .filter((l) => l >= 0)
        .map((l) => ({ employeeId, lineId: model.lineIds[l]!, date: day(model.lineDay[l]!), fixed: false })),
    );
    expect(checkRoster(input, { assignments }).violations).toEqual([]);
  });

  it('plans no work that runs into forced work: rest before it, and the run and week with it', () => {
    // Fixed mornings on days 1-6 (a run of six): the evening of day 0 would end 8 hours before the first, and
    // any work on day 0 would make a run of seven. Before, the plan took the evening, which the checks then
    // refused to place.
    const mornings = [1, 2, 3, 4, 5, 6].map((d) => line(`fixed${d}`, day(d), 'M'));
    const input = instance({
      period: { from: day(0), to: day(6) },
      employees: [employee('a')],
      demandLines: [line('evening', day(0), 'E'), line('morning', day(0), 'M'), ...mornings],
      fixedAssignments: mornings.map((m) => ({ employeeId: 'a', lineId: m.id })),
    });
    const model = buildModel(input);
    const ctx = createContext(model, emptyRoster(model), Number.POSITIVE_INFINITY);
    const a = model.employeeIndex.get('a')!;
    for (const m of mornings) place(ctx, a, model.lineIndex.get(m.id)!, -1, true);
    expect(bestPlan(ctx, a, new Map())).toEqual([]);

    // With the run short enough, the morning of day 0 is the one line that may go before it.
    const short = instance({
      ...input,
      demandLines: input.demandLines.slice(0, 3),
      fixedAssignments: [{ employeeId: 'a', lineId: 'fixed1' }],
    });
    const shortModel = buildModel(short);
    const shortCtx = createContext(shortModel, emptyRoster(shortModel), Number.POSITIVE_INFINITY);
    place(shortCtx, a, shortModel.lineIndex.get('fixed1')!, -1, true);
    expect(bestPlan(shortCtx, a, new Map()).map((l) => shortModel.lineIds[l])).toEqual(['morning']);
  });
});
