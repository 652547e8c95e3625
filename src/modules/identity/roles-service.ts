import { actorOf, recordAudit } from '../../core/audit/record.ts';
import type { Caller } from '../../core/auth/caller.ts';
import { PERMISSION_CODES } from '../../core/auth/catalog.ts';
import type { Executor } from '../../core/db/database.ts';
import { sqlState, UNIQUE_VIOLATION } from '../../core/db/errors.ts';
import { businessRule, conflict, notFound } from '../../core/http/errors.ts';
import { offsetOf, type Page, type PageQuery, pageOf } from '../../core/http/pagination.ts';
import { assertVersion } from '../../core/http/versioning.ts';
import type { ServiceDeps } from '../../core/module-context.ts';
import * as repo from './repository.ts';
import type { CreateRoleBody, Role, UpdateRoleBody } from './schemas.ts';

function roleView(row: repo.RoleRow, permissions: string[]): Role {
  return {
    id: row.id,
    code: row.code,
    name: row.name,
    description: row.description,
    isSystem: row.isSystem,
    permissions,
    version: row.version,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

async function view(executor: Executor, row: repo.RoleRow): Promise<Role> {
  const permissions = await repo.permissionsOfRoles(executor, [row.id]);
  return roleView(row, permissions.get(row.id) ?? []);
}

async function requireRole(executor: Executor, caller: Caller, id: string) {
  const row = await repo.findRole(executor, caller.principal.buId, id);
  if (!row) throw notFound('Role');
  return row;
}

function assertKnownPermissions(codes: string[]): void {
  const unknown = codes.filter((code) => !PERMISSION_CODES.has(code));
  if (unknown.length) {
    throw businessRule('PERMISSION_UNKNOWN', `Unknown permissions: ${unknown.join(', ')}`, {
      errors: unknown.map((code) => ({ path: '/permissions', message: `unknown permission "${code}"` })),
    });
  }
}

const protectedRole = (row: repo.RoleRow) =>
  conflict('ROLE_PROTECTED', `The system role ${row.code} cannot be changed or deleted`);

export async function listRoles({ db }: ServiceDeps, caller: Caller, query: PageQuery): Promise<Page<Role>> {
  const { rows, total } = await repo.listRoles(db, caller.principal.buId, query.pageSize, offsetOf(query));
  const permissions = await repo.permissionsOfRoles(
    db,
    rows.map((r) => r.id),
  );
  return pageOf(
    rows.map((row) => roleView(row, permissions.get(row.id) ?? [])),
    total,
    query,
  );
}

export async function getRole({ db }: ServiceDeps, caller: Caller, id: string): Promise<Role> {
  return view(db, await requireRole(db, caller, id));
}

export async function createRole({ db }: ServiceDeps, caller: Caller, body: CreateRoleBody): Promise<Role> {
  assertKnownPermissions(body.permissions);
  const taken = () => conflict('ROLE_CODE_TAKEN', `A role with the code ${body.code} exists already`);
  const insert = db.transaction(async (tx) => {
    if (await repo.findRoleByCode(tx, caller.principal.buId, body.code)) throw taken();
    const role = await repo.insertRole(tx, {
      buId: caller.principal.buId,
      code: body.code,
      name: body.name,
      description: body.description ?? null,
    });
    await repo.replaceRolePermissions(tx, role.id, body.permissions);
    await recordAudit(tx, actorOf(caller), {
      action: 'role.create',
      entityType: 'role',
      entityId: role.id,
      details: { code: role.code, permissions: body.permissions },
    });
    return role;
  });
  // Two creates of one code at once: the unique constraint decides, and the loser hears why.
  const row = await insert.catch((error: unknown) => {
    throw sqlState(error) === UNIQUE_VIOLATION ? taken() : error;
  });
  return view(db, row);
}

export async function updateRole(
  deps: ServiceDeps,
  caller: Caller,
  id: string,
  body: UpdateRoleBody,
): Promise<Role> {
  if (body.permissions) assertKnownPermissions(body.permissions);
  const row = await deps.db.transaction(async (tx) => {
    const current = await requireRole(tx, caller, id);
    if (current.isSystem) throw protectedRole(current);
    assertVersion(caller.expectedVersion, current.version);
    const { permissions, ...fields } = body;
    const updated = await repo.updateRole(tx, id, fields, deps.now());
    if (permissions) {
      await repo.replaceRolePermissions(tx, id, permissions);
      // Holders' cached permissions are stale now.
      await repo.bumpAuthzVersion(tx, await repo.holdersOfRole(tx, id));
    }
    await recordAudit(tx, actorOf(caller), {
      action: 'role.update',
      entityType: 'role',
      entityId: id,
      details: { fields: Object.keys(body), ...(permissions ? { permissions } : {}) },
    });
    return updated;
  });
  return view(deps.db, row);
}

export async function deleteRole({ db }: ServiceDeps, caller: Caller, id: string): Promise<void> {
  await db.transaction(async (tx) => {
    const current = await requireRole(tx, caller, id);
    if (current.isSystem) throw protectedRole(current);
    const holders = await repo.holdersOfRole(tx, id);
    if (holders.length) {
      throw conflict(
        'ROLE_IN_USE',
        `The role is still granted to ${holders.length} user(s); revoke it first`,
        {
          holders: holders.length,
        },
      );
    }
    await repo.deleteRole(tx, id);
    await recordAudit(tx, actorOf(caller), {
      action: 'role.delete',
      entityType: 'role',
      entityId: id,
      details: { code: current.code },
    });
  });
}

export async function listPermissionCatalog({ db }: ServiceDeps, query: PageQuery) {
  const all = await repo.listPermissions(db);
  return pageOf(all.slice(offsetOf(query), offsetOf(query) + query.pageSize), all.length, query);
}
