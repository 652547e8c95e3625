import { sql } from 'drizzle-orm';
import {
  boolean,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  unique,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { employees, orgNodes } from './org.ts';
import { businessUnits } from './platform.ts';

/** Global catalog: no business-unit scope. */
export const permissions = pgTable('permissions', {
  code: text('code').primaryKey(),
  area: text('area').notNull(),
  description: text('description').notNull(),
});

export const roles = pgTable(
  'roles',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    buId: uuid('bu_id')
      .notNull()
      .references(() => businessUnits.id),
    code: text('code').notNull(),
    name: text('name').notNull(),
    description: text('description'),
    isSystem: boolean('is_system').notNull().default(false),
    version: integer('version').notNull().default(1),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [unique('roles_bu_code').on(t.buId, t.code)],
);

export const rolePermissions = pgTable(
  'role_permissions',
  {
    roleId: uuid('role_id')
      .notNull()
      .references(() => roles.id, { onDelete: 'cascade' }),
    permissionCode: text('permission_code')
      .notNull()
      .references(() => permissions.code),
  },
  (t) => [primaryKey({ columns: [t.roleId, t.permissionCode] })],
);

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    buId: uuid('bu_id')
      .notNull()
      .references(() => businessUnits.id),
    username: text('username').notNull(),
    displayName: text('display_name').notNull(),
    email: text('email'),
    phone: text('phone'),
    preferredLanguage: text('preferred_language').notNull().default('en'),
    /** The person's own choice: dates in full show the Hijri (Umm al-Qura) date beside the Gregorian. */
    showHijri: boolean('show_hijri').notNull().default(false),
    passwordHash: text('password_hash').notNull(),
    mustChangePassword: boolean('must_change_password').notNull().default(false),
    failedLoginCount: integer('failed_login_count').notNull().default(0),
    lockoutUntil: timestamp('lockout_until', { withTimezone: true }),
    lockedByAdmin: boolean('locked_by_admin').notNull().default(false),
    /** Tokens issued before this instant are refused (password change, reset, lock, delete). */
    tokensValidAfter: timestamp('tokens_valid_after', { withTimezone: true }).notNull().defaultNow(),
    /** Bumped by every grant, revoke and role change: the key of the permission cache. */
    authzVersion: integer('authz_version').notNull().default(1),
    employeeId: uuid('employee_id').references(() => employees.id),
    passwordChangedAt: timestamp('password_changed_at', { withTimezone: true }),
    lastLoginAt: timestamp('last_login_at', { withTimezone: true }),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    /** Login attempts before this instant do not count towards the username's rate limit (unlock, reset). */
    loginWindowFrom: timestamp('login_window_from', { withTimezone: true }),
    version: integer('version').notNull().default(1),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  // Login names are global (login carries no unit); deleted users free their name. An employee's account
  // is looked up per row of the employees page.
  (t) => [
    uniqueIndex('users_username_live').on(sql`lower(${t.username})`).where(sql`${t.deletedAt} is null`),
    index('users_employee_live').on(t.employeeId).where(sql`${t.deletedAt} is null`),
  ],
);

export const userRoles = pgTable(
  'user_roles',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    buId: uuid('bu_id')
      .notNull()
      .references(() => businessUnits.id),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    roleId: uuid('role_id')
      .notNull()
      .references(() => roles.id),
    departmentId: uuid('department_id').references(() => orgNodes.id),
    effectiveFrom: date('effective_from'),
    effectiveTo: date('effective_to'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    createdBy: uuid('created_by'),
  },
  (t) => [index('user_roles_user_idx').on(t.userId), index('user_roles_role_idx').on(t.roleId)],
);

export const loginHistory = pgTable(
  'login_history',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    buId: uuid('bu_id').references(() => businessUnits.id),
    userId: uuid('user_id').references(() => users.id),
    username: text('username').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    success: boolean('success').notNull(),
    reason: text('reason').notNull(),
    ip: text('ip'),
    userAgent: text('user_agent'),
  },
  (t) => [
    index('login_history_user_at_idx').on(t.userId, t.at),
    index('login_history_username_at_idx').on(t.username, t.at),
    index('login_history_ip_at_idx').on(t.ip, t.at),
  ],
);

/**
 * A signed-in session: the `sid` of every token. A token is honoured only while its session is live, so
 * signing out, signing out everywhere and a password change end tokens at once, on every process (a
 * row trigger announces `user:<id>` on the access channel when one ends).
 */
export const loginSessions = pgTable(
  'login_sessions',
  {
    id: uuid('id').primaryKey(),
    buId: uuid('bu_id')
      .notNull()
      .references(() => businessUnits.id),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    endedAt: timestamp('ended_at', { withTimezone: true }),
    /** `LOGOUT`, `LOGOUT_EVERYWHERE`, `PASSWORD_CHANGED` or `PASSWORD_RESET`. */
    endReason: text('end_reason'),
  },
  (t) => [index('login_sessions_user_live').on(t.userId).where(sql`${t.endedAt} is null`)],
);

/**
 * Failed logins under a name no account has, counted as an account's are, so that such a name locks at
 * the same threshold and answers what an account would: whether a name exists does not show.
 */
export const unknownLoginNames = pgTable('unknown_login_names', {
  /** The name as typed, lower-cased (login names compare without case). */
  usernameKey: text('username_key').primaryKey(),
  failedLoginCount: integer('failed_login_count').notNull().default(0),
  lockoutUntil: timestamp('lockout_until', { withTimezone: true }),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
