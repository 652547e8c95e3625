import { and, asc, eq, gte, lte } from 'drizzle-orm';
import type { Executor } from '../../core/db/database.ts';
import { holidays, holidayTypes, workingHourModifiers } from '../../core/db/tables/index.ts';
import { holidaysInForce } from './holidays-in-force.ts';

/** Active holidays that touch the range (a multi-day holiday may start before it or end after it). */
export async function holidaysOverlapping(executor: Executor, buId: string, from: string, to: string) {
  return executor
    .select({
      id: holidays.id,
      code: holidays.code,
      nameEn: holidays.nameEn,
      nameAr: holidays.nameAr,
      description: holidays.description,
      date: holidays.date,
      endDate: holidays.endDate,
      holidayTypeCode: holidayTypes.code,
    })
    .from(holidays)
    .leftJoin(holidayTypes, eq(holidayTypes.id, holidays.holidayTypeId))
    .where(holidaysInForce(buId, from, to))
    .orderBy(asc(holidays.date), asc(holidays.code));
}

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

export async function activeHolidayTypes(executor: Executor, buId: string) {
  return executor
    .select({ code: holidayTypes.code, nameEn: holidayTypes.nameEn, nameAr: holidayTypes.nameAr })
    .from(holidayTypes)
    .where(and(eq(holidayTypes.buId, buId), eq(holidayTypes.isActive, true)))
    .orderBy(asc(holidayTypes.code));
}
