import { sql } from 'drizzle-orm';
import { type Db, type Executor, queryRows } from '../db/database.ts';
import { businessDate, DEFAULT_TIMEZONE } from '../time/dates.ts';
import { type Grant, type Principal, principalOf } from './principal.ts';
import type { TokenClaims } from './tokens.ts';

interface UserRow {
  id: string;
  bu_id: string;
  username: string;
  display_name: string;
  employee_id: string | null;
  authz_version: number;
  tokens_valid_after: string | Date;
  timezone: string | null;
}

interface GrantRow {
  user_role_id: string;
  role_id: string;
  role_code: string;
  department_id: string | null;
  effective_from: string | null;
  effective_to: string | null;
  permissions: string[] | null;
}

export type Unauthenticated = 'UNKNOWN_USER' | 'REVOKED';

export interface PrincipalStore {
  resolve(claims: TokenClaims, now?: Date): Promise<Principal | Unauthenticated>;
}

const CACHE_LIMIT = 10_000;

/** Every grant of a user with its role's permissions, whatever its dates (`principalOf` applies them). */
export async function loadGrants(executor: Executor, userId: string, buId: string): Promise<Grant[]> {
  const rows = await queryRows<GrantRow>(
    executor,
    sql`select ur.id as user_role_id, r.id as role_id, r.code as role_code, ur.department_id,
               ur.effective_from::text as effective_from, ur.effective_to::text as effective_to,
               array_remove(array_agg(rp.permission_code order by rp.permission_code), null) as permissions
          from user_roles ur
          join roles r on r.id = ur.role_id
          left join role_permissions rp on rp.role_id = r.id
         where ur.user_id = ${userId} and ur.bu_id = ${buId}
         group by ur.id, r.id`,
  );
  return rows.map<Grant>((row) => ({
    userRoleId: row.user_role_id,
    roleId: row.role_id,
    roleCode: row.role_code,
    departmentId: row.department_id,
    effectiveFrom: row.effective_from,
    effectiveTo: row.effective_to,
    permissions: row.permissions ?? [],
  }));
}

/**
 * Permissions are never taken from the token: each request reads the user's row (one indexed query) and
 * reuses the grants cached under the user's `authz_version`, which every grant, revoke and role change
 * bumps, so processes sharing one database stay correct without talking to each other.
 */
export function createPrincipalStore(db: Db): PrincipalStore {
  const grantCache = new Map<string, { authzVersion: number; grants: Grant[] }>();

  async function grantsOf(user: UserRow): Promise<Grant[]> {
    const cached = grantCache.get(user.id);
    if (cached && cached.authzVersion === user.authz_version) return cached.grants;
    const grants = await loadGrants(db, user.id, user.bu_id);
    if (grantCache.size >= CACHE_LIMIT) grantCache.clear();
    grantCache.set(user.id, { authzVersion: user.authz_version, grants });
    return grants;
  }

  return {
    async resolve(claims, now = new Date()) {
      const [user] = await queryRows<UserRow>(
        db,
        sql`select u.id, u.bu_id, u.username, u.display_name, u.employee_id, u.authz_version,
                   u.tokens_valid_after, s.values->>'timezone' as timezone
              from users u
              left join business_unit_settings s on s.bu_id = u.bu_id
             where u.id = ${claims.sub} and u.bu_id = ${claims.bu} and u.deleted_at is null`,
      );
      if (!user) return 'UNKNOWN_USER';
      if (claims.iatMs < new Date(user.tokens_valid_after).getTime()) return 'REVOKED';
      const grants = await grantsOf(user);
      return principalOf(
        {
          userId: user.id,
          buId: user.bu_id,
          username: user.username,
          displayName: user.display_name,
          employeeId: user.employee_id,
          sessionId: claims.sid,
          issuedAt: claims.iat,
          expiresAt: claims.exp,
        },
        grants,
        businessDate(now, user.timezone ?? DEFAULT_TIMEZONE),
      );
    },
  };
}
