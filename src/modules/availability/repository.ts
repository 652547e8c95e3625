import { and, asc, count, eq, gte, inArray, isNotNull, isNull, lte, or } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Executor } from '../../core/db/database.ts';
import {
  type PreferenceKind,
  shiftAssignments,
  unavailability,
  workPreferences,
} from '../../core/db/tables/index.ts';
import { departmentEmployeesAmong } from '../people/reads.ts';

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
  shiftTypeId: workPreferences.shiftTypeId,
};
/** A preference as stored: its shift type by id (lookups names it). */
export type StoredPreference = {
  id: string;
  employeeId: string;
  kind: PreferenceKind;
  date: string | null;
  weekdays: string[] | null;
  weight: number;
  createdAt: Date;
  shiftTypeId: string | null;
};

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
): Promise<StoredPreference[]> {
  if (!employeeIds.length) return [];
  return executor
    .select(preferenceColumns)
    .from(workPreferences)
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

/** The employees' live assignments between the dates, with their shift template. */
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
      shiftTemplateId: shiftAssignments.shiftTemplateId,
    })
    .from(shiftAssignments)
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
export function employeesWithWishes(
  executor: Executor,
  buId: string,
  departmentId: string,
  from: string,
  to: string,
  page: { offset: number; limit: number },
) {
  const hasWish = (employeeId: AnyPgColumn) =>
    or(
      inArray(
        employeeId,
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
        employeeId,
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
  return departmentEmployeesAmong(executor, buId, departmentId, hasWish, page);
}
