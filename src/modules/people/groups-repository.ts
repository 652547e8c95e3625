import { and, asc, count, eq, ilike, or, type SQL, sql } from 'drizzle-orm';
import type { DepartmentScope } from '../../core/auth/principal.ts';
import { containsPattern, type Executor } from '../../core/db/database.ts';
import { employeeRefColumns } from '../../core/db/employee-ref.ts';
import { paged } from '../../core/db/paging.ts';
import { inDepartmentScope } from '../../core/db/scope.ts';
import { employeeGroupMembers, employeeGroups, employees } from '../../core/db/tables/index.ts';
import { edited } from '../../core/db/versioned.ts';

/* The queries of employee groups and their members. */

const groupColumns = {
  id: employeeGroups.id,
  code: employeeGroups.code,
  nameEn: employeeGroups.nameEn,
  nameAr: employeeGroups.nameAr,
  description: employeeGroups.description,
  departmentId: employeeGroups.departmentId,
  memberCount: sql<number>`(select count(*)::int from ${employeeGroupMembers} m where m.group_id = ${employeeGroups.id})`,
  version: employeeGroups.version,
  createdAt: employeeGroups.createdAt,
  updatedAt: employeeGroups.updatedAt,
};

export type GroupRow = Awaited<ReturnType<typeof findGroup>> & {};

/** Groups of a department in scope; unit-wide groups (no department) only to a unit-wide grant. */
const groupInScope = (buId: string, scope: DepartmentScope, ...more: (SQL | undefined)[]) =>
  and(eq(employeeGroups.buId, buId), inDepartmentScope(employeeGroups.departmentId, scope), ...more);

export function listGroups(
  executor: Executor,
  buId: string,
  scope: DepartmentScope,
  filters: { q?: string; departmentId?: string },
  limit: number,
  offset: number,
) {
  const like = filters.q ? containsPattern(filters.q) : undefined;
  const condition = groupInScope(
    buId,
    scope,
    like
      ? or(
          ilike(employeeGroups.code, like),
          ilike(employeeGroups.nameEn, like),
          ilike(employeeGroups.nameAr, like),
        )
      : undefined,
    filters.departmentId ? eq(employeeGroups.departmentId, filters.departmentId) : undefined,
  );
  return paged(
    executor
      .select(groupColumns)
      .from(employeeGroups)
      .where(condition)
      .orderBy(asc(employeeGroups.code))
      .limit(limit)
      .offset(offset),
    executor.select({ n: count() }).from(employeeGroups).where(condition),
  );
}

export async function findGroup(
  executor: Executor,
  buId: string,
  scope: DepartmentScope,
  id: string,
  forUpdate = false,
) {
  const query = executor
    .select(groupColumns)
    .from(employeeGroups)
    .where(groupInScope(buId, scope, eq(employeeGroups.id, id)));
  const [row] = await (forUpdate ? query.for('update') : query);
  return row;
}

/** The new group's id, or undefined when the unit has a group of that code already. */
export async function insertGroup(
  executor: Executor,
  buId: string,
  values: {
    code: string;
    nameEn: string;
    nameAr: string;
    description: string | null;
    departmentId: string | null;
  },
) {
  const [row] = await executor
    .insert(employeeGroups)
    .values({ buId, ...values })
    .onConflictDoNothing({ target: [employeeGroups.buId, employeeGroups.code] })
    .returning({ id: employeeGroups.id });
  return row?.id;
}

/** Writes the values given (none: only the version and stamp, as a member change does). */
export const updateGroup = (
  executor: Executor,
  buId: string,
  id: string,
  at: Date,
  values: { nameEn: string; nameAr: string; description: string | null } | Record<string, never> = {},
) =>
  executor
    .update(employeeGroups)
    .set(edited(employeeGroups, values, at))
    .where(and(eq(employeeGroups.buId, buId), eq(employeeGroups.id, id)));

export const deleteGroup = (executor: Executor, buId: string, id: string) =>
  executor.delete(employeeGroups).where(and(eq(employeeGroups.buId, buId), eq(employeeGroups.id, id)));

const members = (
  executor: Executor,
  buId: string,
  scope: DepartmentScope,
  groupId: string,
  employeeId?: string,
) => {
  const condition = and(
    eq(employees.buId, buId),
    eq(employeeGroupMembers.groupId, groupId),
    inDepartmentScope(employees.departmentId, scope),
    employeeId === undefined ? undefined : eq(employeeGroupMembers.employeeId, employeeId),
  );
  return {
    rows: executor
      .select({ ...employeeRefColumns, addedAt: employeeGroupMembers.addedAt })
      .from(employeeGroupMembers)
      .innerJoin(employees, eq(employees.id, employeeGroupMembers.employeeId))
      .where(condition)
      .orderBy(asc(employees.employeeNumber)),
    count: executor
      .select({ n: count() })
      .from(employeeGroupMembers)
      .innerJoin(employees, eq(employees.id, employeeGroupMembers.employeeId))
      .where(condition),
  };
};

export type MemberRow = Awaited<ReturnType<typeof memberOf>> & {};

export function membersOf(
  executor: Executor,
  buId: string,
  scope: DepartmentScope,
  groupId: string,
  limit: number,
  offset: number,
) {
  const query = members(executor, buId, scope, groupId);
  return paged(query.rows.limit(limit).offset(offset), query.count);
}

export async function memberOf(executor: Executor, buId: string, groupId: string, employeeId: string) {
  const [row] = await members(executor, buId, { kind: 'unit' }, groupId, employeeId).rows;
  return row;
}

export async function addMember(executor: Executor, groupId: string, employeeId: string) {
  const added = await executor
    .insert(employeeGroupMembers)
    .values({ groupId, employeeId })
    .onConflictDoNothing()
    .returning({ addedAt: employeeGroupMembers.addedAt });
  return added.length > 0;
}

export async function removeMember(executor: Executor, groupId: string, employeeId: string) {
  const removed = await executor
    .delete(employeeGroupMembers)
    .where(and(eq(employeeGroupMembers.groupId, groupId), eq(employeeGroupMembers.employeeId, employeeId)))
    .returning({ groupId: employeeGroupMembers.groupId });
  return removed.length > 0;
}
