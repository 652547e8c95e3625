import { and, eq, inArray } from 'drizzle-orm';
import type { Executor } from './database.ts';
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
