import { actorOf, recordAudit } from '../../core/audit/record.ts';
import type { Caller } from '../../core/auth/caller.ts';
import type { Permission } from '../../core/auth/catalog.ts';
import type { PrincipalStore } from '../../core/auth/principal-store.ts';
import { SUPER_ADMIN_ROLE } from '../../core/auth/role-matrix.ts';
import type { Executor } from '../../core/db/database.ts';
import { sqlState, UNIQUE_VIOLATION } from '../../core/db/errors.ts';
import { businessRule, conflict, notFound } from '../../core/http/errors.ts';
import { offsetOf, type Page, type PageQuery, pageOf } from '../../core/http/pagination.ts';
import { assertVersion } from '../../core/http/versioning.ts';
import type { ServiceDeps } from '../../core/module-context.ts';
import { businessDate } from '../../core/time/dates.ts';
import { departmentsByIds, isDepartment } from '../lookups/reads.ts';
import { isEmployee } from '../people/reads.ts';
import { readSettings } from '../settings/service.ts';
import * as logins from './login-repository.ts';
import { assertPasswordPolicy, hashPassword, temporaryPassword } from './passwords.ts';
import * as repo from './repository.ts';
import type {
  CreateUserBody,
  Grant,
  GrantBody,
  Profile,
  ProfilePatch,
  UpdateUserBody,
  User,
} from './schemas.ts';
import { accountFields, grantView, userView } from './views.ts';

async function todayOf(executor: Executor, buId: string, now: Date): Promise<string> {
  const { settings } = await readSettings(executor, buId);
  return businessDate(now, settings.timezone);
}

/** How grants show their department's code, read through lookups (the organisation tree is theirs). */
async function departmentCodes(executor: Executor, buId: string, grants: readonly repo.StoredGrant[]) {
  const ids = [...new Set(grants.flatMap((grant) => (grant.departmentId ? [grant.departmentId] : [])))];
  const codes = new Map((await departmentsByIds(executor, buId, ids)).map((node) => [node.id, node.code]));
  return <T extends repo.StoredGrant>(grant: T): T & repo.UserGrant => ({
    ...grant,
    departmentCode: (grant.departmentId && codes.get(grant.departmentId)) ?? null,
  });
}

export async function view(deps: ServiceDeps, executor: Executor, row: repo.UserRow): Promise<User> {
  const now = deps.now();
  const grants = await repo.grantsOfUsers(executor, [row.id]);
  const coded = await departmentCodes(executor, row.buId, grants);
  return userView(row, grants.map(coded), now, await todayOf(executor, row.buId, now));
}

export async function requireUser(executor: Executor, caller: Caller, id: string, forUpdate = false) {
  const row = forUpdate
    ? await repo.findUserForUpdate(executor, caller.principal.buId, id)
    : await repo.findUser(executor, caller.principal.buId, id);
  if (!row) throw notFound('User');
  return row;
}

async function assertEmployee(executor: Executor, buId: string, employeeId: string | null | undefined) {
  if (employeeId && !(await isEmployee(executor, buId, employeeId))) {
    throw businessRule('EMPLOYEE_UNKNOWN', 'No employee with this id in your business unit', {
      errors: [{ path: '/employeeId', message: 'unknown employee' }],
    });
  }
}

/** The unit must keep one usable unscoped SYS_ADMIN, or nobody could administer it any more. */
async function assertNotLastAdmin(
  executor: Executor,
  caller: Caller,
  userId: string,
  now: Date,
  grantId?: string,
) {
  const grants = await repo.grantsOfUsers(executor, [userId]);
  const relevant = grants.filter(
    (g) =>
      g.roleCode === SUPER_ADMIN_ROLE && g.departmentId === null && (!grantId || g.userRoleId === grantId),
  );
  if (!relevant.length) return;
  const today = await todayOf(executor, caller.principal.buId, now);
  const holders = await repo.countActiveHolders(executor, caller.principal.buId, SUPER_ADMIN_ROLE, today);
  const othersOfUser = grants.filter(
    (g) => g.roleCode === SUPER_ADMIN_ROLE && g.departmentId === null,
  ).length;
  if (holders <= 1 && (!grantId || othersOfUser <= 1)) {
    throw conflict('LAST_SYS_ADMIN', 'This would leave the business unit without a system administrator');
  }
}

