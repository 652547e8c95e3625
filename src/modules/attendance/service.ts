import { actorOf, recordAudit } from '../../core/audit/record.ts';
import type { Caller } from '../../core/auth/caller.ts';
import type { Permission } from '../../core/auth/catalog.ts';
import { type DepartmentScope, scopeReaches } from '../../core/auth/principal.ts';
import { type Executor, lockUntilCommit } from '../../core/db/database.ts';
import { businessRule, conflict, notFound } from '../../core/http/errors.ts';
import { offsetOf, type Page, type PageQuery, pageOf } from '../../core/http/pagination.ts';
import { assertVersion } from '../../core/http/versioning.ts';
import type { ServiceDeps } from '../../core/module-context.ts';
import { usernamesOf } from '../identity/reads.ts';
import { activeAttendanceStatuses, attendanceStatusIdByCode } from '../lookups/reads.ts';
import * as repo from './repository.ts';
import * as reviewRepo from './reviews-repository.ts';
import type {
  AttendanceChange,
  AttendanceEdit,
  AttendanceListQuery,
  AttendanceRecord,
  AttendanceReview,
  AttendanceValues,
  OwnAttendanceQuery,
  ReviewDecision,
  ReviewListQuery,
} from './schemas.ts';
import { attendanceLock, type Segment, segmentLabel, segmentsOverlap } from './segments.ts';
import { timesProblem } from './times.ts';

export const valuesOf = (row: repo.RecordRow): AttendanceValues => ({
  Time_In: row.timeIn,
  Time_Out: row.timeOut,
  statusCode: row.statusCode,
  source: row.source as AttendanceValues['source'],
});

const recordView = (row: repo.RecordRow): AttendanceRecord => ({
  id: row.id,
  employee: {
    id: row.employeeId,
    employeeNumber: row.employeeNumber,
    Name_1_English: row.nameEn,
    Name_2_Arabic: row.nameAr,
    departmentId: row.departmentId,
  },
  date: row.date,
  ...valuesOf(row),
  pendingReviewId: row.pendingReviewId,
  version: row.version,
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
});

// ---- records

async function listWithin(
  deps: ServiceDeps,
  caller: Caller,
  scope: DepartmentScope | null,
  query: AttendanceListQuery,
): Promise<Page<AttendanceRecord>> {
  const { rows, total } = await repo.listRecords(
    deps.db,
    caller.principal.buId,
    scope,
    query,
    query.pageSize,
    offsetOf(query),
  );
  return pageOf(rows.map(recordView), total, query);
}

/** Every record of the unit (or of the departments an `attendance.view.all` grant is scoped to). */
export const listAll = (deps: ServiceDeps, caller: Caller, query: AttendanceListQuery) =>
  listWithin(deps, caller, caller.principal.scopeOf('attendance.view.all'), query);

/** Records of the employees of the caller's department grants (`attendance.view.scoped`). */
export const listScoped = (deps: ServiceDeps, caller: Caller, query: AttendanceListQuery) =>
  listWithin(deps, caller, caller.principal.scopeOf('attendance.view.scoped'), query);

/** The caller's own records; an account without an employee has none. */
export async function listOwn(
  deps: ServiceDeps,
  caller: Caller,
  query: OwnAttendanceQuery,
): Promise<Page<AttendanceRecord>> {
  const { employeeId } = caller.principal;
  if (!employeeId) return pageOf([], 0, query);
  return listWithin(deps, caller, { kind: 'unit' }, { ...query, employeeId });
}

async function visibleRecord(executor: Executor, caller: Caller, id: string, permission: Permission) {
  const row = await repo.findRecord(executor, caller.principal.buId, id);
  if (!row || !scopeReaches(caller.principal.scopeOf(permission), row.departmentId)) {
    throw notFound('Attendance record');
  }
  return row;
}

export async function getRecord(deps: ServiceDeps, caller: Caller, id: string): Promise<AttendanceRecord> {
  return recordView(await visibleRecord(deps.db, caller, id, 'attendance.view.all'));
}

