import { and, eq, inArray, sql } from 'drizzle-orm';
import { PERMISSION_CATALOG } from '../core/auth/catalog.ts';
import { permissionsOfSystemRole, SYSTEM_ROLES } from '../core/auth/role-matrix.ts';
import type { Executor } from '../core/db/database.ts';
import {
  businessUnitSettings,
  businessUnits,
  DEPARTMENT_NODE_TYPE,
  nodeTypes,
  permissions,
  rolePermissions,
  roles,
  userRoles,
  users,
} from '../core/db/tables/index.ts';
import { syncReferenceLookups } from './reference-data.ts';

/** Reference rows every business unit has, whatever else it holds. Later areas add theirs here. */
export type UnitReferenceStep = (tx: Executor, buId: string) => Promise<void>;

const SYSTEM_NODE_TYPES = [
  { code: 'COMPANY', nameEn: 'Company', nameAr: 'شركة' },
  { code: DEPARTMENT_NODE_TYPE, nameEn: 'Department', nameAr: 'إدارة' },
];

async function syncPermissionCatalog(tx: Executor): Promise<void> {
  await tx
    .insert(permissions)
    .values(PERMISSION_CATALOG.map(([code, area, description]) => ({ code, area, description })))
    .onConflictDoUpdate({
      target: permissions.code,
      set: { area: sql`excluded.area`, description: sql`excluded.description` },
    });
}

/** System roles carry exactly the default matrix; a change to the matrix reaches holders' caches. */
async function syncSystemRoles(tx: Executor, buId: string): Promise<void> {
  for (const code of SYSTEM_ROLES) {
    const [role] = await tx
      .insert(roles)
      .values({ buId, code, name: code.replaceAll('_', ' '), isSystem: true })
      .onConflictDoUpdate({ target: [roles.buId, roles.code], set: { isSystem: true } })
      .returning({ id: roles.id });
    const wanted = permissionsOfSystemRole(code);
    const current = await tx
      .select({ code: rolePermissions.permissionCode })
      .from(rolePermissions)
      .where(eq(rolePermissions.roleId, role!.id));
    const have = new Set(current.map((row) => row.code));
    if (have.size === wanted.length && wanted.every((permission) => have.has(permission))) continue;
    await tx.delete(rolePermissions).where(eq(rolePermissions.roleId, role!.id));
    await tx
      .insert(rolePermissions)
      .values(wanted.map((permissionCode) => ({ roleId: role!.id, permissionCode })));
    const holders = tx.select({ id: userRoles.userId }).from(userRoles).where(eq(userRoles.roleId, role!.id));
    await tx
      .update(users)
      .set({ authzVersion: sql`${users.authzVersion} + 1` })
      .where(inArray(users.id, holders));
  }
}

async function syncNodeTypes(tx: Executor, buId: string): Promise<void> {
  await tx
    .insert(nodeTypes)
    .values(SYSTEM_NODE_TYPES.map((type) => ({ ...type, buId, isSystem: true })))
    .onConflictDoNothing();
}

async function ensureSettingsRow(tx: Executor, buId: string): Promise<void> {
  await tx.insert(businessUnitSettings).values({ buId }).onConflictDoNothing();
}

const unitSteps: UnitReferenceStep[] = [
  ensureSettingsRow,
  syncSystemRoles,
  syncNodeTypes,
  syncReferenceLookups,
];

/** Idempotent: run on every start, after migrations. */
export async function seedReferenceData(db: Executor): Promise<void> {
  await db.transaction(async (tx) => {
    await syncPermissionCatalog(tx);
    const units = await tx.select({ id: businessUnits.id }).from(businessUnits);
    for (const unit of units) for (const step of unitSteps) await step(tx, unit.id);
  });
}

/** Creates a business unit with all of its reference rows. */
export async function createBusinessUnit(
  tx: Executor,
  unit: { code: string; nameEn: string; nameAr: string },
): Promise<string> {
  const [row] = await tx.insert(businessUnits).values(unit).returning({ id: businessUnits.id });
  await syncPermissionCatalog(tx);
  for (const step of unitSteps) await step(tx, row!.id);
  return row!.id;
}

export async function nodeTypeId(tx: Executor, buId: string, code: string): Promise<string> {
  const [row] = await tx
    .select({ id: nodeTypes.id })
    .from(nodeTypes)
    .where(and(eq(nodeTypes.buId, buId), eq(nodeTypes.code, code)));
  if (!row) throw new Error(`Node type ${code} is missing in unit ${buId}`);
  return row.id;
}
