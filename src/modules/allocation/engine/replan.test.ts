import { describe, expect, it } from 'vitest';
import { checkRoster } from './checker/check.ts';
import { createContext } from './context.ts';
import { day, employee, instance, line } from './fixtures.test-support.ts';
import { coverage } from './improve.ts';
import { buildModel } from './model.ts';
import { place } from './moves.ts';
import { replanEach } from './replan.ts';
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
});
