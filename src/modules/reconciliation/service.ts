import { actorOf, recordAudit } from '../../core/audit/record.ts';
import type { Caller } from '../../core/auth/caller.ts';
import { type Executor, lockUntilCommit } from '../../core/db/database.ts';
import { assertDateRange } from '../../core/http/date-range.ts';
import { AppError, conflict } from '../../core/http/errors.ts';
import { offsetOf, type Page, pageOf } from '../../core/http/pagination.ts';
import type { ServiceDeps } from '../../core/module-context.ts';
import { addDays, businessDate } from '../../core/time/dates.ts';
import { usernamesOf } from '../identity/reads.ts';
import { notify } from '../notifications/service.ts';
import { readSettings } from '../settings/service.ts';
import * as repo from './repository.ts';
import {
  type ExceptionListQuery,
  type ExceptionValidation,
  MAX_RANGE_DAYS,
  type PendingExceptionCountQuery,
  type ReconciliationException,
  type Variance,
  type VarianceQuery,
} from './schemas.ts';

const VIEW = 'reconciliation.view';
const DEFAULT_RANGE_DAYS = 30;

interface Range {
  from: string;
  to: string;
}

/** The range asked for, by default the 31 days up to yesterday in the unit's time zone. */
async function rangeOf(deps: ServiceDeps, buId: string, query: Partial<Range>) {
  const { settings } = await readSettings(deps.db, buId);
  const today = businessDate(deps.now(), settings.timezone);
  const to = query.to ?? (query.from && query.from >= today ? query.from : addDays(today, -1));
  const from = query.from ?? addDays(to, -DEFAULT_RANGE_DAYS);
  assertDateRange(from, to, { days: MAX_RANGE_DAYS, what: 'A reconciliation range' });
  return { from, to, today, toleranceMinutes: settings['reconciliation.toleranceMinutes'] };
}

/**
 * Brings the exceptions of the range's closed dates (before today) up to date with their inputs. Only
 * stale dates are recomputed, under a lock per unit, so polling a range nothing changed in costs one read.
 */
async function reconcile(
  deps: ServiceDeps,
  buId: string,
  range: Range & { today: string; toleranceMinutes: number },
): Promise<void> {
  const last = range.to < range.today ? range.to : addDays(range.today, -1);
  if (last < range.from) return;
  const stale = await repo.daysToReconcile(deps.db, buId, range.from, last, range.toleranceMinutes);
  if (!stale.length) return;
  await repo.withHashJoins(deps.db, async (tx) => {
    await lockUntilCommit(tx, `reconciliation:${buId}`);
    // Read again under the lock (another request may have done them), and before computing: see repo.
    const days = await repo.daysToReconcile(tx, buId, range.from, last, range.toleranceMinutes);
    if (days.length) await repo.reconcileDays(tx, buId, days, range.toleranceMinutes);
  });
}

/** The exceptions as answers show them, who validated each named through identity. */
async function exceptionViews(
  executor: Executor,
  rows: readonly repo.ExceptionRow[],
): Promise<ReconciliationException[]> {
  const usernames = await usernamesOf(
    executor,
    rows.map((row) => row.exception.validatedBy),
  );
  return rows.map((row) => exceptionView(row, usernames));
}

const exceptionView = (
  { exception: row, employeeNumber, nameEn, nameAr }: repo.ExceptionRow,
  usernames: ReadonlyMap<string, string>,
): ReconciliationException => ({
  id: row.id,
  kind: row.kind as ReconciliationException['kind'],
  date: row.date,
  employee: { id: row.employeeId, employeeNumber, Name_1_English: nameEn, Name_2_Arabic: nameAr },
  departmentId: row.departmentId,
  plannedShift: row.shiftTemplateId
    ? {
        shiftTemplateId: row.shiftTemplateId,
        code: row.shiftCode!,
        terminalCode: row.terminalCode!,
        start: row.plannedStart!,
        end: row.plannedEnd!,
      }
    : null,
  workedShift: row.workedShiftTemplateId
    ? {
        shiftTemplateId: row.workedShiftTemplateId,
        code: row.workedShiftCode!,
        start: row.workedStart!,
        end: row.workedEnd!,
      }
    : null,
  Time_In: row.timeIn,
  Time_Out: row.timeOut,
  minutes: row.minutes,
  status: row.status,
  resolution: row.resolution as ReconciliationException['resolution'],
  comment: row.comment,
  validatedBy: row.validatedBy
    ? { id: row.validatedBy, username: usernames.get(row.validatedBy) ?? null }
    : null,
  validatedAt: row.validatedAt?.toISOString() ?? null,
  detectedAt: row.detectedAt.toISOString(),
});

export async function listExceptions(
  deps: ServiceDeps,
  caller: Caller,
  query: ExceptionListQuery,
): Promise<Page<ReconciliationException> & Range> {
  const { buId } = caller.principal;
  const range = await rangeOf(deps, buId, query);
  await reconcile(deps, buId, range);
  const { rows, total } = await repo.listExceptions(
    deps.db,
    buId,
    caller.principal.scopeOf(VIEW),
    { ...query, from: range.from, to: range.to },
    query.pageSize,
    offsetOf(query),
  );
  return { ...pageOf(await exceptionViews(deps.db, rows), total, query), from: range.from, to: range.to };
}