const changeView = (row: repo.ChangeRow): AttendanceChange => ({
  id: row.id,
  segment: { recordId: row.recordId, employeeId: row.employeeId, date: row.date, Time_In: row.after.Time_In },
  at: row.at.toISOString(),
  action: row.action as AttendanceChange['action'],
  by: { id: row.actorUserId, username: row.actorUsername },
  before: row.before,
  after: row.after,
  reviewId: row.reviewId,
  importId: row.importId,
});

/** The record's trail: every import, edit and revert with the values before and after, oldest first. */
export async function recordTrail(
  deps: ServiceDeps,
  caller: Caller,
  id: string,
  query: PageQuery,
): Promise<Page<AttendanceChange>> {
  await visibleRecord(deps.db, caller, id, 'attendance.view.all');
  const { rows, total } = await repo.changesOf(
    deps.db,
    caller.principal.buId,
    id,
    query.pageSize,
    offsetOf(query),
  );
  return pageOf(rows.map(changeView), total, query);
}

// ---- admin edit

function assertTimes(values: { Time_In: string | null; Time_Out: string | null }): void {
  const problem = timesProblem(values.Time_In, values.Time_Out);
  if (problem) {
    throw businessRule(problem.code, problem.message, {
      errors: [{ path: '/Time_Out', message: problem.message }],
    });
  }
}

/** The segment as the audit events name it: the record, its employee, date and Time_In. */
const segmentOf = (row: repo.RecordRow, timeIn: string | null = row.timeIn) => ({
  recordId: row.id,
  employeeId: row.employeeId,
  employeeNumber: row.employeeNumber,
  date: row.date,
  Time_In: timeIn,
});

/**
 * Refuses values of a segment that would overlap another segment of the same person and date (409
 * `SEGMENT_OVERLAP`, naming them). Runs under the unit's attendance lock.
 */
async function assertNoOverlap(tx: Executor, buId: string, row: repo.RecordRow, values: Segment) {
  const others = (await repo.segmentsOfDay(tx, buId, row.employeeId, row.date)).filter(
    (other) => other.id !== row.id && segmentsOverlap(values, other),
  );
  if (!others.length) return;
  throw conflict(
    'SEGMENT_OVERLAP',
    `${segmentLabel(values)} overlaps ${others.map(segmentLabel).join(' and ')} of the same person on ${row.date}`,
    { segments: others },
  );
}

async function statusIdOf(executor: Executor, buId: string, code: string): Promise<string> {
  const id = (await activeAttendanceStatuses(executor, buId)).get(code.toUpperCase());
  if (!id) {
    throw businessRule('ATTENDANCE_STATUS_UNKNOWN', `No active attendance status "${code}"`, {
      errors: [{ path: '/statusCode', message: 'unknown or inactive status' }],
    });
  }
  return id;
}

/**
 * Applies an admin edit of one segment at once and puts it up for review: the first edit opens a pending
 * review with the values before it; a later edit while that review is pending extends it (its `before`
 * stays). An edit that changes nothing opens nothing. The other segments of the date are not touched; new
 * times that would overlap one of them are refused (409 `SEGMENT_OVERLAP`).
 */
