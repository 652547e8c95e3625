import { and, count, eq, gte, ilike, inArray, isNotNull, isNull, ne, or, sql } from 'drizzle-orm';
import type { Executor } from '../../core/db/database.ts';
import { containsPattern, queryRows } from '../../core/db/database.ts';
import { jsonList } from '../../core/db/json.ts';
import { permissions, rolePermissions, roles, userRoles, users } from '../../core/db/tables/index.ts';
import { edited } from '../../core/db/versioned.ts';
import { NO_PASSWORD_YET } from './passwords.ts';

export type UserRow = typeof users.$inferSelect;
export type RoleRow = typeof roles.$inferSelect;

const live = isNull(users.deletedAt);

export async function findUserByUsername(executor: Executor, username: string): Promise<UserRow | undefined> {
  const [row] = await executor
    .select()
    .from(users)
    .where(and(sql`lower(${users.username}) = lower(${username})`, live));
  return row;
}

export async function findUser(executor: Executor, buId: string, id: string): Promise<UserRow | undefined> {
  const [row] = await executor
    .select()
    .from(users)
    .where(and(eq(users.id, id), eq(users.buId, buId), live));
  return row;
}

export async function findUserForUpdate(
  executor: Executor,
  buId: string,
  id: string,
): Promise<UserRow | undefined> {
  const [row] = await executor
    .select()
    .from(users)
    .where(and(eq(users.id, id), eq(users.buId, buId), live))
    .for('update');
  return row;
}

/** What a user's record shows of the account (see `userView`): the list reads no more than this. */
export type UserFields = Pick<
  UserRow,
  | 'id'
  | 'username'
  | 'displayName'
  | 'email'
  | 'phone'
  | 'preferredLanguage'
  | 'employeeId'
  | 'mustChangePassword'
  | 'lastLoginAt'
  | 'version'
  | 'failedLoginCount'
  | 'lockoutUntil'
  | 'lockedByAdmin'
  | 'createdAt'
  | 'updatedAt'
>;

/** A user of the list with their grants, by role code, then age, then id (as `grantsOfUsers` orders them). */
export type ListedUser = UserFields & { roles: StoredGrant[] };

/** A row of the list's raw SQL: both drivers answer its timestamps as text (drizzle maps them in its own selects). */
type ListedUserText = Omit<ListedUser, 'lastLoginAt' | 'lockoutUntil' | 'createdAt' | 'updatedAt'> & {
  lastLoginAt: string | null;
  lockoutUntil: string | null;
  createdAt: string;
  updatedAt: string;
  listTotal: number;
};

const instant = (text: string | null) => (text === null ? null : new Date(text));

/** A grant's columns as a user's record shows it (`UserGrant`). */
const grantColumns = {
  userRoleId: userRoles.id,
  roleId: roles.id,
  roleCode: roles.code,
  roleName: roles.name,
  departmentId: userRoles.departmentId,
  effectiveFrom: userRoles.effectiveFrom,
  effectiveTo: userRoles.effectiveTo,
};

/** The grants of the user of the enclosing query over `users`, as a JSON array of `StoredGrant`. */
const grantsOfUser = jsonList(
  grantColumns,
  sql`from ${userRoles}
    join ${roles} on ${roles.id} = ${userRoles.roleId}
   where ${userRoles.userId} = ${users.id}`,
  sql`${roles.code}, ${userRoles.createdAt}, ${userRoles.id}`,
);

