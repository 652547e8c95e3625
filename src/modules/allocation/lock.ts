import { actorOf, recordAudit } from '../../core/audit/record.ts';
import type { Caller } from '../../core/auth/caller.ts';
import { sqlState, UNIQUE_VIOLATION } from '../../core/db/errors.ts';
import { conflict } from '../../core/http/errors.ts';
import type { ServiceDeps } from '../../core/module-context.ts';
import { type Assignment, checkRoster, type Instance, type Violation } from '../../engine/index.ts';
import { addLiveAssignments, lockLiveRoster, removeReplannedWork } from '../roster/service.ts';
import { buildSnapshot, LIVE_LINE_PREFIX, liveRosterOf, planLines } from '../roster/snapshot.ts';
import * as repo from './repository.ts';
import { getRun, requireRun, storedRun, transitionRefused } from './runs-service.ts';
import type { Run } from './schemas.ts';

export interface LockConflict {
  employeeId: string | null;
  demandLineId: string;
  date: string;
  rule: string;
  detail: string;
}

/**
 * The proposal's pairs that now break a hard rule against the live roster: checked by the engine's own
 * checker on a fresh snapshot with the live roster fixed and the proposal added.
 */
function conflictsOf(fresh: Instance, proposed: Assignment[]): LockConflict[] {
  const report = checkRoster(fresh, { assignments: [...liveRosterOf(fresh), ...proposed] });
  const proposedPairs = new Set(proposed.map((a) => `${a.employeeId}|${a.lineId}`));
  const proposedLines = new Set(proposed.map((a) => a.lineId));
  const dates = new Map(proposed.map((a) => [a.lineId, a.date]));
  const touches = (violation: Violation) =>
    violation.employeeId === undefined
      ? violation.lineIds.filter((lineId) => proposedLines.has(lineId))
      : violation.lineIds.filter((lineId) => proposedPairs.has(`${violation.employeeId}|${lineId}`));
  return report.violations.flatMap((violation) =>
    // A live line made for an assignment outside the plan requires nobody: never "over required".
    violation.rule === 'OVER_REQUIRED' && violation.lineIds.every((id) => id.startsWith(LIVE_LINE_PREFIX))
      ? []
      : touches(violation).map((lineId) => ({
          employeeId: violation.employeeId ?? null,
          demandLineId: lineId,
          date: dates.get(lineId) ?? '',
          rule: violation.rule,
          detail: violation.detail,
        })),
  );
}

/**
 * Reviewed → Locked: writes the run's proposal into the live roster in one transaction, or nothing when a
 * proposed pair now breaks a hard rule (someone assigned by hand meanwhile): 409 with the list.
 */
export async function lockRun(deps: ServiceDeps, caller: Caller, id: string): Promise<Run> {
  const { principal } = caller;
  await deps.db.transaction(async (tx) => {
    const run = await requireRun(tx, caller, 'allocation_run.lock', id, true);
    if (run.status !== 'Reviewed') throw transitionRefused(run.status, 'lock');
    await lockLiveRoster(tx, principal.buId);
    const stored = await storedRun(tx, id);
    if (!stored) throw transitionRefused(run.status, 'lock');
    const { instance: fresh, dropped } = await buildSnapshot(tx, {
      buId: principal.buId,
      departmentId: run.departmentId,
      from: run.periodFrom,
      to: run.periodTo,
      lines: await planLines(tx, run.planId, run.periodFrom, run.periodTo),
    });
    // Live work that breaks a rule now (leave approved since, an expired certification) gives way to the run.
    await removeReplannedWork(tx, caller, id, dropped);
    const live = new Set(fresh.fixedAssignments.map((pair) => `${pair.employeeId}|${pair.lineId}`));
    // Fixed pairs were live when the run was executed: they are not written again, even if removed since.
    const proposed = stored.result.assignments.filter(
      (a) => !a.fixed && !live.has(`${a.employeeId}|${a.lineId}`),
    );
    const conflicts = conflictsOf(fresh, proposed);
    if (conflicts.length) {
      throw conflict(
        'LOCK_CONFLICTS',
        `${conflicts.length} proposed assignments now break a rule against the live roster; rerun the allocation`,
        { conflicts: conflicts.slice(0, 1000) },
      );
    }
    const lines = new Map(fresh.demandLines.map((line) => [line.id, line]));
    try {
      await addLiveAssignments(
        tx,
        principal.buId,
        proposed.map((a) => {
          const line = lines.get(a.lineId)!;
          return {
            employeeId: a.employeeId,
            date: a.date,
            shiftTemplateId: line.shiftTemplateId,
            terminalId: line.terminal,
            skillId: line.skill ?? null,
            demandLineId: line.id,
            runId: id,
            lendingRuleId: a.lendingRuleId ?? null,
            source: 'Allocation',
            createdBy: principal.userId,
          };
        }),
      );
    } catch (error) {
      if (sqlState(error) === UNIQUE_VIOLATION) {
        throw conflict('LOCK_CONFLICTS', 'Someone was assigned the same day meanwhile; read the run again');
      }
      throw error;
    }
    await repo.moveStatus(tx, id, 'Reviewed', 'Locked', {
      lockedBy: principal.userId,
      lockedAt: deps.now(),
      lockedAssignments: proposed.length,
    });
    await recordAudit(tx, actorOf(caller), {
      action: 'allocation_run.lock',
      entityType: 'allocation_run',
      entityId: id,
      details: { from: run.status, to: 'Locked', written: proposed.length, replaced: dropped.length },
    });
  });
  return getRun(deps, caller, id);
}
