import { and, count, eq, inArray, type SQL } from 'drizzle-orm';
import type { Executor } from './database.ts';
import { paged } from './paging.ts';
import { employees } from './tables/index.ts';

/** An employee as answers name them: id, number, both names, department. */
export const employeeRefColumns = {
  id: employees.id,
  employeeNumber: employees.employeeNumber,
  Name_1_English: employees.nameEn,
  Name_2_Arabic: employees.nameAr,
  departmentId: employees.departmentId,
};

/** Employees of the unit by id, as answers name them (ids of other units find nothing). */
export async function employeeRefsOf(executor: Executor, buId: string, ids: readonly string[]) {
  if (!ids.length) return [];
  return executor
    .select(employeeRefColumns)
    .from(employees)
    .where(and(eq(employees.buId, buId), inArray(employees.id, [...new Set(ids)])));
}

/** A page of the unit's employees that pass `where`, by number, as answers name them, with the count of all. */
export function employeeRefPage(executor: Executor, where: SQL | undefined, limit: number, offset: number) {
  return paged(
    executor
      .select(employeeRefColumns)
      .from(employees)
      .where(where)
      .orderBy(employees.employeeNumber)
      .limit(limit)
      .offset(offset),
    executor.select({ n: count() }).from(employees).where(where),
  );
}
