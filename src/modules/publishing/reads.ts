import { and, asc, between, eq } from 'drizzle-orm';
import type { Executor } from '../../core/db/database.ts';
import { plannedRosterLines, publishedRosters } from '../../core/db/tables/index.ts';

/* What other modules read of the published rosters: the calendar feed's lines. */

/** The employee's planned lines (what `/api/me/roster` shows) with when their version was published. */
export async function publishedPlannedLinesOf(
  executor: Executor,
  buId: string,
  employeeId: string,
  from: string,
  to: string,
) {
  const planned = plannedRosterLines;
  return executor
    .select({
      date: planned.date,
      shiftCode: planned.shiftCode,
      shiftNameEn: planned.shiftNameEn,
      shiftNameAr: planned.shiftNameAr,
      startTime: planned.startTime,
      endTime: planned.endTime,
      terminalCode: planned.terminalCode,
      terminalNameEn: planned.terminalNameEn,
      terminalNameAr: planned.terminalNameAr,
      skillCode: planned.skillCode,
      rosterVersion: planned.rosterVersion,
      publishedAt: publishedRosters.publishedAt,
    })
    .from(planned)
    .innerJoin(publishedRosters, eq(publishedRosters.id, planned.rosterId))
    .where(and(eq(planned.buId, buId), eq(planned.employeeId, employeeId), between(planned.date, from, to)))
    .orderBy(asc(planned.date), asc(planned.startTime));
}
