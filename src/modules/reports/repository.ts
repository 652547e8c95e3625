import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Executor } from '../../core/db/database.ts';
import { orgNodes } from '../../core/db/schema/index.ts';

/** The departments a report names, by code. */
export async function departmentsByIds(executor: Executor, buId: string, ids: string[]) {
  if (!ids.length) return [];
  return executor
    .select({ id: orgNodes.id, code: orgNodes.code, nameEn: orgNodes.nameEn, nameAr: orgNodes.nameAr })
    .from(orgNodes)
    .where(and(eq(orgNodes.buId, buId), inArray(orgNodes.id, ids)))
    .orderBy(asc(orgNodes.code));
}
