import type { Caller } from '../../core/auth/caller.ts';
import type { Permission } from '../../core/auth/catalog.ts';
import type { Executor } from '../../core/db/database.ts';
import { employeeRefsOf } from '../../core/db/employee-ref.ts';
import { conflict, notFound } from '../../core/http/errors.ts';
import { offsetOf, type Page, type PageQuery, pageOf } from '../../core/http/pagination.ts';
import type { ServiceDeps } from '../../core/module-context.ts';
import {
  type CandidateScore,
  type Explainer,
  explain,
  type Instance,
  type Result,
} from '../../engine/index.ts';
import { LIVE_LINE_PREFIX } from '../roster/snapshot.ts';
import { lineOrderOf, lineRefsOf } from './line-refs.ts';
import type * as repo from './repository.ts';
import { requireRun, storedRun } from './runs-service.ts';
import type {
  Candidate,
  CandidatesQuery,
  EmployeeRef,
  IneligibleEmployee,
  LineCandidates,
} from './schemas.ts';

interface Explained {
  instance: Instance;
  result: Result;
  explainer: Explainer;
}

/** Recently read runs, unpacked once per execution, each with its explainer built on first use. */
export class ExplainerCache {
  private readonly entries = new Map<string, Promise<Explained>>();

  constructor(private readonly size = 4) {}

  get(executor: Executor, run: repo.RunRow): Promise<Explained> {
    const key = `${run.id}:${run.executions}`;
    let entry = this.entries.get(key);
    if (entry) {
      this.entries.delete(key);
    } else {
      entry = storedRun(executor, run.id).then((stored) => {
        if (!stored) throw conflict('RUN_NOT_EXECUTED', 'The run has not been executed yet');
        // Built on first use: equalization reads only the result.
        let explainer: Explainer | undefined;
        return {
          ...stored,
          get explainer() {
            explainer ??= explain(stored.instance, stored.result);
            return explainer;
          },
        };
      });
      entry.catch(() => this.entries.delete(key));
    }
    this.entries.set(key, entry);
    while (this.entries.size > this.size) this.entries.delete(this.entries.keys().next().value!);
    return entry;
  }
}

export interface CandidateDeps extends ServiceDeps {
  explainers: ExplainerCache;
}

export async function explained(deps: CandidateDeps, caller: Caller, id: string, permission: Permission) {
  const run = await requireRun(deps.db, caller, permission, id);
  if (run.status === 'Draft' || run.executions === 0) {
    throw conflict('RUN_NOT_EXECUTED', 'The run has not been executed yet: execute it first');
  }
  return deps.explainers.get(deps.db, run);
}

async function employeeRefs(deps: CandidateDeps, caller: Caller, ids: readonly string[]) {
  const rows = await employeeRefsOf(deps.db, caller.principal.buId, [...new Set(ids)]);
  return new Map<string, EmployeeRef>(rows.map((row) => [row.id, row]));
}

const realLine = (instance: Instance, lineId: string) => {
  if (lineId.startsWith(LIVE_LINE_PREFIX) || !instance.demandLines.some((line) => line.id === lineId)) {
    throw notFound('The demand line in this run');
  }
};

/** A slice of a line's ranked candidates, each with its place in the whole list and the employee named. */
function ranked(
  list: CandidateScore[],
  refs: Map<string, EmployeeRef>,
  offset: number,
  limit: number,
): Candidate[] {
  return list.slice(offset, offset + limit).flatMap((score, index) => {
    const employee = refs.get(score.employeeId);
    if (!employee) return [];
    const { assigned, lent, load, history, preference } = score;
    return [{ rank: offset + index + 1, employee, assigned, lent, load, history, preference }];
  });
}

/** Every line of the run, paged, each with its best candidates. */
export async function listCandidates(
  deps: CandidateDeps,
  caller: Caller,
  id: string,
  query: CandidatesQuery,
): Promise<Page<LineCandidates>> {
  const { instance, result, explainer } = await explained(deps, caller, id, 'allocation_run.read');
  const unfilled = new Set(result.unfilled.map((line) => line.lineId));
  const order = await lineOrderOf(deps.db, caller.principal.buId, instance);
  const lines = instance.demandLines
    .filter(
      (line) =>
        !line.id.startsWith(LIVE_LINE_PREFIX) &&
        (query.date === undefined || line.date === query.date) &&
        (!query.unfilledOnly || unfilled.has(line.id)),
    )
    .sort((a, b) => order({ lineId: a.id }, { lineId: b.id }));
  const page = lines.slice(offsetOf(query), offsetOf(query) + query.pageSize);
  const lists = new Map(page.map((line) => [line.id, explainer.candidates(line.id)]));
  const shown = [...lists.values()].flatMap((list) => list.slice(0, query.perLine).map((c) => c.employeeId));
  const [refs, lineRefs] = await Promise.all([
    employeeRefs(deps, caller, shown),
    lineRefsOf(
      deps.db,
      caller.principal.buId,
      instance,
      page.map((line) => line.id),
    ),
  ]);
  const items = page.map((line) => {
    const list = lists.get(line.id)!;
    return {
      line: lineRefs.get(line.id)!,
      assigned: list.filter((candidate) => candidate.assigned).length,
      candidateCount: list.length,
      candidates: ranked(list, refs, 0, query.perLine),
    };
  });
  return pageOf(items, lines.length, query);
}

/** The eligible employees of one line, best first, with their score parts. */
export async function lineCandidates(
  deps: CandidateDeps,
  caller: Caller,
  id: string,
  lineId: string,
  query: PageQuery,
): Promise<Page<Candidate>> {
  const { instance, explainer } = await explained(deps, caller, id, 'allocation_run.read');
  realLine(instance, lineId);
  const all = explainer.candidates(lineId);
  const offset = offsetOf(query);
  const refs = await employeeRefs(
    deps,
    caller,
    all.slice(offset, offset + query.pageSize).map((c) => c.employeeId),
  );
  return pageOf(ranked(all, refs, offset, query.pageSize), all.length, query);
}

/** Everyone the run considered who could not staff the line, with the rule codes that kept them off. */
export async function ineligibleForLine(
  deps: CandidateDeps,
  caller: Caller,
  id: string,
  lineId: string,
  query: PageQuery,
): Promise<Page<IneligibleEmployee>> {
  const { instance, explainer } = await explained(deps, caller, id, 'allocation_run.debug');
  realLine(instance, lineId);
  const ineligible = instance.employees
    .map((employee) => ({ employeeId: employee.id, reasons: explainer.reasons(lineId, employee.id) }))
    .filter((entry) => entry.reasons.length > 0);
  const page = ineligible.slice(offsetOf(query), offsetOf(query) + query.pageSize);
  const refs = await employeeRefs(
    deps,
    caller,
    page.map((entry) => entry.employeeId),
  );
  return pageOf(
    page
      .filter((entry) => refs.has(entry.employeeId))
      .map((entry) => {
        const certification = explainer.certification(lineId, entry.employeeId);
        return {
          employee: refs.get(entry.employeeId)!,
          reasons: entry.reasons,
          ...(certification === null ? {} : { certification }),
        };
      }),
    ineligible.length,
    query,
  );
}
