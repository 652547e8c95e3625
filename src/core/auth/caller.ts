import type { Permission } from './catalog.ts';
import type { DepartmentScope, Principal } from './principal.ts';

/** Who calls a service: the signed-in principal and what the audit trail records of the request. */
export interface Caller {
  principal: Principal;
  traceId: string;
  ip: string;
  userAgent: string | null;
  /**
   * The version a versioned write's `If-Match` names (undefined: no check asked for); the service
   * compares it with the row it changes (`assertVersion`). Reading it marks the check as honoured.
   */
  readonly expectedVersion: number | undefined;
}

/** A scope that reaches no department: what a caller without the permission may see. */
export const NO_SCOPE: DepartmentScope = { kind: 'departments', departmentIds: [] };

/** The departments the caller's grants of `permission` reach; none without it. */
export const scopeOf = (caller: Caller, permission: Permission): DepartmentScope =>
  caller.principal.scopeOf(permission) ?? NO_SCOPE;
