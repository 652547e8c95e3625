import type { Caller } from '../../core/auth/caller.ts';
import { employeeRefsOf } from '../../core/db/employee-ref.ts';
import { conflict } from '../../core/http/errors.ts';
import { offsetOf, type Page, pageOf } from '../../core/http/pagination.ts';
import type { ServiceDeps } from '../../core/module-context.ts';
import type { Assignment, Instance } from '../../engine/index.ts';
import { LIVE_LINE_PREFIX } from '../roster/snapshot.ts';
import { type CandidateDeps, explained } from './candidates-service.ts';
import { lineOrderOf } from './line-refs.ts';
import type {
  ProposalQuery,
  ProposedAssignment,
  RosterGrid,
  RosterGridQuery,
  RosterGridRow,
} from './proposal-schemas.ts';
import * as repo from './repository.ts';
import { requireRun, storedRun } from './runs-service.ts';

/** What a screen shows of an assignment's line: shift, terminal and skill by code. */
async function describer(deps: CandidateDeps, caller: Caller, instance: Instance) {
  const codes = new Map(
    (await repo.lookupCodes(deps.db, caller.principal.buId)).map((row) => [
      `${row.kind}:${row.id}`,
      row.code,
    ]),
  );
  const code = (kind: string, id: string) => codes.get(`${kind}:${id}`) ?? id;
  const lines = new Map(instance.demandLines.map((line) => [line.id, line]));
  const templates = new Map(instance.shiftTemplates.map((template) => [template.id, template]));
  return (assignment: Assignment) => {
    const line = lines.get(assignment.lineId)!;
    const template = templates.get(line.shiftTemplateId)!;
    const live = assignment.lineId.startsWith(LIVE_LINE_PREFIX);
    return {
      date: line.date,
      demandLineId: live ? null : line.id,
      liveAssignmentId: live ? assignment.lineId.slice(LIVE_LINE_PREFIX.length) : null,
      shift: {
        id: template.id,
        code: code('shift', template.id),
        start: template.start,
        end: template.end,
        endsNextDay: template.end <= template.start,
      },
      terminal: { id: line.terminal, code: code('terminal', line.terminal) },
      skillCode: line.skill === undefined ? null : code('skill', line.skill),
      fixed: assignment.fixed === true,
      lendingRuleId: assignment.lendingRuleId ?? null,
    };
  };
}

/**
 * A run's proposal as the lines of a roster with names, for reports that print it as a draft: every
 * assignment of the result in the dates, fixed ones included, as the roster would read once published.
 */
export async function draftRosterLines(
  deps: ServiceDeps,
  caller: Caller,
  runId: string,
  from: string,
  to: string,
) {
  const run = await requireRun(deps.db, caller, 'allocation_run.read', runId);
  const stored = run.executions > 0 ? await storedRun(deps.db, run.id) : null;
  if (!stored) throw conflict('RUN_NOT_EXECUTED', 'The run has not been executed yet: execute it first');
  const { instance, result } = stored;
  const inDates = result.assignments.filter((a) => from <= a.date && a.date <= to);
  const [refs, names] = await Promise.all([
    employeeRefsOf(deps.db, caller.principal.buId, [...new Set(inDates.map((a) => a.employeeId))]),
    repo.lookupCodes(deps.db, caller.principal.buId),
  ]);
  const employees = new Map(refs.map((ref) => [ref.id, ref]));
  const named = new Map(names.map((row) => [`${row.kind}:${row.id}`, row]));
  const lines = new Map(instance.demandLines.map((line) => [line.id, line]));
  const templates = new Map(instance.shiftTemplates.map((template) => [template.id, template]));
  const lineRows = inDates.flatMap((a) => {
    const employee = employees.get(a.employeeId);
    const line = lines.get(a.lineId);
    const template = line && templates.get(line.shiftTemplateId);
    if (!employee || !line || !template) return [];
    const shift = named.get(`shift:${template.id}`);
    const terminal = named.get(`terminal:${line.terminal}`);
    return [
      {
        employeeId: employee.id,
        employeeNumber: employee.employeeNumber,
        nameEn: employee.Name_1_English,
        nameAr: employee.Name_2_Arabic,
        departmentId: run.departmentId,
        date: a.date,
        shiftCode: shift?.code ?? template.id,
        shiftNameEn: shift?.nameEn ?? template.id,
        shiftNameAr: shift?.nameAr ?? null,
        startTime: template.start,
        endTime: template.end,
        paidHours: template.paidHours,
        terminalCode: terminal?.code ?? line.terminal,
        terminalNameEn: terminal?.nameEn ?? line.terminal,
        terminalNameAr: terminal?.nameAr ?? null,
        skillCode: line.skill === undefined ? null : (named.get(`skill:${line.skill}`)?.code ?? line.skill),
      },
    ];
  });
  return { run, lines: lineRows };
}

