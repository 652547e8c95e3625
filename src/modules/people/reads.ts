import { and, eq, gte, inArray, lte, type SQL, sql } from 'drizzle-orm';
import { type AnyPgColumn, QueryBuilder } from 'drizzle-orm/pg-core';
import type { DepartmentScope } from '../../core/auth/principal.ts';
import { type Executor, uuidList } from '../../core/db/database.ts';
import { employeeRefPage } from '../../core/db/employee-ref.ts';
import { inDepartmentScope } from '../../core/db/scope.ts';
import { certifications, employeeSkills, employees } from '../../core/db/tables/index.ts';

/* What other modules read of the people: their read functions over people's tables. */

/** Whether the unit has an employee of this id. */
export async function isEmployee(executor: Executor, buId: string, employeeId: string): Promise<boolean> {
  const [row] = await executor
    .select({ id: employees.id })
    .from(employees)
    .where(and(eq(employees.id, employeeId), eq(employees.buId, buId)));
  return row !== undefined;
}

/** The unit's employees of these numbers: id, number and English name. */
export function employeesByNumbers(executor: Executor, buId: string, numbers: readonly string[]) {
  if (!numbers.length) return Promise.resolve([]);
  return executor
    .select({ id: employees.id, employeeNumber: employees.employeeNumber, nameEn: employees.nameEn })
    .from(employees)
    .where(
      and(
        eq(employees.buId, buId),
        // One JSON parameter for an import's batch of any length (`inArray` binds one per number).
        sql`${employees.employeeNumber} = any(array(select jsonb_array_elements_text(${JSON.stringify(numbers)}::jsonb)))`,
      ),
    );
}

/** The numbers of these employees of the unit, by id. */
export async function employeeNumbersOf(executor: Executor, buId: string, ids: readonly string[]) {
  if (!ids.length) return new Map<string, string>();
  const rows = await executor
    .select({ id: employees.id, employeeNumber: employees.employeeNumber })
    .from(employees)
    .where(and(eq(employees.buId, buId), sql`${employees.id} = any(${uuidList(ids)})`));
  return new Map(rows.map((row) => [row.id, row.employeeNumber]));
}

/** Locks the employee's row (a caller's one change at a time per employee): its department; null when the unit has none. */
export async function lockEmployee(tx: Executor, buId: string, employeeId: string) {
  const [row] = await tx
    .select({ id: employees.id, departmentId: employees.departmentId })
    .from(employees)
    .where(and(eq(employees.buId, buId), eq(employees.id, employeeId)))
    .for('update');
  return row ?? null;
}

/** The employee's unit and department, by id alone (a resolver that learns the unit from the employee). */
export async function unitAndDepartmentOf(executor: Executor, employeeId: string) {
  const [row] = await executor
    .select({ buId: employees.buId, departmentId: employees.departmentId })
    .from(employees)
    .where(eq(employees.id, employeeId));
  return row ?? null;
}

/**
 * A page of the department's employees that `among` lets through (a condition on their id, the caller's
 * own subquery), by employee number, as answers name them, with the count of all.
 */
export const departmentEmployeesAmong = (
  executor: Executor,
  buId: string,
  departmentId: string,
  among: (employeeId: AnyPgColumn) => SQL | undefined,
  page: { offset: number; limit: number },
) =>
  employeeRefPage(
    executor,
    and(eq(employees.buId, buId), eq(employees.departmentId, departmentId), among(employees.id)),
    page.limit,
    page.offset,
  );

/** Which skills each of these employees of the unit holds, by skill id. */
export async function skillHoldingsOf(executor: Executor, buId: string, employeeIds: readonly string[]) {
  if (!employeeIds.length) return [];
  return executor
    .select({ employeeId: employeeSkills.employeeId, skillId: employeeSkills.skillId })
    .from(employeeSkills)
    .where(and(eq(employeeSkills.buId, buId), inArray(employeeSkills.employeeId, [...employeeIds])));
}

/** The grade of each of these employees of the unit, by id (null for one without a grade). */
export async function gradeIdsOf(executor: Executor, buId: string, employeeIds: readonly string[]) {
  if (!employeeIds.length) return [];
  return executor
    .select({ id: employees.id, gradeId: employees.gradeId })
    .from(employees)
    .where(and(eq(employees.buId, buId), inArray(employees.id, [...new Set(employeeIds)])));
}

/**
 * That an employee column (or a raw query's column) names an employee that passes `where`: a subquery, so
 * the caller's query filters and counts in one statement (`inArray`'s own SQL, which types only columns).
 */
const amongEmployees = (column: AnyPgColumn | SQL, where: SQL | undefined): SQL =>
  sql`${column} in ${new QueryBuilder().select({ id: employees.id }).from(employees).where(where)}`;

/** That an employee column names an employee the scope reaches (and of the department, when one is given). */
export const ofEmployeesInScope = (
  column: AnyPgColumn | SQL,
  scope: DepartmentScope | null,
  departmentId?: string,
) =>
  amongEmployees(
    column,
    and(
      inDepartmentScope(employees.departmentId, scope),
      departmentId ? eq(employees.departmentId, departmentId) : undefined,
    ),
  );

/** That an employee column names an employee of the department. */
export const ofEmployeesOfDepartment = (column: AnyPgColumn, departmentId: string) =>
  amongEmployees(column, eq(employees.departmentId, departmentId));

/**
 * The employees as a subquery another module's list joins to, where it filters or sorts by them (a page
 * stays one statement): id, number, both names, department.
 */
export const employeesToJoin = new QueryBuilder()
  .select({
    id: employees.id,
    employeeNumber: employees.employeeNumber,
    nameEn: employees.nameEn,
    nameAr: employees.nameAr,
    departmentId: employees.departmentId,
  })
  .from(employees)
  .as('staff');

/** The employee's home department, as a subquery of the caller's statement (given as SQL, nothing bound). */
export const homeDepartmentOf = (buId: SQL, employeeId: SQL): SQL =>
  sql`select ${employees.departmentId} from ${employees}
                 where ${employees.buId} = ${buId} and ${employees.id} = ${employeeId}`;

/** The unit's Active certifications that expire from `today` to `until`, of every department. */
export async function certificationsExpiring(executor: Executor, buId: string, today: string, until: string) {
  const rows = await executor
    .select({
      id: certifications.id,
      employeeId: certifications.employeeId,
      certificationCode: certifications.certificationCode,
      expiresOn: certifications.expiresOn,
    })
    .from(certifications)
    .where(
      and(
        eq(certifications.buId, buId),
        eq(certifications.status, 'Active'),
        gte(certifications.expiresOn, today),
        lte(certifications.expiresOn, until),
      ),
    );
  return rows.flatMap(({ expiresOn, ...row }) => (expiresOn ? [{ ...row, expiresOn }] : []));
}
