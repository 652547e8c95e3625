import { and, asc, count, eq, gte, inArray, isNotNull, isNull, lte, or } from 'drizzle-orm';
import type { Executor } from '../../core/db/database.ts';
import { employeeRefColumns } from '../../core/db/employee-ref.ts';
import { paged } from '../../core/db/paging.ts';
import {
  employees,
  orgNodes,
  type PreferenceKind,
  shiftAssignments,
  shiftTemplates,
  shiftTypes,
  unavailability,
  workPreferences,
} from '../../core/db/tables/index.ts';

/* All SQL of availability and wishes; every read is filtered by the business unit. */

const unavailabilityColumns = {
  id: unavailability.id,
  employeeId: unavailability.employeeId,
  from: unavailability.fromDate,
  to: unavailability.toDate,
  weekdays: unavailability.weekdays,
  reason: unavailability.reason,
  createdAt: unavailability.createdAt,
};
export type UnavailabilityRow = {
  id: string;
  employeeId: string;
  from: string;
  to: string;
  weekdays: string[] | null;
  reason: string;
  createdAt: Date;
};

const preferenceColumns = {
  id: workPreferences.id,
  employeeId: workPreferences.employeeId,
  kind: workPreferences.kind,
  date: workPreferences.date,
  weekdays: workPreferences.weekdays,
  weight: workPreferences.weight,
  createdAt: workPreferences.createdAt,
  shiftTypeId: shiftTypes.id,
  shiftTypeCode: shiftTypes.code,
  shiftTypeNameEn: shiftTypes.nameEn,
  shiftTypeNameAr: shiftTypes.nameAr,
};
export type PreferenceRow = {
  id: string;
  employeeId: string;
  kind: PreferenceKind;
  date: string | null;
  weekdays: string[] | null;
  weight: number;
  createdAt: Date;
  shiftTypeId: string | null;
  shiftTypeCode: string | null;
  shiftTypeNameEn: string | null;
  shiftTypeNameAr: string | null;
};

/** Locks the employee's row: one wish at a time per employee, so the monthly limit holds under races. */
export async function lockEmployee(tx: Executor, buId: string, employeeId: string) {
  const [row] = await tx
    .select({ id: employees.id })
    .from(employees)
    .where(and(eq(employees.buId, buId), eq(employees.id, employeeId)))
    .for('update');
  return row ?? null;
}

/** Unavailability of the employees that touches the dates. */
export async function unavailabilityOf(
  executor: Executor,
  buId: string,
  employeeIds: readonly string[],
  from: string,
  to: string,
): Promise<UnavailabilityRow[]> {
  if (!employeeIds.length) return [];
  return executor
    .select(unavailabilityColumns)
    .from(unavailability)
    .where(
      and(
        eq(unavailability.buId, buId),
        inArray(unavailability.employeeId, [...employeeIds]),
        lte(unavailability.fromDate, to),
        gte(unavailability.toDate, from),
      ),
    )
    .orderBy(asc(unavailability.fromDate), asc(unavailability.id));
}

/** Preferences of the employees that may apply between the dates: dated ones within, and every weekly one. */
export async function preferencesOf(
  executor: Executor,
  buId: string,
  employeeIds: readonly string[],
  from: string,
  to: string,
): Promise<PreferenceRow[]> {
  if (!employeeIds.length) return [];
  return executor
    .select(preferenceColumns)
    .from(workPreferences)
    .leftJoin(shiftTypes, eq(shiftTypes.id, workPreferences.shiftTypeId))
    .where(
      and(
        eq(workPreferences.buId, buId),
        inArray(workPreferences.employeeId, [...employeeIds]),
        or(isNull(workPreferences.date), and(gte(workPreferences.date, from), lte(workPreferences.date, to))),
      ),
    )
    .orderBy(asc(workPreferences.date), asc(workPreferences.createdAt), asc(workPreferences.id));
}

/** Preferences that still apply from `today` on (weekly ones, and dated ones not past). */
export async function heldPreferences(executor: Executor, buId: string, employeeId: string, today: string) {
  return executor
    .select(preferenceColumns)
    .from(workPreferences)
    .leftJoin(shiftTypes, eq(shiftTypes.id, workPreferences.shiftTypeId))
    .where(
      and(
        eq(workPreferences.buId, buId),
        eq(workPreferences.employeeId, employeeId),
        or(isNull(workPreferences.date), gte(workPreferences.date, today)),
      ),
    )
    .orderBy(asc(workPreferences.date), asc(workPreferences.createdAt), asc(workPreferences.id));
}

export async function countHeldPreferences(
  executor: Executor,
  buId: string,
  employeeId: string,
  today: string,
) {
  const [row] = await executor
    .select({ n: count() })
    .from(workPreferences)
    .where(
      and(
        eq(workPreferences.buId, buId),
        eq(workPreferences.employeeId, employeeId),
        or(isNull(workPreferences.date), gte(workPreferences.date, today)),
      ),
    );
  return row?.n ?? 0;
}