export async function listUsers(
  executor: Executor,
  buId: string,
  filter: { q?: string; locked?: boolean; awaitingFirstPassword?: boolean },
  limit: number,
  offset: number,
): Promise<{ rows: ListedUser[]; total: number }> {
  const conditions = [eq(users.buId, buId), live];
  if (filter.awaitingFirstPassword !== undefined) {
    const awaiting = eq(users.passwordHash, NO_PASSWORD_YET);
    conditions.push(filter.awaitingFirstPassword ? awaiting : ne(users.passwordHash, NO_PASSWORD_YET));
  }
  if (filter.q) {
    const pattern = containsPattern(filter.q);
    conditions.push(or(ilike(users.username, pattern), ilike(users.displayName, pattern))!);
  }
  if (filter.locked !== undefined) {
    const locked = sql`(${users.lockedByAdmin} or coalesce(${users.lockoutUntil} > now(), false))`;
    conditions.push(filter.locked ? locked : sql`not ${locked}`);
  }
  const where = and(...conditions)!;
  // One statement for the page, its grants and its total: the count beside a lateral page (a page past the
  // end still answers the total, on a row of nulls).
  const listed = await queryRows<ListedUserText>(
    executor,
    sql`select page.*, c.n as "listTotal"
          from (select count(*)::int as n from ${users} where ${where}) c
          left join lateral (
            select ${users.id} as "id", ${users.username} as "username", ${users.displayName} as "displayName",
                   ${users.email} as "email", ${users.phone} as "phone",
                   ${users.preferredLanguage} as "preferredLanguage", ${users.employeeId} as "employeeId",
                   ${users.mustChangePassword} as "mustChangePassword", ${users.lastLoginAt} as "lastLoginAt",
                   ${users.version} as "version", ${users.failedLoginCount} as "failedLoginCount",
                   ${users.lockoutUntil} as "lockoutUntil", ${users.lockedByAdmin} as "lockedByAdmin",
                   ${users.createdAt} as "createdAt", ${users.updatedAt} as "updatedAt", ${grantsOfUser} as "roles"
              from ${users} where ${where}
             order by ${users.username} limit ${limit} offset ${offset}) page on true
         order by page."username"`,
  );
  const rows = listed
    .filter((row) => row.id !== null)
    .map(({ listTotal: _, lastLoginAt, lockoutUntil, createdAt, updatedAt, ...row }) => ({
      ...row,
      lastLoginAt: instant(lastLoginAt),
      lockoutUntil: instant(lockoutUntil),
      createdAt: new Date(createdAt),
      updatedAt: new Date(updatedAt),
    }));
  return { rows, total: listed[0]?.listTotal ?? 0 };
}

/**
 * Opens an account for each employee without one, under the username given, linked to the employee, with
 * no password yet and the grant of `roleId`. A username or employee that has an account already is passed
 * over (an import resumed after a stop writes its batch again). Answers what it opened.
 */
export async function openEmployeeAccounts(
  executor: Executor,
  values: {
    buId: string;
    roleId: string;
    createdBy: string | null;
    accounts: readonly { username: string; employeeId: string; displayName: string }[];
  },
): Promise<{ id: string; username: string }[]> {
  if (!values.accounts.length) return [];
  const opened = await queryRows<{ id: string; username: string }>(
    executor,
    sql`insert into ${users} (bu_id, username, display_name, employee_id, password_hash, must_change_password)
        select ${values.buId}, a.username, a."displayName", a."employeeId", ${NO_PASSWORD_YET}, true
          from jsonb_to_recordset(${JSON.stringify(values.accounts)}::jsonb)
            as a(username text, "employeeId" uuid, "displayName" text)
         where not exists (select 1 from ${users} u where u.employee_id = a."employeeId" and u.deleted_at is null)
        on conflict do nothing
        returning id, username`,
  );
  if (opened.length) {
    await executor.insert(userRoles).values(
      opened.map((user) => ({
        buId: values.buId,
        userId: user.id,
        roleId: values.roleId,
        createdBy: values.createdBy,
      })),
    );
  }
  return opened;
}

/** Every username in use, and the unit's live accounts linked to an employee. */
export async function accountNames(executor: Executor, buId: string) {
  const [usernames, linked] = await Promise.all([
    executor.select({ username: users.username }).from(users).where(live),
    executor
      .select({ employeeId: sql<string>`${users.employeeId}`, username: users.username })
      .from(users)
      .where(and(eq(users.buId, buId), live, isNotNull(users.employeeId))),
  ]);
  return { usernames: usernames.map((row) => row.username), linked };
}

/** The live accounts linked to some of the unit's employees. */
export async function accountsOfEmployees(executor: Executor, buId: string, employeeIds: string[]) {
  if (employeeIds.length === 0) return [];
  return executor
    .select({ userId: users.id, employeeId: sql<string>`${users.employeeId}` })
    .from(users)
    .where(and(eq(users.buId, buId), inArray(users.employeeId, employeeIds), live));
}