/** The users page's announcement: every write to a table it reads drops the pages kept (migration 0029). */
export const USERS_READ = 'read:users';

export async function listUsers(
  deps: ServiceDeps,
  caller: Caller,
  query: PageQuery & { q?: string; locked?: boolean; awaitingFirstPassword?: boolean },
  cache: Pick<PrincipalStore, 'keptValue'>,
): Promise<Page<User>> {
  const { buId } = caller.principal;
  const offset = offsetOf(query);
  const { q, locked, awaitingFirstPassword } = query;
  const read = async () => {
    const page = await repo.listUsers(
      deps.db,
      buId,
      { q, locked, awaitingFirstPassword },
      query.pageSize,
      offset,
    );
    const coded = await departmentCodes(
      deps.db,
      buId,
      page.rows.flatMap((row) => row.roles),
    );
    return { ...page, rows: page.rows.map((row) => ({ ...row, roles: row.roles.map(coded) })) };
  };
  // Whether a lockout has run out depends on the clock, which announces nothing: that filter is read afresh.
  const { rows, total } =
    query.locked === undefined
      ? await cache.keptValue(
          USERS_READ,
          JSON.stringify([buId, q ?? '', awaitingFirstPassword ?? null, query.pageSize, offset]),
          read,
        )
      : await read();
  const now = deps.now();
  const today = caller.principal.today;
  return pageOf(
    rows.map((row) => userView(row, row.roles, now, today)),
    total,
    query,
  );
}

export async function getUser(deps: ServiceDeps, caller: Caller, id: string): Promise<User> {
  return view(deps, deps.db, await requireUser(deps.db, caller, id));
}

async function resolveGrant(executor: Executor, buId: string, body: GrantBody) {
  if (!body.roleId === !body.roleCode) {
    throw businessRule('ROLE_REQUIRED', 'Name the role by exactly one of roleId or roleCode');
  }
  const role = body.roleId
    ? await repo.findRole(executor, buId, body.roleId)
    : await repo.findRoleByCode(executor, buId, body.roleCode!);
  if (!role) {
    throw businessRule('ROLE_UNKNOWN', 'No such role in your business unit', {
      errors: [{ path: body.roleId ? '/roleId' : '/roleCode', message: 'unknown role' }],
    });
  }
  if (body.departmentId && !(await isDepartment(executor, buId, body.departmentId))) {
    throw businessRule('DEPARTMENT_UNKNOWN', 'No such department in your business unit', {
      errors: [{ path: '/departmentId', message: 'unknown department' }],
    });
  }
  if (body.effectiveFrom && body.effectiveTo && body.effectiveFrom > body.effectiveTo) {
    throw businessRule('INVALID_DATE_RANGE', 'effectiveFrom must not be after effectiveTo', {
      errors: [{ path: '/effectiveTo', message: 'before effectiveFrom' }],
    });
  }
  return {
    role,
    departmentId: body.departmentId ?? null,
    effectiveFrom: body.effectiveFrom ?? null,
    effectiveTo: body.effectiveTo ?? null,
  };
}

