import { type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';

/** Which rows a permission reaches: the whole business unit, or the listed departments. */
export type DepartmentScope = { kind: 'unit' } | { kind: 'departments'; departmentIds: readonly string[] };

/**
 * The rows a department scope reaches, as a condition on their department column: all of them for a
 * unit-wide grant, the listed departments otherwise, none without a scope (null) or with an empty list.
 */
export function inDepartmentScope(column: AnyPgColumn | SQL, scope: DepartmentScope | null): SQL {
  if (!scope) return sql`false`;
  if (scope.kind === 'unit') return sql`true`;
  if (!scope.departmentIds.length) return sql`false`;
  return sql`${column} in (${sql.join(
    scope.departmentIds.map((id) => sql`${id}::uuid`),
    sql`, `,
  )})`;
}
