import type { Caller } from '../../core/auth/caller.ts';
import { scopeOf } from '../../core/auth/caller.ts';
import type { DepartmentScope } from '../../core/auth/principal.ts';
import type { Executor } from '../../core/db/database.ts';
import { employeeRefsOf } from '../../core/db/employee-ref.ts';
import { assertDateRange } from '../../core/http/date-range.ts';
import { notFound } from '../../core/http/errors.ts';
import { offsetOf, type Page, type PageQuery, pageOf } from '../../core/http/pagination.ts';
import type { ServiceDeps } from '../../core/module-context.ts';
import { addDays } from '../../core/time/dates.ts';
import { type Explainer, explain } from '../../engine/index.ts';
import * as gaps from './gaps-repository.ts';
import type { CoverCandidate, GapQuery, RosterGap, RosterGapPage } from './gaps-schemas.ts';
import { buildSnapshot, liveRosterOf } from './snapshot.ts';
import type { LineRow } from './snapshot-queries.ts';

const MAX_GAP_DAYS = 92;
const DEFAULT_GAP_DAYS = 7;

/**
 * The engine's view of some lines against the live roster, every employee of their department (and
 * whoever may be lent) considered: the same snapshot a run starts from.
 */
async function explainerFor(
  executor: Executor,
  buId: string,
  departmentId: string,
  lines: LineRow[],
): Promise<{ explainer: Explainer; employeeIds: string[] }> {
  const dates = lines.map((line) => line.date).sort();
  const { instance } = await buildSnapshot(executor, {
    buId,
    departmentId,
    from: dates[0]!,
    to: dates.at(-1)!,
    lines: lines.map((line) => ({
      id: line.id,
      date: line.date,
      terminalId: line.terminalId,
      shiftTemplateId: line.shiftTemplateId,
      skillId: line.skillId,
      required: line.required,
    })),
  });
  return {
    explainer: explain(instance, { assignments: liveRosterOf(instance) }),
    employeeIds: instance.employees.map((employee) => employee.id),
  };
}

/**
 * Who could work each line now, by the engine's rules against the live roster (the employees not already
 * on it): those an open shift of the line is offered to. One snapshot per department.
 */
export async function whoMayWork(
  executor: Executor,
  buId: string,
  lines: readonly (LineRow & { departmentId: string })[],
): Promise<Map<string, string[]>> {
  const who = new Map<string, string[]>();
  const byDepartment = new Map<string, LineRow[]>();
  for (const line of lines)
    byDepartment.set(line.departmentId, [...(byDepartment.get(line.departmentId) ?? []), line]);
  for (const [departmentId, own] of byDepartment) {
    const { explainer } = await explainerFor(executor, buId, departmentId, own);
    for (const line of own)
      who.set(
        line.id,
        explainer
          .candidates(line.id)
          .filter((candidate) => !candidate.assigned)
          .map((candidate) => candidate.employeeId),
      );
  }
  return who;
}

/** Why each line is open: who could cover it now, and the rules that keep the others off. */
async function openBecause(executor: Executor, buId: string, rows: gaps.GapRow[]) {
  const reasons = new Map<string, RosterGap['openBecause']>();
  const byDepartment = new Map<string, gaps.GapRow[]>();
  for (const row of rows)
    byDepartment.set(row.departmentId, [...(byDepartment.get(row.departmentId) ?? []), row]);
  for (const [departmentId, lines] of byDepartment) {
    const { explainer, employeeIds } = await explainerFor(executor, buId, departmentId, lines);
    for (const line of lines) {
      const counts: Record<string, number> = {};
      for (const employeeId of employeeIds) {
        for (const reason of explainer.reasons(line.id, employeeId))
          counts[reason] = (counts[reason] ?? 0) + 1;
      }
      const candidates = explainer.candidates(line.id).filter((candidate) => !candidate.assigned).length;
      reasons.set(line.id, { candidates, reasons: counts });
    }
  }
  return reasons;
}

function rangeOf(caller: Caller, query: { from?: string | undefined; to?: string | undefined }) {
  const from = query.from ?? caller.principal.today;
  const to = query.to ?? addDays(from, DEFAULT_GAP_DAYS - 1);
  assertDateRange(from, to, { days: MAX_GAP_DAYS, what: 'One request' });
  return { from, to };
}

/** Every required head of a live plan that no live assignment covers, in roster order, with why. */
export async function listGaps(deps: ServiceDeps, caller: Caller, query: GapQuery): Promise<RosterGapPage> {
  const { buId } = caller.principal;
  const filter = {
    ...rangeOf(caller, query),
    ...(query.departmentId ? { departmentId: query.departmentId } : {}),
    scope: scopeOf(caller, 'roster.view'),
  };
  const { rows, total, missingHeads } = await gaps.listGaps(
    deps.db,
    buId,
    filter,
    query.pageSize,
    offsetOf(query),
  );
  const why = await openBecause(deps.db, buId, rows);
  const items = rows.map((row) => ({
    demandLineId: row.id,
    planId: row.planId,
    department: { id: row.departmentId, code: row.departmentCode },
    date: row.date,
    terminal: { id: row.terminalId, code: row.terminalCode },
    shift: {
      id: row.shiftTemplateId,
      code: row.shiftCode,
      start: row.start,
      end: row.end,
      endsNextDay: row.end <= row.start,
    },
    skill: row.skillId === null ? null : { id: row.skillId, code: row.skillCode ?? row.skillId },
    required: row.required,
    assigned: row.assigned,
    missing: row.required - row.assigned,
    openBecause: why.get(row.id)!,
  }));
  return { ...pageOf(items, total, query), missingHeads };
}

/** Who can cover one gap, ranked as the engine ranks a line's candidates, from the live roster. */
export async function coverCandidates(
  deps: ServiceDeps,
  caller: Caller,
  demandLineId: string,
  query: PageQuery,
): Promise<Page<CoverCandidate>> {
  const { buId } = caller.principal;
  const line = await gaps.findGapLine(deps.db, buId, scopeOf(caller, 'roster.create'), demandLineId);
  if (!line) throw notFound('The demand line');
  const { explainer } = await explainerFor(deps.db, buId, line.departmentId, [line]);
  const ranked = explainer.candidates(line.id).filter((candidate) => !candidate.assigned);
  const offset = offsetOf(query);
  const page = ranked.slice(offset, offset + query.pageSize);
  const refs = new Map(
    (
      await employeeRefsOf(
        deps.db,
        buId,
        page.map((candidate) => candidate.employeeId),
      )
    ).map((ref) => [ref.id, ref]),
  );
  const items = page.flatMap((candidate, index) => {
    const employee = refs.get(candidate.employeeId);
    if (!employee) return [];
    const { lent, load, history, preference } = candidate;
    return [{ rank: offset + index + 1, employee, lent, load, history, preference }];
  });
  return pageOf(items, ranked.length, query);
}

/** Missing heads per date over a range, in the caller's scope (the dashboard's coming week). */
export async function missingHeadsByDate(
  executor: Executor,
  buId: string,
  scope: DepartmentScope,
  from: string,
  to: string,
) {
  return gaps.missingHeadsByDate(executor, buId, { from, to, scope });
}
