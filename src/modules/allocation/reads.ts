import { and, count, eq } from 'drizzle-orm';
import type { DepartmentScope } from '../../core/auth/principal.ts';
import type { Executor } from '../../core/db/database.ts';
import { inDepartmentScope } from '../../core/db/scope.ts';
import { allocationRuns } from '../../core/db/tables/index.ts';

/* What other modules read of the engine's runs: their read functions over allocation's tables. */

/** How many runs of the departments in scope are executed and wait for a planner's review. */
export async function countRunsAwaitingReview(
  executor: Executor,
  buId: string,
  scope: DepartmentScope | null,
) {
  const [row] = await executor
    .select({ n: count() })
    .from(allocationRuns)
    .where(
      and(
        eq(allocationRuns.buId, buId),
        eq(allocationRuns.status, 'Executed'),
        inDepartmentScope(allocationRuns.departmentId, scope),
      ),
    );
  return row?.n ?? 0;
}
