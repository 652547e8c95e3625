import { and, eq, inArray } from 'drizzle-orm';
import type { Executor } from '../../core/db/database.ts';
import { labourRates } from '../../core/db/tables/index.ts';

/* What other modules read of the labour costs: their read functions over the costs' tables. */

/** Which of these grades have a labour rate at all (from any date). */
export async function gradesWithRates(executor: Executor, buId: string, gradeIds: readonly string[]) {
  if (!gradeIds.length) return new Set<string>();
  const rows = await executor
    .selectDistinct({ gradeId: labourRates.gradeId })
    .from(labourRates)
    .where(and(eq(labourRates.buId, buId), inArray(labourRates.gradeId, [...gradeIds])));
  return new Set(rows.map((row) => row.gradeId));
}
