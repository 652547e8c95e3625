import type { Caller } from '../../core/auth/caller.ts';
import type { ServiceDeps } from '../../core/module-context.ts';
import { requireRun } from '../allocation/runs-service.ts';
import { rosterCompliance } from '../roster/compliance.ts';
import type { PublicationCompliance } from './schemas.ts';
import { assertLocked } from './service.ts';

/**
 * What a version published from a locked run now would break or come near, per person (issue 53): the
 * list the planner reads before publishing, and confirms when warnings remain. Nothing is written.
 */
export async function publicationCompliance(
  deps: ServiceDeps,
  caller: Caller,
  runId: string,
): Promise<PublicationCompliance> {
  const run = await requireRun(deps.db, caller, 'roster.publish', runId);
  assertLocked(run);
  const people = await rosterCompliance(deps.db, caller.principal.buId, {
    departmentId: run.departmentId,
    planId: run.planId,
    from: run.periodFrom,
    to: run.periodTo,
  });
  return {
    runId,
    from: run.periodFrom,
    to: run.periodTo,
    brokenCount: people.reduce((sum, person) => sum + person.broken.length, 0),
    warningCount: people.reduce((sum, person) => sum + person.warnings.length, 0),
    people: people.map(({ employee, broken, warnings }) => ({
      employee,
      broken,
      warnings: warnings.map(({ certificationId, ...warning }) => ({
        ...warning,
        certification: certificationId,
      })),
    })),
  };
}