export async function pendingCount(deps: ServiceDeps, caller: Caller, query: PendingExceptionCountQuery) {
  const { buId } = caller.principal;
  const range = await rangeOf(deps, buId, query);
  await reconcile(deps, buId, range);
  const count = await repo.countExceptions(deps.db, buId, caller.principal.scopeOf(VIEW), {
    ...query,
    from: range.from,
    to: range.to,
    status: 'OPEN',
  });
  return { count, from: range.from, to: range.to };
}

/**
 * Validates every listed exception or none: an id the caller cannot see is 404 (listing them), one
 * validated already is 409 `EXCEPTION_ALREADY_VALIDATED`.
 */
export async function validate(deps: ServiceDeps, caller: Caller, body: ExceptionValidation) {
  const { principal } = caller;
  const comment = body.comment?.trim() || null;
  const items = await deps.db.transaction(async (tx) => {
    const found = await repo.exceptionsForValidation(
      tx,
      principal.buId,
      principal.scopeOf('reconciliation.validate'),
      body.ids,
    );
    const known = new Set(found.map((row) => row.id));
    const unknownIds = body.ids.filter((id) => !known.has(id));
    if (unknownIds.length) {
      throw new AppError(404, 'NOT_FOUND', 'Some reconciliation exceptions were not found', {
        ids: unknownIds,
      });
    }
    const decided = found.filter((row) => row.status !== 'OPEN').map((row) => row.id);
    if (decided.length) {
      throw conflict('EXCEPTION_ALREADY_VALIDATED', 'Some exceptions were validated already', {
        ids: decided,
      });
    }
    const validated = await repo.validateExceptions(tx, body.ids, {
      resolution: body.resolution,
      comment,
      validatedBy: principal.userId,
      validatedAt: deps.now(),
    });
    await recordAudit(tx, actorOf(caller), {
      action: 'reconciliation.validate',
      entityType: 'reconciliation_exception',
      entityId: body.ids.length === 1 ? body.ids[0] : undefined,
      details: { ids: body.ids, resolution: body.resolution, comment },
    });
    // Each employee is told of the verdict on their own exceptions (issue 55), once per exception.
    await notify(
      tx,
      validated.map(({ exception }) => ({
        buId: principal.buId,
        employeeIds: [exception.employeeId],
        kind: 'ATTENDANCE_EXCEPTION_VALIDATED' as const,
        data: {
          shiftDate: exception.date,
          exceptionKind: exception.kind as ReconciliationException['kind'],
          resolution: body.resolution,
          comment,
        },
        key: `reconciliation-exception:${exception.id}`,
      })),
    );
    return validated;
  });
  return { validated: items.length, items: await exceptionViews(deps.db, items) };
}

/** Required against planned against actual per date × terminal × shift, in a scope. */
export async function variance(deps: ServiceDeps, caller: Caller, query: VarianceQuery): Promise<Variance> {
  const { buId } = caller.principal;
  const range = await rangeOf(deps, buId, query);
  const rows = await repo.withHashJoins(deps.db, (tx) =>
    repo.varianceRows(tx, buId, caller.principal.scopeOf(VIEW), {
      ...range,
      departmentId: query.departmentId,
    }),
  );
  const lines = rows.map((row) => ({
    date: row.date,
    departmentId: row.departmentId,
    terminal: {
      id: row.terminalId,
      code: row.terminalCode,
      nameEn: row.terminalNameEn,
      nameAr: row.terminalNameAr,
    },
    shift: {
      id: row.shiftTemplateId,
      code: row.shiftCode,
      nameEn: row.shiftNameEn,
      nameAr: row.shiftNameAr,
    },
    required: row.required,
    planned: row.planned,
    actual: row.actual,
    plannedGap: row.planned - row.required,
    attendanceGap: row.actual - row.planned,
  }));
  const totals = { required: 0, planned: 0, actual: 0 };
  for (const line of lines) {
    totals.required += line.required;
    totals.planned += line.planned;
    totals.actual += line.actual;
  }
  return { from: range.from, to: range.to, lines, totals };
}

export interface Utilization extends Range {
  departments: {
    departmentId: string | null;
    plannedHours: number;
    actualHours: number;
    utilization: number | null;
  }[];
  overall: { plannedHours: number; actualHours: number; utilization: number | null };
}

const ratio = (actual: number, planned: number) =>
  planned > 0 ? Math.round((actual / planned) * 10_000) / 10_000 : null;

/** Actual ÷ planned hours over a range, per department and overall (null where nothing was planned). */
export async function utilization(
  deps: ServiceDeps,
  caller: Caller,
  query: Partial<Range> & { departmentId?: string },
): Promise<Utilization> {
  const { buId } = caller.principal;
  const range = await rangeOf(deps, buId, query);
  const rows = await repo.withHashJoins(deps.db, (tx) =>
    repo.utilizationRows(tx, buId, caller.principal.scopeOf(VIEW), {
      ...range,
      departmentId: query.departmentId,
    }),
  );
  let plannedHours = 0;
  let actualHours = 0;
  for (const row of rows) {
    plannedHours += row.plannedHours;
    actualHours += row.actualHours;
  }
  plannedHours = Math.round(plannedHours * 100) / 100;
  actualHours = Math.round(actualHours * 100) / 100;
  return {
    from: range.from,
    to: range.to,
    departments: rows.map((row) => ({ ...row, utilization: ratio(row.actualHours, row.plannedHours) })),
    overall: { plannedHours, actualHours, utilization: ratio(actualHours, plannedHours) },
  };
}
