/** Attendance records and their segments, the statuses, and the trail of changes. */
import { and, asc, count, desc, eq, gte, inArray, lte, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { DepartmentScope } from '../../core/auth/principal.ts';
import type { Executor } from '../../core/db/database.ts';
import { inDepartmentScope } from '../../core/db/scope.ts';
import { attendanceRecordChanges, attendanceRecords } from '../../core/db/tables/index.ts';
import { edited } from '../../core/db/versioned.ts';
import { attendanceStatusCodesOf, attendanceStatusIdByCode } from '../lookups/reads.ts';
import { employeesToJoin as staff } from '../people/reads.ts';
import type { AttendanceValues } from './schemas.ts';

const hhmm = (column: AnyPgColumn) => sql<string | null>`to_char(${column}, 'HH24:MI')`;

const recordColumns = {
  id: attendanceRecords.id,
  employeeId: attendanceRecords.employeeId,
  employeeNumber: staff.employeeNumber,
  nameEn: staff.nameEn,
  nameAr: staff.nameAr,
  departmentId: staff.departmentId,
  date: attendanceRecords.date,
  timeIn: hhmm(attendanceRecords.timeIn),
  timeOut: hhmm(attendanceRecords.timeOut),
  statusId: attendanceRecords.statusId,
  source: attendanceRecords.source,
  pendingReviewId: sql<string | null>`(select r.id from attendance_reviews r
    where r.record_id = ${attendanceRecords.id} and r.status = 'Pending')`,
  version: attendanceRecords.version,
  createdAt: attendanceRecords.createdAt,
  updatedAt: attendanceRecords.updatedAt,
};

export interface RecordRow {
  id: string;
  employeeId: string;
  employeeNumber: string;
  nameEn: string;
  nameAr: string;
  departmentId: string | null;
  date: string;
  timeIn: string | null;
  timeOut: string | null;
  statusId: string;
  statusCode: string;
  source: string;
  pendingReviewId: string | null;
  version: number;
  createdAt: Date;
  updatedAt: Date;
}

const recordsQuery = (executor: Executor) =>
  executor
    .select(recordColumns)
    .from(attendanceRecords)
    .innerJoin(staff, eq(staff.id, attendanceRecords.employeeId));

/** Records as answers show them: each with its status's code, read through lookups. */
async function withStatusCodes(
  executor: Executor,
  buId: string,
  rows: readonly Omit<RecordRow, 'statusCode'>[],
): Promise<RecordRow[]> {
  const codes = await attendanceStatusCodesOf(
    executor,
    buId,
    rows.map((row) => row.statusId),
  );
  // A record's status always exists (a foreign key): the join this replaces dropped none.
  return rows.map((row) => ({ ...row, statusCode: codes.get(row.statusId)! }));
}

export interface RecordFilters {
  from?: string;
  to?: string;
  employeeId?: string;
  departmentId?: string;
  statusCode?: string;
}

function recordConditions(
  buId: string,
  scope: DepartmentScope | null,
  filters: RecordFilters,
  statusId: string | null | undefined,
): SQL {
  return and(
    eq(attendanceRecords.buId, buId),
    inDepartmentScope(staff.departmentId, scope),
    filters.from ? gte(attendanceRecords.date, filters.from) : undefined,
    filters.to ? lte(attendanceRecords.date, filters.to) : undefined,
    filters.employeeId ? eq(attendanceRecords.employeeId, filters.employeeId) : undefined,
    filters.departmentId ? eq(staff.departmentId, filters.departmentId) : undefined,
    statusId === undefined
      ? undefined
      : statusId === null
        ? sql`false`
        : eq(attendanceRecords.statusId, statusId),
  )!;
}

export async function listRecords(
  executor: Executor,
  buId: string,
  scope: DepartmentScope | null,
  filters: RecordFilters,
  limit: number,
  offset: number,
): Promise<{ rows: RecordRow[]; total: number }> {
  // A status filter names a code: no status of that code, no record.
  const statusId = filters.statusCode
    ? await attendanceStatusIdByCode(executor, buId, filters.statusCode.toUpperCase())
    : undefined;
  const where = recordConditions(buId, scope, filters, statusId);
  const [rows, [total]] = await Promise.all([
    recordsQuery(executor)
      .where(where)
      .orderBy(desc(attendanceRecords.date), asc(staff.employeeNumber), asc(attendanceRecords.timeIn))
      .limit(limit)
      .offset(offset),
    executor
      .select({ n: count() })
      .from(attendanceRecords)
      .innerJoin(staff, eq(staff.id, attendanceRecords.employeeId))
      .where(where),
  ]);
  return { rows: await withStatusCodes(executor, buId, rows), total: total?.n ?? 0 };
}

export async function findRecord(
  executor: Executor,
  buId: string,
  id: string,
  forUpdate = false,
): Promise<RecordRow | null> {
  const where = and(eq(attendanceRecords.buId, buId), eq(attendanceRecords.id, id));
  if (forUpdate) {
    // Lock the bare row first: a locking read over the joins would re-check the join with the status
    // row of before a concurrent edit and lose the record (a 404) once that edit changed the status.
    const [locked] = await executor
      .select({ id: attendanceRecords.id })
      .from(attendanceRecords)
      .where(where)
      .for('update');
    if (!locked) return null;
  }
  const [row] = await withStatusCodes(executor, buId, await recordsQuery(executor).where(where));
  return row ?? null;
}

export async function findRecords(executor: Executor, buId: string, ids: string[]): Promise<RecordRow[]> {
  if (!ids.length) return [];
  const rows = await recordsQuery(executor).where(
    and(eq(attendanceRecords.buId, buId), inArray(attendanceRecords.id, ids)),
  );
  return withStatusCodes(executor, buId, rows);
}

/** The segments of one employee and date (every record of that date), by Time_In. */
export async function segmentsOfDay(
  executor: Executor,
  buId: string,
  employeeId: string,
  date: string,
): Promise<{ id: string; Time_In: string | null; Time_Out: string | null }[]> {
  const rows = await executor
    .select({
      id: attendanceRecords.id,
      Time_In: hhmm(attendanceRecords.timeIn),
      Time_Out: hhmm(attendanceRecords.timeOut),
    })
    .from(attendanceRecords)
    .where(
      and(
        eq(attendanceRecords.buId, buId),
        eq(attendanceRecords.employeeId, employeeId),
        eq(attendanceRecords.date, date),
      ),
    )
    .orderBy(asc(attendanceRecords.timeIn));
  return rows;
}

export interface StatusRow {
  id: string;
  code: string;
}

export interface StoredValues {
  timeIn: string | null;
  timeOut: string | null;
  statusId: string;
  source: 'import' | 'edit';
}

/** Writes new values onto a record and bumps its version; answers the new version. */
export async function writeValues(tx: Executor, id: string, values: StoredValues, at: Date): Promise<number> {
  const [row] = await tx
    .update(attendanceRecords)
    .set(edited(attendanceRecords, values, at))
    .where(eq(attendanceRecords.id, id))
    .returning({ version: attendanceRecords.version });
  return row!.version;
}

export interface ChangeValues {
  buId: string;
  recordId: string;
  at: Date;
  actorUserId: string;
  actorUsername: string;
  action: 'edit' | 'revert';
  before: AttendanceValues;
  after: AttendanceValues;
  reviewId: string;
}

export async function insertChange(tx: Executor, values: ChangeValues): Promise<void> {
  await tx.insert(attendanceRecordChanges).values(values);
}

export interface ChangeRow {
  id: string;
  recordId: string;
  employeeId: string;
  date: string;
  at: Date;
  action: string;
  actorUserId: string | null;
  actorUsername: string | null;
  before: AttendanceValues | null;
  after: AttendanceValues;
  reviewId: string | null;
  importId: string | null;
}

export async function changesOf(
  executor: Executor,
  buId: string,
  recordId: string,
  limit: number,
  offset: number,
): Promise<{ rows: ChangeRow[]; total: number }> {
  const where = and(eq(attendanceRecordChanges.buId, buId), eq(attendanceRecordChanges.recordId, recordId));
  const [rows, [total]] = await Promise.all([
    executor
      .select({
        id: attendanceRecordChanges.id,
        recordId: attendanceRecordChanges.recordId,
        employeeId: attendanceRecords.employeeId,
        date: attendanceRecords.date,
        at: attendanceRecordChanges.at,
        action: attendanceRecordChanges.action,
        actorUserId: attendanceRecordChanges.actorUserId,
        actorUsername: attendanceRecordChanges.actorUsername,
        before: attendanceRecordChanges.before,
        after: attendanceRecordChanges.after,
        reviewId: attendanceRecordChanges.reviewId,
        importId: attendanceRecordChanges.importId,
      })
      .from(attendanceRecordChanges)
      .innerJoin(attendanceRecords, eq(attendanceRecords.id, attendanceRecordChanges.recordId))
      .where(where)
      .orderBy(asc(attendanceRecordChanges.at), asc(attendanceRecordChanges.id))
      .limit(limit)
      .offset(offset),
    executor.select({ n: count() }).from(attendanceRecordChanges).where(where),
  ]);
  return { rows: rows as ChangeRow[], total: total?.n ?? 0 };
}
