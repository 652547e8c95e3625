import { actorOf, recordAudit } from '../../core/audit/record.ts';
import { type Caller, scopeOf } from '../../core/auth/caller.ts';
import { scopeReaches } from '../../core/auth/principal.ts';
import type { Executor } from '../../core/db/database.ts';
import { type DemandPlanStatus, MAX_PLAN_DAYS } from '../../core/db/tables/index.ts';
import {
  businessRule,
  conflict,
  type FieldError,
  notFound,
  validationFailed,
} from '../../core/http/errors.ts';
import { offsetOf, type Page, pageOf } from '../../core/http/pagination.ts';
import { assertVersion } from '../../core/http/versioning.ts';
import type { ServiceDeps } from '../../core/module-context.ts';
import { addDays, daysBetween, isRealDate } from '../../core/time/dates.ts';
import { planHasActiveRuns } from '../allocation/runs-service.ts';
import { activeIdsByCodes, demandReasonCodesOf, departmentsByIds, isDepartment } from '../lookups/reads.ts';
import * as repo from './repository.ts';
import type {
  DemandCell,
  DemandPlan,
  DemandPlanDetail,
  DemandPlanUpdate,
  NewDemandPlan,
  PlanListQuery,
} from './schemas.ts';

/** Status changes a PATCH may make; Archived is reachable from every state and leaves none. */
const TRANSITIONS: Record<DemandPlanStatus, readonly DemandPlanStatus[]> = {
  Draft: ['Approved', 'Archived'],
  Approved: ['Locked', 'Archived'],
  Locked: ['Archived'],
  Archived: [],
};

/** The plans as answers show them, their departments' codes read through lookups. */
async function planViews(
  executor: Executor,
  buId: string,
  rows: readonly repo.PlanRow[],
): Promise<DemandPlan[]> {
  const codes = new Map(
    (await departmentsByIds(executor, buId, [...new Set(rows.map((row) => row.departmentId))])).map(
      (node) => [node.id, node.code],
    ),
  );
  return rows.map((row) => planView(row, codes.get(row.departmentId)!));
}