export async function editRecord(
  deps: ServiceDeps,
  caller: Caller,
  id: string,
  body: AttendanceEdit,
): Promise<AttendanceRecord> {
  const { principal } = caller;
  assertTimes(body);
  const at = deps.now();
  await deps.db.transaction(async (tx) => {
    await lockUntilCommit(tx, attendanceLock(principal.buId));
    const row = await repo.findRecord(tx, principal.buId, id, true);
    if (!row || !scopeReaches(principal.scopeOf('attendance.edit'), row.departmentId)) {
      throw notFound('Attendance record');
    }
    assertVersion(caller.expectedVersion, row.version);
    const statusId = await statusIdOf(tx, principal.buId, body.statusCode);
    if (row.timeIn === body.Time_In && row.timeOut === body.Time_Out && row.statusId === statusId) return;
    await assertNoOverlap(tx, principal.buId, row, body);
    const before = valuesOf(row);
    const after: AttendanceValues = {
      Time_In: body.Time_In,
      Time_Out: body.Time_Out,
      statusCode: body.statusCode.toUpperCase(),
      source: 'edit',
    };
    const version = await repo.writeValues(
      tx,
      id,
      { timeIn: body.Time_In, timeOut: body.Time_Out, statusId, source: 'edit' },
      at,
    );
    const reason = body.reason ?? null;
    const pending = await reviewRepo.pendingReviewOf(tx, id);
    let reviewId: string;
    if (pending) {
      reviewId = pending.id;
      await reviewRepo.extendReview(tx, reviewId, {
        after,
        afterVersion: version,
        reason,
        editorId: principal.userId,
        at,
      });
    } else {
      reviewId = await reviewRepo.openReview(tx, {
        buId: principal.buId,
        recordId: id,
        before,
        after,
        afterVersion: version,
        reason,
        editorId: principal.userId,
        at,
      });
    }
    await repo.insertChange(tx, {
      buId: principal.buId,
      recordId: id,
      at,
      actorUserId: principal.userId,
      actorUsername: principal.username,
      action: 'edit',
      before,
      after,
      reviewId,
    });
    await recordAudit(tx, actorOf(caller), {
      action: 'attendance.edit',
      entityType: 'attendance_record',
      entityId: id,
      details: {
        segment: segmentOf(row, body.Time_In),
        before,
        after,
        reason,
        reviewId,
        extendedReview: pending !== null,
      },
    });
  });
  return recordView((await repo.findRecord(deps.db, principal.buId, id))!);
}

// ---- reviews

/** The names of who edited and who closed these reviews, by user id. */
const editorsOf = (executor: Executor, rows: readonly reviewRepo.ReviewRow[]) =>
  usernamesOf(
    executor,
    rows.flatMap((row) => [row.firstEditedBy, row.lastEditedBy, row.closedBy]),
  );

function reviewView(
  row: reviewRepo.ReviewRow,
  record: repo.RecordRow,
  usernames: ReadonlyMap<string, string>,
): AttendanceReview {
  const person = (id: string | null) => ({ id, username: (id && usernames.get(id)) ?? null });
  return {
    id: row.id,
    status: row.status,
    record: recordView(record),
    before: row.before as AttendanceValues,
    after: row.after as AttendanceValues,
    edits: row.edits,
    reason: row.reason,
    firstEditedBy: person(row.firstEditedBy),
    firstEditedAt: row.firstEditedAt.toISOString(),
    lastEditedBy: person(row.lastEditedBy),
    lastEditedAt: row.lastEditedAt.toISOString(),
    closedBy: row.closedBy ? person(row.closedBy) : null,
    closedAt: row.closedAt?.toISOString() ?? null,
    comment: row.comment,
    version: row.version,
  };
}

const reviewScope = (caller: Caller) => caller.principal.scopeOf('attendance.review');

export async function listPendingReviews(
  deps: ServiceDeps,
  caller: Caller,
  query: ReviewListQuery,
): Promise<Page<AttendanceReview>> {
  const { buId } = caller.principal;
  const { rows, total } = await reviewRepo.listPendingReviews(
    deps.db,
    buId,
    reviewScope(caller),
    query,
    query.pageSize,
    offsetOf(query),
  );
  const [found, usernames] = await Promise.all([
    repo.findRecords(
      deps.db,
      buId,
      rows.map((row) => row.recordId),
    ),
    editorsOf(deps.db, rows),
  ]);
  const records = new Map(found.map((record) => [record.id, record]));
  return pageOf(
    rows.map((row) => reviewView(row, records.get(row.recordId)!, usernames)),
    total,
    query,
  );
}

export async function countPendingReviews(deps: ServiceDeps, caller: Caller): Promise<{ count: number }> {
  return { count: await reviewRepo.countPending(deps.db, caller.principal.buId, reviewScope(caller)) };
}

/**
 * Loads a review for a decision under the unit's attendance lock, with its record locked first, then the
 * review (the order an edit takes them in), so a decision and an edit of the same record queue instead of
 * deadlocking.
 */
