/** The reviews of attendance edits: opened by an edit, extended by the next, closed by a decision. */
import { and, asc, count, eq, gte, lte, type SQL, sql } from 'drizzle-orm';
import type { DepartmentScope } from '../../core/auth/principal.ts';
import type { Executor } from '../../core/db/database.ts';
import { attendanceRecords, attendanceReviews } from '../../core/db/tables/index.ts';
import { ofEmployeesInScope } from '../people/reads.ts';
import type { AttendanceValues } from './schemas.ts';

export type ReviewRow = typeof attendanceReviews.$inferSelect;

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
    .select()
    .from(attendanceReviews)
    .where(and(eq(attendanceReviews.buId, buId), eq(attendanceReviews.id, id)));
  const [row] = forUpdate ? await query.for('update', { of: attendanceReviews }) : await query;
  return row ?? null;
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
    ofEmployeesInScope(attendanceRecords.employeeId, scope, filters.departmentId),
    filters.from ? gte(attendanceRecords.date, filters.from) : undefined,
    filters.to ? lte(attendanceRecords.date, filters.to) : undefined,
    filters.employeeId ? eq(attendanceRecords.employeeId, filters.employeeId) : undefined,
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
      .select({ review: attendanceReviews })
      .from(attendanceReviews)
      .innerJoin(attendanceRecords, eq(attendanceRecords.id, attendanceReviews.recordId))
      .where(where)
      .orderBy(asc(attendanceReviews.firstEditedAt), asc(attendanceReviews.id))
      .limit(limit)
      .offset(offset),
    countPending(executor, buId, scope, filters),
  ]);
  return { rows: rows.map((row) => row.review), total };
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