function planView(row: repo.PlanRow, departmentCode: string): DemandPlan {
  return {
    id: row.id,
    name: row.name,
    departmentId: row.departmentId,
    departmentCode,
    from: row.periodFrom,
    to: row.periodTo,
    Status: row.status,
    lineCount: Number(row.lineCount),
    totalRequired: Number(row.totalRequired),
    version: row.version,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** A line as answers show it: its reason by code. */
export type PlanLine = Omit<repo.LineRow, 'reasonId'> & { reasonCode: string | null };

/** Names the reasons of lines or cells by code, read through lookups (the demand reasons are theirs). */
export async function withReasonCodes<R extends { reasonId: string | null }>(
  executor: Executor,
  buId: string,
  rows: readonly R[],
): Promise<(R & { reasonCode: string | null })[]> {
  const codes = await demandReasonCodesOf(
    executor,
    buId,
    rows.flatMap((row) => row.reasonId ?? []),
  );
  return rows.map((row) => ({ ...row, reasonCode: (row.reasonId && codes.get(row.reasonId)) ?? null }));
}

/** The matrix sums a cell's skills: date × terminal × shift → required. */
export function matrixOf(from: string, to: string, lines: readonly PlanLine[]) {
  const dates = Array.from({ length: daysBetween(from, to) }, (_, i) => addDays(from, i));
  const cells = new Map<
    string,
    { date: string; terminalCode: string; shiftTemplateCode: string; required: number }
  >();
  const terminalsSeen = new Set<string>();
  const shiftsSeen = new Set<string>();
  const byDate = new Map<string, number>();
  const byShift = new Map<string, number>();
  let total = 0;
  for (const line of lines) {
    const key = `${line.date}|${line.terminalCode}|${line.shiftTemplateCode}`;
    const cell = cells.get(key);
    if (cell) cell.required += line.required;
    else
      cells.set(key, {
        date: line.date,
        terminalCode: line.terminalCode,
        shiftTemplateCode: line.shiftTemplateCode,
        required: line.required,
      });
    terminalsSeen.add(line.terminalCode);
    shiftsSeen.add(line.shiftTemplateCode);
    byDate.set(line.date, (byDate.get(line.date) ?? 0) + line.required);
    byShift.set(line.shiftTemplateCode, (byShift.get(line.shiftTemplateCode) ?? 0) + line.required);
    total += line.required;
  }
  return {
    matrix: {
      dates,
      terminals: [...terminalsSeen].sort(),
      shiftTemplates: [...shiftsSeen],
      cells: [...cells.values()],
    },
    totals: {
      byDate: dates.map((date) => ({ date, required: byDate.get(date) ?? 0 })),
      byShift: [...byShift].map(([shiftTemplateCode, required]) => ({ shiftTemplateCode, required })),
      total,
    },
  };
}

export async function listPlans(
  { db }: ServiceDeps,
  caller: Caller,
  query: PlanListQuery,
): Promise<Page<DemandPlan>> {
  if (query.state !== undefined && query.status !== undefined && query.state !== query.status) {
    throw validationFailed('`status` is another name of `state`: give one, or the same value', [
      { path: '/status', message: `must equal state (${query.state})` },
    ]);
  }
  const { state, status, ...filter } = query;
  const { rows, total } = await repo.listPlans(
    db,
    caller.principal.buId,
    scopeOf(caller, 'demand.read'),
    { ...filter, state: state ?? status },
    query.pageSize,
    offsetOf(query),
  );
  return pageOf(await planViews(db, caller.principal.buId, rows), total, query);
}

async function detailOf(executor: Executor, row: repo.PlanRow): Promise<DemandPlanDetail> {
  const lines: PlanLine[] = (
    await withReasonCodes(executor, row.buId, await repo.linesOf(executor, row.id))
  ).map(({ reasonId: _, ...line }) => line);
  const [plan] = await planViews(executor, row.buId, [row]);
  return { ...plan!, lines, ...matrixOf(row.periodFrom, row.periodTo, lines) };
}

export async function getPlan({ db }: ServiceDeps, caller: Caller, id: string): Promise<DemandPlanDetail> {
  const row = await repo.findPlan(db, caller.principal.buId, scopeOf(caller, 'demand.read'), id);
  if (!row) throw notFound('The demand plan');
  return detailOf(db, row);
}

export function assertPeriod(from: string, to: string, paths = { from: '/from', to: '/to' }) {
  const errors: FieldError[] = [];
  if (!isRealDate(from)) errors.push({ path: paths.from, message: 'not a real date' });
  if (!isRealDate(to)) errors.push({ path: paths.to, message: 'not a real date' });
  if (!errors.length && to < from) errors.push({ path: paths.to, message: 'before from' });
  if (errors.length) throw businessRule('INVALID_DATE_RANGE', 'The dates do not make a period', { errors });
}

export async function createPlan(
  deps: ServiceDeps,
  caller: Caller,
  body: NewDemandPlan,
): Promise<DemandPlanDetail> {
  const buId = caller.principal.buId;
  assertPeriod(body.from, body.to);
  if (daysBetween(body.from, body.to) > MAX_PLAN_DAYS) {
    throw businessRule('PLAN_PERIOD_TOO_LONG', `A plan covers at most ${MAX_PLAN_DAYS} days`, {
      errors: [{ path: '/to', message: `more than ${MAX_PLAN_DAYS} days after from` }],
    });
  }
  if (
    !scopeReaches(scopeOf(caller, 'demand.write'), body.departmentId) ||
    !(await isDepartment(deps.db, buId, body.departmentId))
  ) {
    throw businessRule('DEPARTMENT_UNKNOWN', 'No such department in your scope', {
      errors: [{ path: '/departmentId', message: 'unknown department' }],
    });
  }
  const id = await deps.db.transaction(async (tx) => {
    // One plan per department and date: a run on either would staff the days the other plans.
    const other = await repo.overlappingPlan(tx, body.departmentId, body.from, body.to);
    if (other) {
      throw conflict(
        'DEMAND_PLAN_OVERLAP',
        `The plan "${other.name}" (${other.from} to ${other.to}) covers some of these dates for the department`,
        { demandPlan: other },
      );
    }
    const created = await repo.insertPlan(tx, {
      buId,
      departmentId: body.departmentId,
      name: body.name,
      periodFrom: body.from,
      periodTo: body.to,
    });
    await recordAudit(tx, actorOf(caller), {
      action: 'demand_plan.create',
      entityType: 'demand_plan',
      entityId: created,
      details: { ...body },
    });
    return created;
  });
  return getPlan(deps, caller, id);
}

export const cellKey = (cell: {
  date: string;
  terminalId: string;
  shiftTemplateId: string;
  skillId: string | null;
}) => `${cell.date}|${cell.terminalId}|${cell.shiftTemplateId}|${cell.skillId ?? ''}`;

interface CellProblem {
  index: number;
  path: string;
  message: string;
}

/** Resolves the cells' codes and checks them against the lookups and the period; 422 lists every offender. */
export async function resolveCells<
  C extends {
    terminalCode: string;
    shiftTemplateCode: string;
    skillCode?: string | null;
    reasonCode?: string | null;
  },
>(
  executor: Executor,
  buId: string,
  cells: (C & { date?: string })[],
  pointer: string,
  period?: { from: string; to: string },
) {
  const distinct = (pick: (cell: C) => string | null | undefined) => [
    ...new Set(cells.map(pick).filter((code): code is string => typeof code === 'string')),
  ];
  const maps = await activeIdsByCodes(executor, buId, {
    terminals: distinct((cell) => cell.terminalCode),
    shiftTemplates: distinct((cell) => cell.shiftTemplateCode),
    skills: distinct((cell) => cell.skillCode),
    reasons: distinct((cell) => cell.reasonCode),
  });
  const problems: CellProblem[] = [];
  const seen = new Set<string>();
  const resolved = cells.map((cell, index) => {
    const at = (field: string, message: string) =>
      problems.push({ index, path: `${pointer}/${index}/${field}`, message });
    const terminalId = maps.terminals.get(cell.terminalCode);
    const shiftTemplateId = maps.shiftTemplates.get(cell.shiftTemplateCode);
    const skillId = cell.skillCode ? maps.skills.get(cell.skillCode) : null;
    const reasonId = cell.reasonCode ? maps.reasons.get(cell.reasonCode) : null;
    if (!terminalId) at('terminalCode', `unknown terminal ${cell.terminalCode}`);
    if (!shiftTemplateId) at('shiftTemplateCode', `unknown shift template ${cell.shiftTemplateCode}`);
    if (skillId === undefined) at('skillCode', `unknown skill ${cell.skillCode}`);
    if (reasonId === undefined) at('reasonCode', `unknown demand reason ${cell.reasonCode}`);
    if (cell.date !== undefined && period) {
      if (!isRealDate(cell.date)) at('date', 'not a real date');
      else if (cell.date < period.from || cell.date > period.to) {
        at('date', `outside the plan period ${period.from}..${period.to}`);
      }
    }
    const out = {
      date: cell.date ?? '',
      terminalId: terminalId ?? '',
      shiftTemplateId: shiftTemplateId ?? '',
      skillId: skillId ?? null,
      reasonId: reasonId ?? null,
    };
    const key = `${(cell as { weekday?: number }).weekday ?? ''}|${cellKey(out)}`;
    if (terminalId && shiftTemplateId && skillId !== undefined) {
      if (seen.has(key)) at('', 'the same cell appears twice in the request');
      seen.add(key);
    }
    return out;
  });
  if (problems.length) {
    const offending = [...new Set(problems.map((problem) => problem.index))];
    throw businessRule('DEMAND_CELLS_INVALID', `${offending.length} cell(s) are not valid`, {
      errors: problems.slice(0, 1000).map(({ path, message }) => ({ path, message })),
      cells: offending.slice(0, 1000).map((index) => ({ index, ...cells[index] })),
    });
  }
  return resolved;
}

/** A plan that a non-archived allocation run uses cannot be deleted (archived runs go with it). */
async function assertPlanNotInUse(executor: Executor, planId: string): Promise<void> {
  if (await planHasActiveRuns(executor, planId)) {
    throw conflict('DEMAND_PLAN_IN_USE', 'An allocation run uses this plan; archive the run first');
  }
}

export function assertCellsEditable(status: string) {
  if (status === 'Locked')
    throw conflict('DEMAND_PLAN_LOCKED', 'The plan is locked: its cells cannot change');
  if (status === 'Archived') {
    throw conflict('DEMAND_PLAN_ARCHIVED', 'The plan is archived and read-only');
  }
}

export async function updatePlan(
  deps: ServiceDeps,
  caller: Caller,
  id: string,
  body: DemandPlanUpdate,
): Promise<DemandPlanDetail> {
  const buId = caller.principal.buId;
  const scope = scopeOf(caller, 'demand.write');
  await deps.db.transaction(async (tx) => {
    const plan = await repo.lockPlan(tx, buId, scope, id);
    if (!plan) throw notFound('The demand plan');
    assertVersion(caller.expectedVersion, plan.version);
    const status = plan.status;
    if (body.cells?.length) assertCellsEditable(status);
    if (body.name !== undefined && status === 'Archived') assertCellsEditable(status);
    if (body.status !== undefined && body.status !== status && !TRANSITIONS[status].includes(body.status)) {
      throw conflict('INVALID_STATE_TRANSITION', `A ${status} plan cannot become ${body.status}`, {
        from: status,
        to: body.status,
        allowed: TRANSITIONS[status],
      });
    }
    const cells = body.cells ?? [];
    if (cells.length) {
      const resolved = await resolveCells<DemandCell>(tx, buId, cells, '/cells', {
        from: plan.periodFrom,
        to: plan.periodTo,
      });
      await repo.writeCells(
        tx,
        buId,
        id,
        resolved.map((cell, index) => ({ ...cell, required: cells[index]!.required })),
      );
    }
    // An approved plan is what a run staffs; approving one that asks for nobody would run, "cover" 100 %
    // and price fixed work as if it were the plan's.
    if (body.status === 'Approved' && status !== 'Approved' && (await repo.requiredHeads(tx, id)) === 0) {
      throw businessRule(
        'DEMAND_PLAN_EMPTY',
        'The plan asks for nobody yet: enter its demand before approving it',
      );
    }
    await repo.touchPlan(tx, id, deps.now(), {
      ...(body.status === undefined ? {} : { status: body.status }),
      ...(body.name === undefined ? {} : { name: body.name }),
    });
    await recordAudit(tx, actorOf(caller), {
      action: 'demand_plan.update',
      entityType: 'demand_plan',
      entityId: id,
      details: {
        cells: cells.length,
        removed: cells.filter((cell) => cell.required === 0).length,
        ...(body.status !== undefined && body.status !== status
          ? { status: { from: status, to: body.status } }
          : {}),
        ...(body.name === undefined ? {} : { name: body.name }),
      },
    });
  });
  return getPlan(deps, caller, id);
}

export async function deletePlan({ db }: ServiceDeps, caller: Caller, id: string): Promise<void> {
  await db.transaction(async (tx) => {
    const plan = await repo.lockPlan(tx, caller.principal.buId, scopeOf(caller, 'demand.write'), id);
    if (!plan) throw notFound('The demand plan');
    await assertPlanNotInUse(tx, id);
    await repo.deletePlan(tx, id);
    await recordAudit(tx, actorOf(caller), {
      action: 'demand_plan.delete',
      entityType: 'demand_plan',
      entityId: id,
      details: { from: plan.periodFrom, to: plan.periodTo, status: plan.status },
    });
  });
}

// Templates
