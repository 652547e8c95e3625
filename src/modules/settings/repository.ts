import { and, asc, eq } from 'drizzle-orm';
import type { Executor } from '../../core/db/database.ts';
import { businessUnitSettings, businessUnits } from '../../core/db/tables/index.ts';

export async function findSettingsRow(executor: Executor, buId: string) {
  const [row] = await executor
    .select({
      buId: businessUnitSettings.buId,
      buCode: businessUnits.code,
      values: businessUnitSettings.values,
      version: businessUnitSettings.version,
      updatedAt: businessUnitSettings.updatedAt,
    })
    .from(businessUnitSettings)
    .innerJoin(businessUnits, eq(businessUnits.id, businessUnitSettings.buId))
    .where(eq(businessUnitSettings.buId, buId));
  return row;
}

/** The first business unit's id: the one the bootstrap created, whose settings stand in for no unit's. */
export async function findFirstUnitId(executor: Executor): Promise<string | undefined> {
  const [row] = await executor
    .select({ id: businessUnits.id })
    .from(businessUnits)
    .orderBy(asc(businessUnits.createdAt), asc(businessUnits.id))
    .limit(1);
  return row?.id;
}

/** Every business unit's id. */
export async function listUnitIds(executor: Executor): Promise<string[]> {
  const rows = await executor.select({ id: businessUnits.id }).from(businessUnits);
  return rows.map((row) => row.id);
}

/** Writes only when the row is still at `version`; answers whether it did. */
export async function updateSettingsRow(
  executor: Executor,
  buId: string,
  version: number,
  values: Record<string, unknown>,
  userId: string,
  at: Date,
): Promise<boolean> {
  const rows = await executor
    .update(businessUnitSettings)
    .set({ values, version: version + 1, updatedAt: at, updatedBy: userId })
    .where(and(eq(businessUnitSettings.buId, buId), eq(businessUnitSettings.version, version)))
    .returning({ version: businessUnitSettings.version });
  return rows.length === 1;
}
