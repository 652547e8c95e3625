import { and, eq, ne } from 'drizzle-orm';
import type { DepartmentScope } from '../../core/auth/principal.ts';
import type { Executor } from '../../core/db/database.ts';
import { inDepartmentScope } from '../../core/db/scope.ts';
import { demandLines, demandPlans } from '../../core/db/tables/index.ts';

/* What other modules read of the demand: their read functions over demand's tables. */

/** The demand lines of a date in the plans in force (not archived) of the departments in scope. */
export function linesInForceOn(
  executor: Executor,
  buId: string,
  scope: DepartmentScope | null,
  date: string,
) {
  return executor
    .select({ id: demandLines.id, required: demandLines.required })
    .from(demandLines)
    .innerJoin(demandPlans, eq(demandPlans.id, demandLines.planId))
    .where(
      and(
        eq(demandPlans.buId, buId),
        ne(demandPlans.status, 'Archived'),
        eq(demandLines.date, date),
        inDepartmentScope(demandPlans.departmentId, scope),
      ),
    );
}