export async function createUser(
  deps: ServiceDeps,
  caller: Caller,
  body: CreateUserBody,
): Promise<{ user: User; temporaryPassword?: string }> {
  const buId = caller.principal.buId;
  const { settings } = await readSettings(deps.db, buId);
  const generated =
    body.password === undefined ? temporaryPassword(settings['password.min_length']) : undefined;
  const password = body.password ?? generated!;
  assertPasswordPolicy(password, settings);
  await assertEmployee(deps.db, buId, body.employeeId);
  const grants: Awaited<ReturnType<typeof resolveGrant>>[] = [];
  for (const grant of body.roles ?? []) grants.push(await resolveGrant(deps.db, buId, grant));
  const taken = () => conflict('USERNAME_TAKEN', `The username "${body.username}" is already in use`);
  if (await repo.findUserByUsername(deps.db, body.username)) throw taken();
  const passwordHash = await hashPassword(password);
  const insert = deps.db.transaction(async (tx) => {
    const user = await repo.insertUser(tx, {
      buId,
      username: body.username,
      displayName: body.displayName,
      email: body.email ?? null,
      phone: body.phone ?? null,
      preferredLanguage: body.preferredLanguage ?? 'en',
      employeeId: body.employeeId ?? null,
      passwordHash,
      // Whoever set the password is not the person who will use it.
      mustChangePassword: true,
    });
    for (const grant of grants) {
      await repo.insertGrant(tx, {
        buId,
        userId: user.id,
        roleId: grant.role.id,
        departmentId: grant.departmentId,
        effectiveFrom: grant.effectiveFrom,
        effectiveTo: grant.effectiveTo,
        createdBy: caller.principal.userId,
      });
    }
    await recordAudit(tx, actorOf(caller), {
      action: 'user.create',
      entityType: 'user',
      entityId: user.id,
      details: { username: user.username, roles: grants.map((g) => g.role.code) },
    });
    return user;
  });
  // Two creates of one name at once: the unique index decides, and the loser hears why.
  const row = await insert.catch((error: unknown) => {
    throw sqlState(error) === UNIQUE_VIOLATION ? taken() : error;
  });
  return { user: await view(deps, deps.db, row), ...(generated ? { temporaryPassword: generated } : {}) };
}

export async function updateUserDetails(
  deps: ServiceDeps,
  caller: Caller,
  id: string,
  body: UpdateUserBody,
): Promise<User> {
  await assertEmployee(deps.db, caller.principal.buId, body.employeeId);
  const row = await deps.db.transaction(async (tx) => {
    const current = await requireUser(tx, caller, id, true);
    assertVersion(caller.expectedVersion, current.version);
    const updated = await repo.updateUser(tx, id, body, deps.now());
    await recordAudit(tx, actorOf(caller), {
      action: 'user.update',
      entityType: 'user',
      entityId: id,
      details: { fields: Object.keys(body) },
    });
    return updated;
  });
  return view(deps, deps.db, row);
}

export async function deleteUser(deps: ServiceDeps, caller: Caller, id: string): Promise<void> {
  if (id === caller.principal.userId)
    throw conflict('CANNOT_DELETE_SELF', 'You cannot delete your own account');
  const now = deps.now();
  await deps.db.transaction(async (tx) => {
    const current = await requireUser(tx, caller, id, true);
    await assertNotLastAdmin(tx, caller, id, now);
    // Soft delete: audit references and history keep pointing at the row; tokens stop at once.
    await repo.updateUser(tx, id, { deletedAt: now, tokensValidAfter: now }, now);
    await recordAudit(tx, actorOf(caller), {
      action: 'user.delete',
      entityType: 'user',
      entityId: id,
      details: { username: current.username },
    });
  });
}

export async function lockUser(
  deps: ServiceDeps,
  caller: Caller,
  id: string,
  reason?: string,
): Promise<User> {
  if (id === caller.principal.userId) throw conflict('CANNOT_LOCK_SELF', 'You cannot lock your own account');
  const now = deps.now();
  const row = await deps.db.transaction(async (tx) => {
    await requireUser(tx, caller, id, true);
    await assertNotLastAdmin(tx, caller, id, now);
    const updated = await repo.updateUser(tx, id, { lockedByAdmin: true, tokensValidAfter: now }, now);
    await recordAudit(tx, actorOf(caller), {
      action: 'user.lock',
      entityType: 'user',
      entityId: id,
      details: reason ? { reason } : {},
    });
    return updated;
  });
  return view(deps, deps.db, row);
}

