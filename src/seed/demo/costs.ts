import { and, eq, inArray } from 'drizzle-orm';
import type { Executor } from '../../core/db/database.ts';
import { grades, labourBudgets, labourPremiums, labourRates } from '../../core/db/tables/index.ts';
import type { DemoStep } from './index.ts';

/** Hourly rates in halalas (SAR), from 2025 on. */
const RATES: Record<string, number> = { G2: 4500, G3: 5250, G4: 6400, G5: 8000 };

/**
 * Labour cost (issue 36): rates of the staff's grades, the four premiums, and each department's budget for
 * the current month and the next, so the manager's month against budget has something to compare.
 */
export const costsStep: DemoStep = {
  name: 'labour cost',
  async run(tx: Executor, context) {
    const buId = context.units.MAIN;
    const rows = await tx
      .select({ id: grades.id, code: grades.code })
      .from(grades)
      .where(and(eq(grades.buId, buId), inArray(grades.code, Object.keys(RATES))));
    await tx.insert(labourRates).values(
      rows.map((grade) => ({
        buId,
        gradeId: grade.id,
        effectiveFrom: '2025-01-01',
        hourlyMinor: RATES[grade.code]!,
      })),
    );
    await tx.insert(labourPremiums).values([
      {
        buId,
        kind: 'NIGHT',
        nameEn: 'Night premium',
        nameAr: 'علاوة العمل الليلي',
        basis: 'PERCENT',
        percentBasisPoints: 2500,
        windowStart: '22:00',
        windowEnd: '06:00',
      },
      {
        buId,
        kind: 'WEEKEND',
        nameEn: 'Weekend premium',
        nameAr: 'علاوة نهاية الأسبوع',
        basis: 'PERCENT',
        percentBasisPoints: 5000,
      },
      {
        buId,
        kind: 'HOLIDAY',
        nameEn: 'Holiday premium',
        nameAr: 'علاوة العطلات الرسمية',
        basis: 'PERCENT',
        percentBasisPoints: 10000,
      },
      {
        buId,
        kind: 'OVERTIME',
        nameEn: 'Overtime',
        nameAr: 'العمل الإضافي',
        basis: 'PERCENT',
        percentBasisPoints: 15000,
      },
    ]);
    const month = `${context.today.slice(0, 7)}-01`;
    const nextMonth = new Date(`${month}T00:00:00Z`);
    nextMonth.setUTCMonth(nextMonth.getUTCMonth() + 1);
    const budgets = Object.entries(context.departments)
      .filter(([key]) => key.startsWith('MAIN/'))
      .flatMap(([, departmentId]) =>
        [month, nextMonth.toISOString().slice(0, 10)].map((first) => ({
          buId,
          departmentId,
          month: first,
          amountMinor: 15_000_000,
        })),
      );
    await tx.insert(labourBudgets).values(budgets);
  },
};
