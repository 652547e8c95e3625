import { and, gte, lte, type SQL, sql } from 'drizzle-orm';
import { holidays } from '../../core/db/tables/index.ts';

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
