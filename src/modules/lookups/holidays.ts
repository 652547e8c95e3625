import { and, asc, eq, gte, lte, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../core/db/database.ts';
import { jsonList } from '../../core/db/json.ts';
import { holidays, holidayTypes } from '../../core/db/tables/index.ts';

/* The holidays the lookups keep, as the other modules read them: the rule of what is in force, and its reads. */

/**
 * The unit's holidays in force on some date of a range: active, and from `date` to `endDate` touching it.
 * Every reader of holidays (the working calendar, the live roster, labour cost, the own roster) applies this
 * one rule. Values may be SQL (a prepared read's parameters), and nothing is bound here for the same reason.
 */
export const holidaysInForce = (buId: string | SQL, from: string | SQL, to: string | SQL): SQL =>
  and(
    sql`${holidays.buId} = ${buId}`,
    sql`${holidays.isActive}`,
    lte(holidays.date, to),
    gte(holidays.endDate, from),
  )!;

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

/** The unit's active holiday types, by code. */
export async function activeHolidayTypes(executor: Executor, buId: string) {
  return executor
    .select({ code: holidayTypes.code, nameEn: holidayTypes.nameEn, nameAr: holidayTypes.nameAr })
    .from(holidayTypes)
    .where(and(eq(holidayTypes.buId, buId), eq(holidayTypes.isActive, true)))
    .orderBy(asc(holidayTypes.code));
}

/** The days and names of the holidays in force over the range, as the live roster's schedule shows them. */
export async function holidaysBetween(executor: Executor, buId: string, from: string, to: string) {
  return executor
    .select({ from: holidays.date, to: holidays.endDate, nameEn: holidays.nameEn, nameAr: holidays.nameAr })
    .from(holidays)
    .where(holidaysInForce(buId, from, to));
}

/** The date ranges of the holidays in force over the range (labour cost's premiums). */
export async function holidayRanges(executor: Executor, buId: string, from: string, to: string) {
  return executor
    .select({ date: holidays.date, endDate: holidays.endDate })
    .from(holidays)
    .where(holidaysInForce(buId, from, to));
}

const holidayFields = {
  code: holidays.code,
  nameEn: holidays.nameEn,
  nameAr: holidays.nameAr,
  date: holidays.date,
  endDate: holidays.endDate,
};

/**
 * The holidays in force over the range as a JSON list by date and code, for a read of another module that
 * gathers everything in one statement (the own roster); values may be SQL, nothing is bound here.
 */
export const holidaysInForceJson = (buId: SQL, from: SQL, to: SQL) =>
  jsonList(
    holidayFields,
    sql`from ${holidays} where ${holidaysInForce(buId, from, to)}`,
    sql`${holidays.date}, ${holidays.code}`,
  );

export type HolidayFields = typeof holidayFields;