export async function unlockUser(deps: ServiceDeps, caller: Caller, id: string): Promise<User> {
  const now = deps.now();
  const row = await deps.db.transaction(async (tx) => {
    await requireUser(tx, caller, id, true);
    const updated = await repo.updateUser(
      tx,
      id,
      {
        lockedByAdmin: false,
        failedLoginCount: 0,
        lockoutUntil: null,
        loginWindowFrom: now,
      },
      now,
    );
    await recordAudit(tx, actorOf(caller), { action: 'user.unlock', entityType: 'user', entityId: id });
    return updated;
  });
  return view(deps, deps.db, row);
}

export async function resetPassword(
  deps: ServiceDeps,
  caller: Caller,
  id: string,
  newPassword: string | undefined,
): Promise<{ user: User; temporaryPassword?: string }> {
  const { settings } = await readSettings(deps.db, caller.principal.buId);
  const generated =
    newPassword === undefined ? temporaryPassword(settings['password.min_length']) : undefined;
  const password = newPassword ?? generated!;
  assertPasswordPolicy(password, settings);
  // Fail fast before the costly hash; the transaction checks again under its row lock.
  await requireUser(deps.db, caller, id);
  const passwordHash = await hashPassword(password);
  const now = deps.now();
  const row = await deps.db.transaction(async (tx) => {
    await requireUser(tx, caller, id, true);
    const updated = await repo.updateUser(
      tx,
      id,
      {
        passwordHash,
        mustChangePassword: true,
        passwordChangedAt: now,
        tokensValidAfter: now,
        failedLoginCount: 0,
        lockoutUntil: null,
        loginWindowFrom: now,
      },
      now,
    );
    await logins.endSessions(tx, id, now, 'PASSWORD_RESET');
    await recordAudit(tx, actorOf(caller), {
      action: 'user.password_reset',
      entityType: 'user',
      entityId: id,
    });
    return updated;
  });
  return { user: await view(deps, deps.db, row), ...(generated ? { temporaryPassword: generated } : {}) };
}

export async function loginHistoryOf(deps: ServiceDeps, caller: Caller, userId: string, query: PageQuery) {
  await requireUser(deps.db, caller, userId);
  const { rows, total } = await logins.listLoginHistory(deps.db, userId, query.pageSize, offsetOf(query));
  return pageOf(
    rows.map((row) => ({ ...row, at: row.at.toISOString() })),
    total,
    query,
  );
}

export async function grantRole(
  deps: ServiceDeps,
  caller: Caller,
  userId: string,
  body: GrantBody,
): Promise<Grant> {
  const buId = caller.principal.buId;
  const grant = await resolveGrant(deps.db, buId, body);
  const id = await deps.db.transaction(async (tx) => {
    await requireUser(tx, caller, userId, true);
    const existing = await repo.grantsOfUsers(tx, [userId]);
    const same = existing.find(
      (g) =>
        g.roleId === grant.role.id &&
        g.departmentId === grant.departmentId &&
        g.effectiveFrom === grant.effectiveFrom &&
        g.effectiveTo === grant.effectiveTo,
    );
    if (same)
      throw conflict('GRANT_EXISTS', 'The user already has exactly this grant', {
        userRoleId: same.userRoleId,
      });
    const row = await repo.insertGrant(tx, {
      buId,
      userId,
      roleId: grant.role.id,
      departmentId: grant.departmentId,
      effectiveFrom: grant.effectiveFrom,
      effectiveTo: grant.effectiveTo,
      createdBy: caller.principal.userId,
    });
    await repo.bumpAuthzVersion(tx, [userId]);
    await recordAudit(tx, actorOf(caller), {
      action: 'user.role_granted',
      entityType: 'user',
      entityId: userId,
      details: {
        userRoleId: row.id,
        role: grant.role.code,
        departmentId: grant.departmentId,
        effectiveFrom: grant.effectiveFrom,
        effectiveTo: grant.effectiveTo,
      },
    });
    return row.id;
  });
  const granted = (await repo.grantsOfUsers(deps.db, [userId])).find((g) => g.userRoleId === id)!;
  const coded = await departmentCodes(deps.db, buId, [granted]);
  return grantView(coded(granted), await todayOf(deps.db, buId, deps.now()));
}

