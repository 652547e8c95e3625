import type { Caller } from '../../core/auth/caller.ts';
import { offsetOf, type Page, pageOf } from '../../core/http/pagination.ts';
import { allocate, type EqualizationScore } from '../../engine/index.ts';
import { buildSnapshot } from '../roster/snapshot.ts';
import type { CandidateDeps } from './candidates-service.ts';
import * as repo from './repository.ts';
import type { EqualizationEntry, EqualizationQuery } from './schemas.ts';

type Scores = Map<string, EqualizationScore>;

const byEmployee = (scores: EqualizationScore[]): Scores => new Map(scores.map((s) => [s.employeeId, s]));

/**
 * Scores from the live roster alone: the department's snapshot for today with nothing to staff, through the
 * engine's own equalization (history over the window; no history scores 0).
 */
async function fromDatabase(deps: CandidateDeps, caller: Caller, departmentId: string): Promise<Scores> {
  const today = caller.principal.today;
  const { instance } = await buildSnapshot(deps.db, {
    buId: caller.principal.buId,
    departmentId,
    from: today,
    to: today,
    lines: [],
  });
  return byEmployee(allocate(instance, { greedyOnly: true }).equalization);
}

/** Per employee in scope: the three cohort scores from the latest run of their department, else the database. */
export async function listEqualization(
  deps: CandidateDeps,
  caller: Caller,
  query: EqualizationQuery,
): Promise<Page<EqualizationEntry>> {
  const buId = caller.principal.buId;
  const { rows, total } = await repo.employeesPage(
    deps.db,
    buId,
    caller.principal.scopeOf('reconciliation.view'),
    query,
    query.pageSize,
    offsetOf(query),
  );
  const departments = [...new Set(rows.map((row) => row.departmentId).filter((id) => id !== null))];
  const fromRuns = new Map<string, { runId: string; scores: Scores }>();
  const fromDb = new Map<string, Scores>();
  for (const departmentId of departments) {
    const run = await repo.latestExecutedRun(deps.db, buId, departmentId);
    if (run) {
      const { result } = await deps.explainers.get(deps.db, run);
      fromRuns.set(departmentId, { runId: run.id, scores: byEmployee(result.equalization) });
    }
    const covered = fromRuns.get(departmentId)?.scores;
    if (rows.some((row) => row.departmentId === departmentId && !covered?.has(row.id))) {
      fromDb.set(departmentId, await fromDatabase(deps, caller, departmentId));
    }
  }
  const items = rows.map((employee): EqualizationEntry => {
    const run = employee.departmentId === null ? undefined : fromRuns.get(employee.departmentId);
    const fromRun = run?.scores.get(employee.id);
    const score =
      fromRun ??
      (employee.departmentId === null ? undefined : fromDb.get(employee.departmentId)?.get(employee.id));
    return {
      employee,
      scores: {
        gradeDepartment: score?.scores.gradeDepartment.score ?? 0,
        pool: score?.scores.pool.score ?? 0,
        shiftType: score?.scores.shiftType.score ?? 0,
      },
      insufficientHistory: score?.insufficientHistory ?? true,
      source: fromRun ? 'run' : 'database',
      runId: fromRun ? run!.runId : null,
    };
  });
  return pageOf(items, total, query);
}
