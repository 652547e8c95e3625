import { and, eq, gte, isNotNull, lte, sql } from 'drizzle-orm';
import type { Executor } from '../../core/db/database.ts';
import { attendanceRecords } from '../../core/db/tables/index.ts';
import { ofEmployeesOfDepartment } from '../people/reads.ts';

/* What other modules read of the attendance: their read functions over attendance's tables. */

/** Attendance segments with both times of the department's employees over dates. */
export async function attendedSegments(
  executor: Executor,
  buId: string,
  departmentId: string,
  from: string,
  to: string,
) {
  return executor
    .select({
      employeeId: attendanceRecords.employeeId,
      date: attendanceRecords.date,
      timeIn: sql<string>`to_char(${attendanceRecords.timeIn}, 'HH24:MI')`,
      timeOut: sql<string>`to_char(${attendanceRecords.timeOut}, 'HH24:MI')`,
      endsAtMidnight: sql<boolean>`${attendanceRecords.timeOut} = '24:00'::time`,
    })
    .from(attendanceRecords)
    .where(
      and(
        eq(attendanceRecords.buId, buId),
        ofEmployeesOfDepartment(attendanceRecords.employeeId, departmentId),
        gte(attendanceRecords.date, from),
        lte(attendanceRecords.date, to),
        isNotNull(attendanceRecords.timeIn),
        isNotNull(attendanceRecords.timeOut),
      ),
    );
}
