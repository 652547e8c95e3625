import { type Caller, scopeOf } from '../../core/auth/caller.ts';
import { notFound } from '../../core/http/errors.ts';
import type { ServiceDeps } from '../../core/module-context.ts';
import { requireRun } from '../allocation/runs-service.ts';
import { type CheckedWork, rosterCompliance } from '../roster/compliance.ts';
import * as repo from './repository.ts';
import type { PublicationCompliance } from './schemas.ts';
import { assertLocked } from './service.ts';

/** What a run's roster (live, or a version's lines given as `work`) breaks or comes near, per person. */
async function complianceOf(
  deps: ServiceDeps,
  caller: Caller,
  run: { runId: string; departmentId: string; planId: string; from: string; to: string },
  work?: readonly CheckedWork[],
): Promise<PublicationCompliance> {
  const { runId, ...scope } = run;
  const people = await rosterCompliance(deps.db, caller.principal.buId, scope, work);
  return {
    runId,
    from: run.from,
    to: run.to,
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
  return complianceOf(deps, caller, {
    runId,
    departmentId: run.departmentId,
    planId: run.planId,
    from: run.periodFrom,
    to: run.periodTo,
  });
}

/**
 * What the version an approval decides breaks or comes near (issue 53): its lines as published, checked
 * with today's people (leave, certifications, employment) and the live work just around its period.
 */
export async function approvalCompliance(
  deps: ServiceDeps,
  caller: Caller,
  approvalId: string,
): Promise<PublicationCompliance> {
  const { buId } = caller.principal;
  const roster = await repo.findRosterOfApproval(
    deps.db,
    buId,
    scopeOf(caller, 'roster.approve'),
    approvalId,
  );
  if (!roster) throw notFound('The roster approval');
  const work = await repo.versionWork(deps.db, buId, roster.id, roster.planId);
  return complianceOf(
    deps,
    caller,
    {
      runId: roster.runId,
      departmentId: roster.departmentId,
      planId: roster.planId,
      from: roster.periodFrom,
      to: roster.periodTo,
    },
    work,
  );
}