export async function insertUnavailability(
  tx: Executor,
  row: typeof unavailability.$inferInsert,
): Promise<UnavailabilityRow> {
  const [created] = await tx.insert(unavailability).values(row).returning(unavailabilityColumns);
  return created!;
}

export async function insertPreference(tx: Executor, row: typeof workPreferences.$inferInsert) {
  const [created] = await tx.insert(workPreferences).values(row).returning({ id: workPreferences.id });
  return created!.id;
}

export async function preferenceById(executor: Executor, buId: string, employeeId: string, id: string) {
  const [row] = await executor
    .select(preferenceColumns)
    .from(workPreferences)
    .leftJoin(shiftTypes, eq(shiftTypes.id, workPreferences.shiftTypeId))
    .where(
      and(
        eq(workPreferences.buId, buId),
        eq(workPreferences.employeeId, employeeId),
        eq(workPreferences.id, id),
      ),
    );
  return row ?? null;
}

/** Deletes the employee's own row; false when there is none (another's, another unit's, or gone). */
export async function deleteUnavailability(tx: Executor, buId: string, employeeId: string, id: string) {
  const rows = await tx
    .delete(unavailability)
    .where(
      and(
        eq(unavailability.buId, buId),
        eq(unavailability.employeeId, employeeId),
        eq(unavailability.id, id),
      ),
    )
    .returning(unavailabilityColumns);
  return rows[0] ?? null;
}

export async function deletePreference(tx: Executor, buId: string, employeeId: string, id: string) {
  const rows = await tx
    .delete(workPreferences)
    .where(
      and(
        eq(workPreferences.buId, buId),
        eq(workPreferences.employeeId, employeeId),
        eq(workPreferences.id, id),
      ),
    )
    .returning({ id: workPreferences.id, kind: workPreferences.kind });
  return rows[0] ?? null;
}

export async function shiftTypeOf(executor: Executor, buId: string, id: string) {
  const [row] = await executor
    .select({ id: shiftTypes.id })
    .from(shiftTypes)
    .where(and(eq(shiftTypes.buId, buId), eq(shiftTypes.id, id)));
  return row ?? null;
}

/** The employees' live assignments between the dates, with their shift type's code. */
export async function liveWorkOf(
  executor: Executor,
  buId: string,
  employeeIds: readonly string[],
  from: string,
  to: string,
) {
  if (!employeeIds.length) return [];
  return executor
    .select({
      employeeId: shiftAssignments.employeeId,
      date: shiftAssignments.date,
      shiftTypeCode: shiftTypes.code,
    })
    .from(shiftAssignments)
    .innerJoin(shiftTemplates, eq(shiftTemplates.id, shiftAssignments.shiftTemplateId))
    .leftJoin(shiftTypes, eq(shiftTypes.id, shiftTemplates.shiftTypeId))
    .where(
      and(
        eq(shiftAssignments.buId, buId),
        inArray(shiftAssignments.employeeId, [...employeeIds]),
        gte(shiftAssignments.date, from),
        lte(shiftAssignments.date, to),
      ),
    )
    .orderBy(asc(shiftAssignments.date));
}

/** A page of the department's employees who state any wish touching the dates, by employee number. */
export async function employeesWithWishes(
  executor: Executor,
  buId: string,
  departmentId: string,
  from: string,
  to: string,
  page: { offset: number; limit: number },
) {
  const hasWish = or(
    inArray(
      employees.id,
      executor
        .select({ id: unavailability.employeeId })
        .from(unavailability)
        .where(
          and(
            eq(unavailability.buId, buId),
            lte(unavailability.fromDate, to),
            gte(unavailability.toDate, from),
          ),
        ),
    ),
    inArray(
      employees.id,
      executor
        .select({ id: workPreferences.employeeId })
        .from(workPreferences)
        .where(
          and(
            eq(workPreferences.buId, buId),
            or(
              isNotNull(workPreferences.weekdays),
              and(gte(workPreferences.date, from), lte(workPreferences.date, to)),
            ),
          ),
        ),
    ),
  );
  const where = and(eq(employees.buId, buId), eq(employees.departmentId, departmentId), hasWish);
  return paged(
    executor
      .select(employeeRefColumns)
      .from(employees)
      .where(where)
      .orderBy(asc(employees.employeeNumber))
      .offset(page.offset)
      .limit(page.limit),
    executor.select({ n: count() }).from(employees).where(where),
  );
}

export async function departmentExists(executor: Executor, buId: string, departmentId: string) {
  const [row] = await executor
    .select({ id: orgNodes.id })
    .from(orgNodes)
    .where(and(eq(orgNodes.buId, buId), eq(orgNodes.id, departmentId)));
  return row !== undefined;
}
