import { createHash } from 'node:crypto';
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
  serviceState,
  userRoles,
  users,
} from '../core/db/tables/index.ts';
import * as lookups from './reference-data.ts';

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
  lookups.syncReferenceLookups,
];

const REFERENCE_STATE_KEY = 'reference-data';

/**
 * What the sync writes, as the code has it: the data and the steps' own code (a changed step changes the
 * fingerprint as a changed row does), and the units it writes them into.
 */
function referenceFingerprint(unitIds: readonly string[]): string {
  const hash = createHash('sha256');
  hash.update(JSON.stringify(PERMISSION_CATALOG));
  hash.update(JSON.stringify(SYSTEM_ROLES.map((code) => [code, permissionsOfSystemRole(code)])));
  hash.update(JSON.stringify(SYSTEM_NODE_TYPES));
  hash.update(JSON.stringify(lookups));
  for (const step of [syncPermissionCatalog, ...unitSteps, lookups.upsertSystemRows])
    hash.update(String(step));
  hash.update(JSON.stringify([...unitIds].sort()));
  return hash.digest('hex');
}

/** The units and, when the stored fingerprint is theirs, that the sync has nothing to write. */
async function referenceState(
  tx: Executor,
): Promise<{ unitIds: string[]; fingerprint: string; synced: boolean }> {
  const units = await tx.select({ id: businessUnits.id }).from(businessUnits);
  const unitIds = units.map((unit) => unit.id);
  const fingerprint = referenceFingerprint(unitIds);
  const [stored] = await tx
    .select({ value: serviceState.value })
    .from(serviceState)
    .where(eq(serviceState.key, REFERENCE_STATE_KEY));
  return { unitIds, fingerprint, synced: stored?.value === fingerprint };
}

async function recordFingerprint(tx: Executor, fingerprint: string): Promise<void> {
  await tx
    .insert(serviceState)
    .values({ key: REFERENCE_STATE_KEY, value: fingerprint })
    .onConflictDoUpdate({ target: serviceState.key, set: { value: fingerprint, updatedAt: sql`now()` } });
}

/**
 * Idempotent: run on every start, after migrations. Skipped when the database holds the fingerprint of
 * what it would write (about a quarter of an existing embedded database's start otherwise); anything that
 * changes the rows, the steps or the units changes the fingerprint.
 */
export async function seedReferenceData(db: Executor): Promise<void> {
  await db.transaction(async (tx) => {
    const state = await referenceState(tx);
    if (state.synced) return;
    await syncPermissionCatalog(tx);
    for (const unitId of state.unitIds) for (const step of unitSteps) await step(tx, unitId);
    await recordFingerprint(tx, state.fingerprint);
  });
}

/**
 * Creates a business unit with all of its reference rows; when the others were in sync, the fingerprint
 * then covers the new one too, so the next start does not sync them all again.
 */
export async function createBusinessUnit(
  tx: Executor,
  unit: { code: string; nameEn: string; nameAr: string },
): Promise<string> {
  const before = await referenceState(tx);
  const [row] = await tx.insert(businessUnits).values(unit).returning({ id: businessUnits.id });
  await syncPermissionCatalog(tx);
  for (const step of unitSteps) await step(tx, row!.id);
  if (before.synced) await recordFingerprint(tx, referenceFingerprint([...before.unitIds, row!.id]));
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
