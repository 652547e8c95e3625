import { and, asc, count, desc, eq, gte, inArray, lte, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { DepartmentScope } from '../../core/auth/principal.ts';
import { type Executor, queryRows } from '../../core/db/database.ts';
import {
  attendanceImports,
  attendanceRecordChanges,
  attendanceRecords,
  attendanceReviews,
  attendanceStatuses,
  employees,
  users,
} from '../../core/db/schema/index.ts';
import { inDepartmentScope } from '../../core/db/scope.ts';
import type { AttendanceValues } from './schemas.ts';
import { OVERLAP_SQL } from './segments.ts';

const hhmm = (column: AnyPgColumn) => sql<string | null>`to_char(${column}, 'HH24:MI')`;

/** The values of a record as JSON, the shape the trail and the reviews keep (`AttendanceValues`). */
const valuesJson = (alias: string) =>
  sql.raw(`jsonb_build_object('Time_In', to_char(${alias}.time_in, 'HH24:MI'),
    'Time_Out', to_char(${alias}.time_out, 'HH24:MI'),
    'statusCode', (select s.code from attendance_statuses s where s.id = ${alias}.status_id),
    'source', ${alias}.source)`);

const recordColumns = {
  id: attendanceRecords.id,
  employeeId: attendanceRecords.employeeId,
  employeeNumber: employees.employeeNumber,
  nameEn: employees.nameEn,
  nameAr: employees.nameAr,
  departmentId: employees.departmentId,
  date: attendanceRecords.date,
  timeIn: hhmm(attendanceRecords.timeIn),
  timeOut: hhmm(attendanceRecords.timeOut),
  statusId: attendanceRecords.statusId,
  statusCode: attendanceStatuses.code,
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
    .innerJoin(employees, eq(employees.id, attendanceRecords.employeeId))
    .innerJoin(attendanceStatuses, eq(attendanceStatuses.id, attendanceRecords.statusId));

export interface RecordFilters {
  from?: string;
  to?: string;
  employeeId?: string;
  departmentId?: string;
  statusCode?: string;
}

function recordConditions(buId: string, scope: DepartmentScope | null, filters: RecordFilters): SQL {
  return and(
    eq(attendanceRecords.buId, buId),
    inDepartmentScope(employees.departmentId, scope),
    filters.from ? gte(attendanceRecords.date, filters.from) : undefined,
    filters.to ? lte(attendanceRecords.date, filters.to) : undefined,
    filters.employeeId ? eq(attendanceRecords.employeeId, filters.employeeId) : undefined,
    filters.departmentId ? eq(employees.departmentId, filters.departmentId) : undefined,
    filters.statusCode ? eq(attendanceStatuses.code, filters.statusCode.toUpperCase()) : undefined,
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
  const where = recordConditions(buId, scope, filters);
  const [rows, [total]] = await Promise.all([
    recordsQuery(executor)
      .where(where)
      .orderBy(desc(attendanceRecords.date), asc(employees.employeeNumber), asc(attendanceRecords.timeIn))
      .limit(limit)
      .offset(offset),
    executor
      .select({ n: count() })
      .from(attendanceRecords)
      .innerJoin(employees, eq(employees.id, attendanceRecords.employeeId))
      .innerJoin(attendanceStatuses, eq(attendanceStatuses.id, attendanceRecords.statusId))
      .where(where),
  ]);
  return { rows: rows as RecordRow[], total: total?.n ?? 0 };
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
  const [row] = await recordsQuery(executor).where(where);
  return (row as RecordRow | undefined) ?? null;
}

export async function findRecords(executor: Executor, buId: string, ids: string[]): Promise<RecordRow[]> {
  if (!ids.length) return [];
  const rows = await recordsQuery(executor).where(
    and(eq(attendanceRecords.buId, buId), inArray(attendanceRecords.id, ids)),
  );
  return rows as RecordRow[];
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

/** The unit's active attendance statuses by code (codes are upper case). */
export async function activeStatuses(executor: Executor, buId: string): Promise<Map<string, string>> {
  const rows = await executor
    .select({ id: attendanceStatuses.id, code: attendanceStatuses.code })
    .from(attendanceStatuses)
    .where(and(eq(attendanceStatuses.buId, buId), eq(attendanceStatuses.isActive, true)))
    .orderBy(asc(attendanceStatuses.code));
  return new Map(rows.map((row) => [row.code, row.id]));
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
    .set({ ...values, version: sql`${attendanceRecords.version} + 1`, updatedAt: at })
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

// ---- reviews

interface ReviewNames {
  firstEditedByName: string | null;
  lastEditedByName: string | null;
  closedByName: string | null;
}

export type ReviewRow = typeof attendanceReviews.$inferSelect & ReviewNames;

const username = (column: AnyPgColumn) =>
  sql<string | null>`(select u.username from ${users} u where u.id = ${column})`;

const reviewColumns = {
  review: attendanceReviews,
  firstEditedByName: username(attendanceReviews.firstEditedBy),
  lastEditedByName: username(attendanceReviews.lastEditedBy),
  closedByName: username(attendanceReviews.closedBy),
};

const flatten = ({ review, ...names }: { review: typeof attendanceReviews.$inferSelect } & ReviewNames) => ({
  ...review,
  ...names,
});

/** The pending review of a record, locked: an edit extends it rather than opening a second. */
export async function pendingReviewOf(tx: Executor, recordId: string) {
  const [row] = await tx
    .select()
    .from(attendanceReviews)
    .where(and(eq(attendanceReviews.recordId, recordId), eq(attendanceReviews.status, 'Pending')))
    .for('update');
  return row ?? null;
}

export async function openReview(
  tx: Executor,
  values: {
    buId: string;
    recordId: string;
    before: AttendanceValues;
    after: AttendanceValues;
    afterVersion: number;
    reason: string | null;
    editorId: string;
    at: Date;
  },
): Promise<string> {
  const [row] = await tx
    .insert(attendanceReviews)
    .values({
      buId: values.buId,
      recordId: values.recordId,
      before: values.before,
      after: values.after,
      afterVersion: values.afterVersion,
      reason: values.reason,
      editorIds: [values.editorId],
      firstEditedBy: values.editorId,
      firstEditedAt: values.at,
      lastEditedBy: values.editorId,
      lastEditedAt: values.at,
    })
    .returning({ id: attendanceReviews.id });
  return row!.id;
}

/** A later edit of a record under review: the review keeps its `before` and takes the new `after`. */
export async function extendReview(
  tx: Executor,
  id: string,
  values: {
    after: AttendanceValues;
    afterVersion: number;
    reason: string | null;
    editorId: string;
    at: Date;
  },
): Promise<void> {
  await tx
    .update(attendanceReviews)
    .set({
      after: values.after,
      afterVersion: values.afterVersion,
      edits: sql`${attendanceReviews.edits} + 1`,
      reason: values.reason === null ? attendanceReviews.reason : values.reason,
      editorIds: sql`case when ${values.editorId}::uuid = any(${attendanceReviews.editorIds})
        then ${attendanceReviews.editorIds} else array_append(${attendanceReviews.editorIds}, ${values.editorId}::uuid) end`,
      lastEditedBy: values.editorId,
      lastEditedAt: values.at,
      version: sql`${attendanceReviews.version} + 1`,
    })
    .where(eq(attendanceReviews.id, id));
}

export async function findReview(
  executor: Executor,
  buId: string,
  id: string,
  forUpdate = false,
): Promise<ReviewRow | null> {
  const query = executor
    .select(reviewColumns)
    .from(attendanceReviews)
    .where(and(eq(attendanceReviews.buId, buId), eq(attendanceReviews.id, id)));
  const [row] = forUpdate ? await query.for('update', { of: attendanceReviews }) : await query;
  return row ? flatten(row) : null;
}

export interface ReviewFilters {
  from?: string;
  to?: string;
  employeeId?: string;
  departmentId?: string;
}

function pendingConditions(buId: string, scope: DepartmentScope | null, filters: ReviewFilters): SQL {
  return and(
    eq(attendanceReviews.buId, buId),
    eq(attendanceReviews.status, 'Pending'),
    inDepartmentScope(employees.departmentId, scope),
    filters.from ? gte(attendanceRecords.date, filters.from) : undefined,
    filters.to ? lte(attendanceRecords.date, filters.to) : undefined,
    filters.employeeId ? eq(attendanceRecords.employeeId, filters.employeeId) : undefined,
    filters.departmentId ? eq(employees.departmentId, filters.departmentId) : undefined,
  )!;
}

/** Pending reviews, the oldest edit first (a queue). */
export async function listPendingReviews(
  executor: Executor,
  buId: string,
  scope: DepartmentScope | null,
  filters: ReviewFilters,
  limit: number,
  offset: number,
): Promise<{ rows: ReviewRow[]; total: number }> {
  const where = pendingConditions(buId, scope, filters);
  const [rows, total] = await Promise.all([
    executor
      .select(reviewColumns)
      .from(attendanceReviews)
      .innerJoin(attendanceRecords, eq(attendanceRecords.id, attendanceReviews.recordId))
      .innerJoin(employees, eq(employees.id, attendanceRecords.employeeId))
      .where(where)
      .orderBy(asc(attendanceReviews.firstEditedAt), asc(attendanceReviews.id))
      .limit(limit)
      .offset(offset),
    countPending(executor, buId, scope, filters),
  ]);
  return { rows: rows.map(flatten), total };
}

/** How many reviews wait in the scope: one index-backed count (the client polls it every 30 s). */
export async function countPending(
  executor: Executor,
  buId: string,
  scope: DepartmentScope | null,
  filters: ReviewFilters = {},
): Promise<number> {
  const [row] = await executor
    .select({ n: count() })
    .from(attendanceReviews)
    .innerJoin(attendanceRecords, eq(attendanceRecords.id, attendanceReviews.recordId))
    .innerJoin(employees, eq(employees.id, attendanceRecords.employeeId))
    .where(pendingConditions(buId, scope, filters));
  return row?.n ?? 0;
}

export async function closeReview(
  tx: Executor,
  id: string,
  values: { status: 'Acknowledged' | 'Reverted'; by: string; at: Date; comment: string | null },
): Promise<boolean> {
  const closed = await tx
    .update(attendanceReviews)
    .set({
      status: values.status,
      closedBy: values.by,
      closedAt: values.at,
      comment: values.comment,
      version: sql`${attendanceReviews.version} + 1`,
    })
    .where(and(eq(attendanceReviews.id, id), eq(attendanceReviews.status, 'Pending')))
    .returning({ id: attendanceReviews.id });
  return closed.length === 1;
}

// ---- imports

export interface EmployeeRef {
  id: string;
  departmentId: string | null;
}

/** The unit's employees within the scope, by employee number. */
export async function employeesByNumber(
  executor: Executor,
  buId: string,
  scope: DepartmentScope | null,
): Promise<Map<string, string>> {
  const rows = await executor
    .select({ id: employees.id, number: employees.employeeNumber })
    .from(employees)
    .where(and(eq(employees.buId, buId), inDepartmentScope(employees.departmentId, scope)));
  return new Map(rows.map((row) => [row.number, row.id]));
}

/**
 * A valid import row, resolved: employee, date, times, status (short keys: it is stored as JSON). Employee,
 * date and Time_In (`i`) are the segment's key.
 */
export interface ImportRow {
  e: string;
  d: string;
  i: string | null;
  o: string | null;
  s: string;
}

/** Every recorded segment of the employees and dates the rows name (all of a date, not only their keys). */
export async function segmentsOf(
  executor: Executor,
  buId: string,
  rows: readonly ImportRow[],
): Promise<ImportRow[]> {
  if (!rows.length) return [];
  const pairs = [...new Map(rows.map((row) => [`${row.e}|${row.d}`, { e: row.e, d: row.d }])).values()];
  return queryRows<ImportRow>(
    executor,
    sql`select a.employee_id as e, to_char(a.date, 'YYYY-MM-DD') as d, to_char(a.time_in, 'HH24:MI') as i,
               to_char(a.time_out, 'HH24:MI') as o, a.status_id as s
          from jsonb_to_recordset(${JSON.stringify(pairs)}::jsonb) as k(e uuid, d date)
          join ${attendanceRecords} a on a.bu_id = ${buId} and a.employee_id = k.e and a.date = k.d`,
  );
}

export async function insertImport(
  tx: Executor,
  values: {
    buId: string;
    createdBy: string;
    createdAt: Date;
    fileName: string | null;
    sha256: string;
    rowsTotal: number;
    rowsRejected: number;
    validRows: ImportRow[];
  },
): Promise<string> {
  const [row] = await tx.insert(attendanceImports).values(values).returning({ id: attendanceImports.id });
  return row!.id;
}

/** Previews are kept a day for the 409 of a late commit, then dropped. */
export async function purgeImports(tx: Executor, buId: string, before: Date): Promise<void> {
  await tx
    .delete(attendanceImports)
    .where(and(eq(attendanceImports.buId, buId), lte(attendanceImports.createdAt, before)));
}

export async function findImport(tx: Executor, buId: string, id: string) {
  const [row] = await tx
    .select({
      id: attendanceImports.id,
      createdBy: attendanceImports.createdBy,
      createdAt: attendanceImports.createdAt,
      rowsTotal: attendanceImports.rowsTotal,
      rowsRejected: attendanceImports.rowsRejected,
      committedAt: attendanceImports.committedAt,
    })
    .from(attendanceImports)
    .where(and(eq(attendanceImports.buId, buId), eq(attendanceImports.id, id)))
    .for('update');
  return row ?? null;
}

/**
 * Writes the preview's valid rows: upserts by employee, date and Time_In (a row equal to the record changes nothing,
 * not even its version) and appends each change with its before and after to the trail. The records the
 * rows name are locked first, in id order; then the trail of the records about to change is written from
 * their current values, then the upsert, whose new records get their trail in the same statement.
 * (One statement joining the upsert's answer to the old values was quadratic: the planner nests loops
 * over two CTE scans it cannot estimate.)
 */
export async function commitImport(
  tx: Executor,
  values: { buId: string; importId: string; at: Date; actorUserId: string; actorUsername: string },
): Promise<{ inserted: number; updated: number }> {
  const { buId, importId, at, actorUserId, actorUsername } = values;
  const incoming = sql`select r.e as employee_id, r.d::date as date, r.i::time as time_in,
      r.o::time as time_out, r.s as status_id
    from ${attendanceImports} p, jsonb_to_recordset(p.valid_rows) as r(e uuid, d text, i text, o text, s uuid)
    where p.id = ${importId}`;
  const sameSegment = sql`a.bu_id = ${buId} and a.employee_id = n.employee_id and a.date = n.date
    and a.time_in is not distinct from n.time_in`;
  await tx.execute(sql`select a.id from ${attendanceRecords} a join (${incoming}) n on ${sameSegment}
    order by a.id for update of a`);
  const [updated] = await queryRows<{ n: number }>(
    tx,
    sql`with trail as (insert into ${attendanceRecordChanges}
        (bu_id, record_id, at, actor_user_id, actor_username, action, before, after, import_id)
      select ${buId}, a.id, ${at}, ${actorUserId}, ${actorUsername}, 'import', ${valuesJson('a')},
             jsonb_build_object('Time_In', to_char(n.time_in, 'HH24:MI'), 'Time_Out', to_char(n.time_out, 'HH24:MI'),
               'statusCode', s.code, 'source', 'import'),
             ${importId}
        from (${incoming}) n
        join ${attendanceRecords} a on ${sameSegment}
        join ${attendanceStatuses} s on s.id = n.status_id
       where (a.time_in, a.time_out, a.status_id, a.source)
             is distinct from (n.time_in, n.time_out, n.status_id, 'import')
      returning 1)
      select count(*)::int as n from trail`,
  );
  const [inserted] = await queryRows<{ n: number }>(
    tx,
    sql`with written as (
        insert into ${attendanceRecords} as a
          (bu_id, employee_id, date, time_in, time_out, status_id, source, created_at, updated_at)
        select ${buId}, employee_id, date, time_in, time_out, status_id, 'import', ${at}, ${at} from (${incoming}) n
        on conflict (bu_id, employee_id, date, time_in) do update
          set time_in = excluded.time_in, time_out = excluded.time_out, status_id = excluded.status_id,
              source = 'import', version = a.version + 1, updated_at = excluded.updated_at
          where (a.time_in, a.time_out, a.status_id, a.source)
            is distinct from (excluded.time_in, excluded.time_out, excluded.status_id, 'import')
        returning a.id, a.time_in, a.time_out, a.status_id, a.source, a.version),
      trail as (insert into ${attendanceRecordChanges}
        (bu_id, record_id, at, actor_user_id, actor_username, action, before, after, import_id)
      select ${buId}, w.id, ${at}, ${actorUserId}, ${actorUsername}, 'import', null, ${valuesJson('w')}, ${importId}
        from written w where w.version = 1
      returning 1)
      select count(*)::int as n from trail`,
  );
  return { inserted: inserted?.n ?? 0, updated: updated?.n ?? 0 };
}

export interface OverlapRow {
  employeeNumber: string;
  date: string;
  first: { id: string; Time_In: string | null; Time_Out: string | null };
  second: { id: string; Time_In: string | null; Time_Out: string | null };
}

/**
 * Segments of one person and date that overlap, among the employees and dates an import wrote (the
 * preview checked them against the records of its time; this is the check at the commit).
 */
export async function overlapsOfImport(tx: Executor, buId: string, importId: string): Promise<OverlapRow[]> {
  return queryRows<OverlapRow>(
    tx,
    sql`select e.employee_number as "employeeNumber", to_char(a.date, 'YYYY-MM-DD') as date,
               jsonb_build_object('id', a.id, 'Time_In', to_char(a.time_in, 'HH24:MI'), 'Time_Out', to_char(a.time_out, 'HH24:MI')) as first,
               jsonb_build_object('id', b.id, 'Time_In', to_char(b.time_in, 'HH24:MI'), 'Time_Out', to_char(b.time_out, 'HH24:MI')) as second
          from (select distinct r.e as employee_id, r.d::date as date
                  from ${attendanceImports} p, jsonb_to_recordset(p.valid_rows) as r(e uuid, d text)
                 where p.id = ${importId}) n
          join ${attendanceRecords} a on a.bu_id = ${buId} and a.employee_id = n.employee_id and a.date = n.date
          join ${attendanceRecords} b on b.bu_id = ${buId} and b.employee_id = n.employee_id and b.date = n.date
           and a.id < b.id
          join ${employees} e on e.id = n.employee_id
         where ${sql.raw(OVERLAP_SQL('a', 'b'))}
         order by 1, 2, a.time_in nulls first
         limit 20`,
  );
}

export async function markCommitted(
  tx: Executor,
  id: string,
  values: { by: string; at: Date; result: Record<string, number> },
): Promise<void> {
  await tx
    .update(attendanceImports)
    .set({ committedAt: values.at, committedBy: values.by, result: values.result })
    .where(eq(attendanceImports.id, id));
}

/** A status by code, active or not (a revert restores what was there). */
export async function statusIdByCode(executor: Executor, buId: string, code: string): Promise<string | null> {
  const [row] = await executor
    .select({ id: attendanceStatuses.id })
    .from(attendanceStatuses)
    .where(and(eq(attendanceStatuses.buId, buId), eq(attendanceStatuses.code, code)));
  return row?.id ?? null;
}