/** The live accounts among `userIds` that have a mail address, with their language and name. */
export async function mailboxesOf(executor: Executor, buId: string, userIds: string[]) {
  if (userIds.length === 0) return [];
  return executor
    .select({
      userId: users.id,
      email: sql<string>`${users.email}`,
      language: users.preferredLanguage,
      displayName: users.displayName,
    })
    .from(users)
    .where(
      and(
        eq(users.buId, buId),
        inArray(users.id, userIds),
        live,
        sql`coalesce(trim(${users.email}), '') <> ''`,
      ),
    );
}

/**
 * The live accounts holding a permission today over the unit or over one department (issue 55: who is
 * told that something waits for their decision).
 */
export async function holdersOf(
  executor: Executor,
  buId: string,
  permission: string,
  departmentId: string,
  today: string,
) {
  return executor
    .selectDistinct({ userId: users.id, employeeId: users.employeeId })
    .from(userRoles)
    .innerJoin(users, and(eq(users.id, userRoles.userId), live))
    .innerJoin(
      rolePermissions,
      and(eq(rolePermissions.roleId, userRoles.roleId), eq(rolePermissions.permissionCode, permission)),
    )
    .where(
      and(
        eq(userRoles.buId, buId),
        or(isNull(userRoles.departmentId), eq(userRoles.departmentId, departmentId)),
        or(isNull(userRoles.effectiveFrom), sql`${userRoles.effectiveFrom} <= ${today}`),
        or(isNull(userRoles.effectiveTo), sql`${userRoles.effectiveTo} >= ${today}`),
      ),
    );
}

export async function insertUser(executor: Executor, values: typeof users.$inferInsert): Promise<UserRow> {
  const [row] = await executor.insert(users).values(values).returning();
  return row!;
}

/** Updates a user and bumps its version at `at` (the service's clock); `changes` never touches the id or the unit. */
export async function updateUser(
  executor: Executor,
  id: string,
  changes: Partial<typeof users.$inferInsert>,
  at: Date,
): Promise<UserRow> {
  const [row] = await executor
    .update(users)
    .set(edited(users, changes, at))
    .where(eq(users.id, id))
    .returning();
  return row!;
}

/**
 * Records how a login went on the account (last login, failed count, lockout): login history, not an
 * edit, so neither the version (the profile's ETag) nor `updatedAt` moves.
 */
export async function recordLoginOutcome(
  executor: Executor,
  id: string,
  changes: Pick<Partial<typeof users.$inferInsert>, 'lastLoginAt' | 'failedLoginCount' | 'lockoutUntil'>,
): Promise<UserRow> {
  const [row] = await executor.update(users).set(changes).where(eq(users.id, id)).returning();
  return row!;
}

export async function bumpAuthzVersion(executor: Executor, userIds: string[]): Promise<void> {
  if (!userIds.length) return;
  await executor
    .update(users)
    .set({ authzVersion: sql`${users.authzVersion} + 1` })
    .where(inArray(users.id, userIds));
}

/** A grant as a user's record shows it (the department's code is lookups' to read). */
export interface UserGrant {
  userRoleId: string;
  roleId: string;
  roleCode: string;
  roleName: string;
  departmentId: string | null;
  departmentCode: string | null;
  effectiveFrom: string | null;
  effectiveTo: string | null;
}

/** A grant as stored: its department by id. */
export type StoredGrant = Omit<UserGrant, 'departmentCode'>;

export interface GrantView extends StoredGrant {
  userId: string;
  createdAt: Date;
}

export async function grantsOfUsers(executor: Executor, userIds: string[]): Promise<GrantView[]> {
  if (!userIds.length) return [];
  return executor
    .select({ ...grantColumns, userId: userRoles.userId, createdAt: userRoles.createdAt })
    .from(userRoles)
    .innerJoin(roles, eq(roles.id, userRoles.roleId))
    .where(inArray(userRoles.userId, userIds))
    .orderBy(roles.code, userRoles.createdAt, userRoles.id);
}

export async function insertGrant(executor: Executor, values: typeof userRoles.$inferInsert) {
  const [row] = await executor.insert(userRoles).values(values).returning();
  return row!;
}