async function reviewForDecision(tx: Executor, caller: Caller, id: string) {
  const { buId } = caller.principal;
  await lockUntilCommit(tx, attendanceLock(buId));
  const unlocked = await reviewRepo.findReview(tx, buId, id);
  if (!unlocked) throw notFound('Attendance review');
  const record = await repo.findRecord(tx, buId, unlocked.recordId, true);
  if (!record || !scopeReaches(reviewScope(caller), record.departmentId)) throw notFound('Attendance review');
  const review = (await reviewRepo.findReview(tx, buId, id, true))!;
  if (review.status !== 'Pending') {
    throw conflict('ATTENDANCE_REVIEW_CLOSED', `The review is ${review.status} already`, {
      status: review.status,
    });
  }
  return { review, record };
}

async function reviewAnswer(deps: ServiceDeps, caller: Caller, id: string): Promise<AttendanceReview> {
  const { buId } = caller.principal;
  const review = (await reviewRepo.findReview(deps.db, buId, id))!;
  const [record, usernames] = await Promise.all([
    repo.findRecord(deps.db, buId, review.recordId),
    editorsOf(deps.db, [review]),
  ]);
  return reviewView(review, record!, usernames);
}

/** Accepts the edit as it stands and closes the review; nobody acknowledges an edit of their own. */
export async function acknowledgeReview(
  deps: ServiceDeps,
  caller: Caller,
  id: string,
  body: ReviewDecision,
): Promise<AttendanceReview> {
  const { principal } = caller;
  await deps.db.transaction(async (tx) => {
    const { review, record } = await reviewForDecision(tx, caller, id);
    if (review.editorIds.includes(principal.userId)) {
      throw businessRule(
        'OWN_ATTENDANCE_EDIT',
        'Nobody acknowledges an edit of their own; another reviewer does (or revert it)',
      );
    }
    await reviewRepo.closeReview(tx, id, {
      status: 'Acknowledged',
      by: principal.userId,
      at: deps.now(),
      comment: body.comment ?? null,
    });
    await recordAudit(tx, actorOf(caller), {
      action: 'attendance.review.acknowledge',
      entityType: 'attendance_review',
      entityId: id,
      details: { segment: segmentOf(record), before: review.before, after: review.after },
    });
  });
  return reviewAnswer(deps, caller, id);
}

/**
 * Restores the values from before the first edit and closes the review. A record changed since the
 * latest edit (by an import) is not overwritten: 409, and the review can still be acknowledged; nor are
 * values restored that would now overlap another segment of the date (409 `SEGMENT_OVERLAP`).
 */
export async function revertReview(
  deps: ServiceDeps,
  caller: Caller,
  id: string,
  body: ReviewDecision,
): Promise<AttendanceReview> {
  const { principal } = caller;
  const at = deps.now();
  await deps.db.transaction(async (tx) => {
    const { review, record } = await reviewForDecision(tx, caller, id);
    if (record.version !== review.afterVersion) {
      throw conflict(
        'ATTENDANCE_RECORD_CHANGED',
        'The record was changed after the edit under review (by an import); reverting would lose that change',
        { recordVersion: record.version },
      );
    }
    const before = review.before as AttendanceValues;
    await assertNoOverlap(tx, principal.buId, record, before);
    const statusId = await attendanceStatusIdByCode(tx, principal.buId, before.statusCode);
    if (!statusId)
      throw conflict('ATTENDANCE_STATUS_UNKNOWN', `The status ${before.statusCode} no longer exists`);
    await repo.writeValues(
      tx,
      record.id,
      { timeIn: before.Time_In, timeOut: before.Time_Out, statusId, source: before.source },
      at,
    );
    await repo.insertChange(tx, {
      buId: principal.buId,
      recordId: record.id,
      at,
      actorUserId: principal.userId,
      actorUsername: principal.username,
      action: 'revert',
      before: valuesOf(record),
      after: before,
      reviewId: id,
    });
    await reviewRepo.closeReview(tx, id, {
      status: 'Reverted',
      by: principal.userId,
      at,
      comment: body.comment ?? null,
    });
    await recordAudit(tx, actorOf(caller), {
      action: 'attendance.review.revert',
      entityType: 'attendance_review',
      entityId: id,
      details: {
        segment: segmentOf(record, before.Time_In),
        restored: before,
        replaced: valuesOf(record),
      },
    });
  });
  return reviewAnswer(deps, caller, id);
}