export async function revokeRole(
  deps: ServiceDeps,
  caller: Caller,
  userId: string,
  userRoleId: string,
): Promise<void> {
  const now = deps.now();
  await deps.db.transaction(async (tx) => {
    await requireUser(tx, caller, userId, true);
    const grant = await repo.findGrant(tx, caller.principal.buId, userId, userRoleId);
    if (!grant) throw notFound('Grant');
    await assertNotLastAdmin(tx, caller, userId, now, userRoleId);
    await repo.deleteGrant(tx, userRoleId);
    await repo.bumpAuthzVersion(tx, [userId]);
    await recordAudit(tx, actorOf(caller), {
      action: 'user.role_revoked',
      entityType: 'user',
      entityId: userId,
      details: { userRoleId, roleId: grant.roleId, departmentId: grant.departmentId },
    });
  });
}

/**
 * The caller's own profile. With the access cache, the account's fields are read once and kept until
 * the database announces a change of the user (a profile edit, a login's `lastLoginAt`, a lock); the
 * roles and permissions are the principal's, cached the same way.
 */
export async function profileOf(
  deps: ServiceDeps,
  caller: Caller,
  cache?: Pick<PrincipalStore, 'keptValue'>,
): Promise<Profile> {
  const { userId, buId } = caller.principal;
  const read = async () => {
    const row = await requireUser(deps.db, caller, userId);
    return { ...accountFields(row), showHijri: row.showHijri };
  };
  const account = cache ? await cache.keptValue(`user:${userId}`, 'profile', read) : await read();
  return {
    ...account,
    businessUnit: { id: buId, code: caller.principal.buCode },
    roles: [...caller.principal.roles],
    permissions: [...caller.principal.permissions].sort(),
  };
}

export async function updateProfile(
  deps: ServiceDeps,
  caller: Caller,
  patch: ProfilePatch,
): Promise<Profile> {
  await deps.db.transaction(async (tx) => {
    const current = await requireUser(tx, caller, caller.principal.userId, true);
    assertVersion(caller.expectedVersion, current.version);
    await repo.updateUser(tx, current.id, patch, deps.now());
    await recordAudit(tx, actorOf(caller), {
      action: 'user.profile_update',
      entityType: 'user',
      entityId: current.id,
      details: { fields: Object.keys(patch) },
    });
  });
  // Read afresh: the cache hears of this change only once the answer is on its way (see the guard).
  return profileOf(deps, caller);
}

/** Who is told what happens to some of the unit's employees: their linked accounts (issue 55). */
export const accountsOfEmployees = (executor: Executor, buId: string, employeeIds: string[]) =>
  repo.accountsOfEmployees(executor, buId, employeeIds);

/** The live accounts among `userIds` that have a mail address (issue 55: whom a notification mails). */
export async function mailboxesOf(executor: Executor, buId: string, userIds: string[]) {
  const rows = await repo.mailboxesOf(executor, buId, userIds);
  return rows.map((row) => ({ ...row, language: row.language === 'ar' ? ('ar' as const) : ('en' as const) }));
}

/** Who may decide something of a department today: the holders of the permission over it or the unit. */
export const holdersOf = (
  executor: Executor,
  buId: string,
  permission: Permission,
  departmentId: string,
  today: string,
) => repo.holdersOf(executor, buId, permission, departmentId, today);
