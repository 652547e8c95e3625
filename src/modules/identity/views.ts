import type { GrantView, UserRow } from './repository.ts';
import type { Grant, User } from './schemas.ts';

const iso = (value: Date | null) => (value ? value.toISOString() : null);

export function grantView(grant: GrantView, today: string): Grant {
  return {
    userRoleId: grant.userRoleId,
    roleId: grant.roleId,
    roleCode: grant.roleCode,
    roleName: grant.roleName,
    departmentId: grant.departmentId,
    departmentCode: grant.departmentCode,
    effectiveFrom: grant.effectiveFrom,
    effectiveTo: grant.effectiveTo,
    inForce:
      (grant.effectiveFrom === null || grant.effectiveFrom <= today) &&
      (grant.effectiveTo === null || grant.effectiveTo >= today),
  };
}

export function userView(row: UserRow, grants: GrantView[], now: Date, today: string): User {
  const lockedOut = row.lockoutUntil !== null && row.lockoutUntil > now;
  return {
    id: row.id,
    username: row.username,
    displayName: row.displayName,
    email: row.email,
    phone: row.phone,
    preferredLanguage: row.preferredLanguage === 'ar' ? 'ar' : 'en',
    employeeId: row.employeeId,
    failed_login_count: row.failedLoginCount,
    lockout_until: iso(row.lockoutUntil),
    locked: row.lockedByAdmin || lockedOut,
    lockedByAdmin: row.lockedByAdmin,
    mustChangePassword: row.mustChangePassword,
    lastLoginAt: iso(row.lastLoginAt),
    roles: grants.filter((grant) => grant.userId === row.id).map((grant) => grantView(grant, today)),
    version: row.version,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}
