import type { DepartmentScope } from '../db/scope.ts';
import { PERMISSION_ALIASES, type Permission } from './catalog.ts';

/** A grant as it applies to one request: which role, over which department, between which dates. */
export interface Grant {
  userRoleId: string;
  roleId: string;
  roleCode: string;
  departmentId: string | null;
  effectiveFrom: string | null;
  effectiveTo: string | null;
  permissions: readonly string[];
}

/** Which rows a permission reaches (declared beside the query condition that applies it). */
export type { DepartmentScope };

/** Whether a scope reaches a row of the department (a row without one only through a unit-wide scope). */
export const scopeReaches = (scope: DepartmentScope | null, departmentId: string | null): boolean =>
  scope !== null &&
  (scope.kind === 'unit' || (departmentId !== null && scope.departmentIds.includes(departmentId)));

export interface Principal {
  readonly userId: string;
  readonly buId: string;
  readonly buCode: string;
  readonly username: string;
  readonly displayName: string;
  readonly employeeId: string | null;
  readonly sessionId: string;
  readonly issuedAt: number;
  readonly expiresAt: number;
  /** A first or reset password not yet changed: the guard lets through only what changing it needs. */
  readonly mustChangePassword: boolean;
  /** The business date (in the unit's time zone) the grants were resolved for. */
  readonly today: string;
  /** Codes of the roles granted and in force today. */
  readonly roles: readonly string[];
  readonly permissions: ReadonlySet<string>;
  readonly grants: readonly Grant[];
  can(permission: Permission): boolean;
  hasRole(roleCode: string): boolean;
  scopeOf(permission: Permission): DepartmentScope | null;
}

/** A grant gives its permissions only between its effective dates (inclusive, either open). */
export const grantInForce = (
  grant: { effectiveFrom: string | null; effectiveTo: string | null },
  today: string,
): boolean =>
  (grant.effectiveFrom === null || grant.effectiveFrom <= today) &&
  (grant.effectiveTo === null || grant.effectiveTo >= today);

export interface PrincipalIdentity {
  userId: string;
  buId: string;
  buCode: string;
  username: string;
  displayName: string;
  employeeId: string | null;
  sessionId: string;
  issuedAt: number;
  expiresAt: number;
  mustChangePassword: boolean;
}

/** Builds what a caller may do today from all of their grants; grants outside their dates give nothing. */
export function principalOf(
  identity: PrincipalIdentity,
  allGrants: readonly Grant[],
  today: string,
): Principal {
  const grants = allGrants.filter((grant) => grantInForce(grant, today));
  const scopes = new Map<string, DepartmentScope>();
  for (const grant of grants) {
    const given = grant.permissions.flatMap((code) => {
      const successor = PERMISSION_ALIASES[code as Permission];
      return successor ? [code, successor] : [code];
    });
    for (const permission of given) {
      const current = scopes.get(permission);
      if (current?.kind === 'unit') continue;
      if (grant.departmentId === null) {
        scopes.set(permission, { kind: 'unit' });
      } else {
        const ids = current?.kind === 'departments' ? current.departmentIds : [];
        if (!ids.includes(grant.departmentId)) {
          scopes.set(permission, { kind: 'departments', departmentIds: [...ids, grant.departmentId] });
        }
      }
    }
  }
  const roles = [...new Set(grants.map((grant) => grant.roleCode))].sort();
  const permissions = new Set(scopes.keys());
  return {
    ...identity,
    today,
    roles,
    permissions,
    grants,
    can: (permission) => permissions.has(permission),
    hasRole: (roleCode) => roles.includes(roleCode),
    scopeOf: (permission) => scopes.get(permission) ?? null,
  };
}
