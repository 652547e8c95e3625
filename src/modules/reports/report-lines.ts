import type { Caller } from '../../core/auth/caller.ts';
import type { ServiceDeps } from '../../core/module-context.ts';
import { draftRosterLines } from '../allocation/proposal-service.ts';
import { type PlannedLine, plannedLines } from '../publishing/service.ts';

/** What a roster report prints of a line, whether published or proposed by a run. */
export type ReportLine = Pick<
  PlannedLine,
  | 'employeeId'
  | 'employeeNumber'
  | 'nameEn'
  | 'nameAr'
  | 'departmentId'
  | 'date'
  | 'shiftCode'
  | 'shiftNameEn'
  | 'shiftNameAr'
  | 'startTime'
  | 'endTime'
  | 'paidHours'
  | 'terminalCode'
  | 'terminalNameEn'
  | 'terminalNameAr'
  | 'skillCode'
>;

export interface RosterSource {
  lines: ReportLine[];
  /** Set when the lines are a run's proposal: the run, and the period it covers for day-off marks. */
  draft: { runId: string; runStatus: string; departmentId: string; from: string; to: string } | null;
}

/**
 * The lines a roster report prints: the published roster in the caller's `roster.view` scope, or, with a
 * run, that run's proposal as a draft (so a planner can print it for review before publishing).
 */
export async function rosterSource(
  deps: ServiceDeps,
  caller: Caller,
  from: string,
  to: string,
  query: { departmentId?: string | undefined; runId?: string | undefined },
): Promise<RosterSource> {
  const { principal } = caller;
  if (query.runId) {
    const { run, lines } = await draftRosterLines(deps, caller, query.runId, from, to);
    return {
      lines: lines.filter((line) => !query.departmentId || line.departmentId === query.departmentId),
      draft: {
        runId: run.id,
        runStatus: run.status,
        departmentId: run.departmentId,
        from: run.periodFrom,
        to: run.periodTo,
      },
    };
  }
  const lines = await plannedLines(deps.db, principal.buId, from, to, {
    scope: principal.scopeOf('roster.view'),
    ...(query.departmentId ? { departmentId: query.departmentId } : {}),
  });
  return { lines, draft: null };
}
