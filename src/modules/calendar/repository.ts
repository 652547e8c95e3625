import { and, asc, eq, gte, lte } from 'drizzle-orm';
import type { Executor } from '../../core/db/database.ts';
import { workingHourModifiers } from '../../core/db/tables/index.ts';

/** Active working-hour modifiers, all of them or those that touch a range. */
export async function activeModifiers(
  executor: Executor,
  buId: string,
  range?: { from: string; to: string },
) {
  return executor
    .select({
      code: workingHourModifiers.code,
      nameEn: workingHourModifiers.nameEn,
      nameAr: workingHourModifiers.nameAr,
      description: workingHourModifiers.description,
      fromDate: workingHourModifiers.fromDate,
      toDate: workingHourModifiers.toDate,
      hoursPerDay: workingHourModifiers.hoursPerDay,
    })
    .from(workingHourModifiers)
    .where(
      and(
        eq(workingHourModifiers.buId, buId),
        eq(workingHourModifiers.isActive, true),
        range ? lte(workingHourModifiers.fromDate, range.to) : undefined,
        range ? gte(workingHourModifiers.toDate, range.from) : undefined,
      ),
    )
    .orderBy(asc(workingHourModifiers.fromDate), asc(workingHourModifiers.code));
}