export async function findGrant(executor: Executor, buId: string, userId: string, userRoleId: string) {
  const [row] = await executor
    .select()
    .from(userRoles)
    .where(and(eq(userRoles.id, userRoleId), eq(userRoles.userId, userId), eq(userRoles.buId, buId)));
  return row;
}

export async function deleteGrant(executor: Executor, userRoleId: string): Promise<void> {
  await executor.delete(userRoles).where(eq(userRoles.id, userRoleId));
}

/** Live users holding the role through a grant in force today or later. */
export async function countActiveHolders(executor: Executor, buId: string, roleCode: string, today: string) {
  const [row] = await executor
    .select({ n: sql<number>`count(distinct ${users.id})::int` })
    .from(userRoles)
    .innerJoin(roles, eq(roles.id, userRoles.roleId))
    .innerJoin(users, eq(users.id, userRoles.userId))
    .where(
      and(
        eq(userRoles.buId, buId),
        eq(roles.code, roleCode),
        isNull(userRoles.departmentId),
        live,
        eq(users.lockedByAdmin, false),
        or(isNull(userRoles.effectiveTo), gte(userRoles.effectiveTo, today)),
        or(isNull(userRoles.effectiveFrom), sql`${userRoles.effectiveFrom} <= ${today}`),
      ),
    );
  return row?.n ?? 0;
}

// Roles

export async function listRoles(executor: Executor, buId: string, limit: number, offset: number) {
  const where = eq(roles.buId, buId);
  const [rows, [total]] = await Promise.all([
    executor.select().from(roles).where(where).orderBy(roles.code).limit(limit).offset(offset),
    executor.select({ n: count() }).from(roles).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

export async function findRole(executor: Executor, buId: string, id: string): Promise<RoleRow | undefined> {
  const [row] = await executor
    .select()
    .from(roles)
    .where(and(eq(roles.id, id), eq(roles.buId, buId)));
  return row;
}

export async function findRoleByCode(
  executor: Executor,
  buId: string,
  code: string,
): Promise<RoleRow | undefined> {
  const [row] = await executor
    .select()
    .from(roles)
    .where(and(eq(roles.code, code), eq(roles.buId, buId)));
  return row;
}

export async function permissionsOfRoles(
  executor: Executor,
  roleIds: string[],
): Promise<Map<string, string[]>> {
  const byRole = new Map<string, string[]>(roleIds.map((id) => [id, []]));
  if (!roleIds.length) return byRole;
  const rows = await executor
    .select()
    .from(rolePermissions)
    .where(inArray(rolePermissions.roleId, roleIds))
    .orderBy(rolePermissions.permissionCode);
  for (const row of rows) byRole.get(row.roleId)?.push(row.permissionCode);
  return byRole;
}

export async function insertRole(executor: Executor, values: typeof roles.$inferInsert): Promise<RoleRow> {
  const [row] = await executor.insert(roles).values(values).returning();
  return row!;
}

export async function updateRole(
  executor: Executor,
  id: string,
  changes: Partial<typeof roles.$inferInsert>,
  at: Date,
) {
  const [row] = await executor
    .update(roles)
    .set(edited(roles, changes, at))
    .where(eq(roles.id, id))
    .returning();
  return row!;
}

export async function replaceRolePermissions(
  executor: Executor,
  roleId: string,
  codes: string[],
): Promise<void> {
  await executor.delete(rolePermissions).where(eq(rolePermissions.roleId, roleId));
  if (codes.length) {
    await executor
      .insert(rolePermissions)
      .values(codes.map((permissionCode) => ({ roleId, permissionCode })));
  }
}

export async function deleteRole(executor: Executor, id: string): Promise<void> {
  await executor.delete(roles).where(eq(roles.id, id));
}

export async function holdersOfRole(executor: Executor, roleId: string): Promise<string[]> {
  const rows = await executor
    .selectDistinct({ userId: userRoles.userId })
    .from(userRoles)
    .where(eq(userRoles.roleId, roleId));
  return rows.map((row) => row.userId);
}

export async function listPermissions(executor: Executor) {
  return executor.select().from(permissions).orderBy(permissions.area, permissions.code);
}