/** The run's result as assignments, in the order a planner reads a roster; paged and filtered. */
export async function listProposal(
  deps: CandidateDeps,
  caller: Caller,
  id: string,
  query: ProposalQuery,
): Promise<Page<ProposedAssignment>> {
  const { instance, result } = await explained(deps, caller, id, 'allocation_run.read');
  const order = await lineOrderOf(deps.db, caller.principal.buId, instance);
  const chosen = result.assignments
    .filter(
      (a) =>
        (query.includeFixed || !a.fixed) &&
        (query.employeeId === undefined || a.employeeId === query.employeeId) &&
        (query.date === undefined || a.date === query.date) &&
        (query.demandLineId === undefined || a.lineId === query.demandLineId),
    )
    .sort((a, b) => order(a, b) || (a.employeeId < b.employeeId ? -1 : a.employeeId > b.employeeId ? 1 : 0));
  const page = chosen.slice(offsetOf(query), offsetOf(query) + query.pageSize);
  const [refs, describe] = await Promise.all([
    employeeRefsOf(deps.db, caller.principal.buId, [...new Set(page.map((a) => a.employeeId))]),
    describer(deps, caller, instance),
  ]);
  const employees = new Map(refs.map((ref) => [ref.id, ref]));
  const items = page.flatMap((a) => {
    const employee = employees.get(a.employeeId);
    return employee ? [{ employee, ...describe(a) }] : [];
  });
  return pageOf(items, chosen.length, query);
}

/** The run's result as a roster: one row per employee (by number), one cell per date with work. */
export async function proposalGrid(
  deps: CandidateDeps,
  caller: Caller,
  id: string,
  query: RosterGridQuery,
): Promise<RosterGrid> {
  const { instance, result } = await explained(deps, caller, id, 'allocation_run.read');
  const run = await requireRun(deps.db, caller, 'allocation_run.read', id);
  const byEmployee = new Map<string, Assignment[]>();
  for (const assignment of result.assignments) {
    const list = byEmployee.get(assignment.employeeId);
    if (list) list.push(assignment);
    else byEmployee.set(assignment.employeeId, [assignment]);
  }
  const considered = query.withWorkOnly
    ? [...byEmployee.keys()]
    : instance.employees.map((employee) => employee.id);
  const { rows, total } = await repo.employeesAmong(
    deps.db,
    caller.principal.buId,
    considered,
    query.pageSize,
    offsetOf(query),
  );
  const describe = await describer(deps, caller, instance);
  const items: RosterGridRow[] = rows.map((employee) => ({
    employee,
    cells: (byEmployee.get(employee.id) ?? [])
      .map((a) => {
        const cell = describe(a);
        return {
          date: cell.date,
          shiftCode: cell.shift.code,
          terminalCode: cell.terminal.code,
          skillCode: cell.skillCode,
          endsNextDay: cell.shift.endsNextDay,
          lent: cell.lendingRuleId !== null,
          fixed: cell.fixed,
        };
      })
      .sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0)),
  }));
  return {
    from: run.periodFrom,
    to: run.periodTo,
    items,
    page: query.page,
    pageSize: query.pageSize,
    total,
  };
}
