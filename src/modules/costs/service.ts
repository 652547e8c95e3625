import type { Caller } from '../../core/auth/caller.ts';
import { scopeOf } from '../../core/auth/caller.ts';
import type { Executor } from '../../core/db/database.ts';
import { notFound } from '../../core/http/errors.ts';
import type { ServiceDeps } from '../../core/module-context.ts';
import { addDays, WEEKDAY_NAMES, weekdayOf } from '../../core/time/dates.ts';
import type { Instance, Result } from '../../engine/index.ts';
import { attendedSegments } from '../attendance/reads.ts';
import { departmentsInScope } from '../lookups/reads.ts';
import { readSettings } from '../settings/service.ts';
import { minutesOf, price, shiftWork, type Work } from './pricing.ts';
import { costView, currencyOf, difference, priced, pricingContext } from './pricing-context.ts';
import { type Exact, exact, formatMinor, fromDecimal, fromNumber, round } from './rational.ts';
import * as repo from './repository.ts';
import type {
  DepartmentMonthCost,
  LabourCost,
  MonthCostOverview,
  PublishedRosterCost,
  RunCost,
} from './schemas.ts';
import { budgetMinorOf, monthRange } from './settings-service.ts';

/** A run's proposal as work: every assignment of its result, the live work it kept included. */
function proposalWork(instance: Instance, result: Pick<Result, 'assignments'>): Work[] {
  const lines = new Map(instance.demandLines.map((line) => [line.id, line]));
  const templates = new Map(instance.shiftTemplates.map((template) => [template.id, template]));
  return result.assignments.flatMap((assignment) => {
    const line = lines.get(assignment.lineId);
    const template = line && templates.get(line.shiftTemplateId);
    if (!template) return [];
    return [
      shiftWork(
        assignment.employeeId,
        line.date,
        template.start,
        template.end,
        fromNumber(template.paidHours),
      ),
    ];
  });
}

/** A proposal's work and what pricing it over `count` needs, the hours before it in its first week included. */
async function proposalPricing(
  executor: Executor,
  buId: string,
  instance: Instance,
  result: Pick<Result, 'assignments'>,
  count: { from: string; to: string },
) {
  const work = proposalWork(instance, result);
  const opening = new Map<string, Exact>(
    instance.priorWork.map((prior) => [prior.employeeId, fromNumber(prior.hoursInFirstWeek)]),
  );
  const context = await pricingContext(
    executor,
    buId,
    work.map((item) => item.employeeId),
    count,
    opening,
  );
  return { work, context };
}

/** Prices a run's result over its period, the hours worked before it in its first week included. */
async function priceProposal(executor: Executor, buId: string, instance: Instance, result: Result) {
  const { work, context } = await proposalPricing(executor, buId, instance, result, instance.period);
  return priced(work, context);
}

/**
 * What each person's work of a roster costs over the dates of `count`, by employee: their work after it
 * still fills its week's hours (overtime falls on a week's last hours), as a run's cost counts it.
 */
export async function costByEmployee(
  executor: Executor,
  buId: string,
  instance: Instance,
  roster: Pick<Result, 'assignments'>,
  count: { from: string; to: string },
): Promise<Map<string, LabourCost>> {
  const { work, context } = await proposalPricing(executor, buId, instance, roster, count);
  const byEmployee = new Map<string, Work[]>();
  for (const item of work) {
    const own = byEmployee.get(item.employeeId);
    if (own) own.push(item);
    else byEmployee.set(item.employeeId, [item]);
  }
  return new Map([...byEmployee].map(([employeeId, own]) => [employeeId, priced(own, context)]));
}

/**
 * Records what an execution of a run costs, in the transaction that stores its result: a rerun replaces
 * the result, so this is how its predecessor's cost is known later.
 */
export async function recordRunCost(
  executor: Executor,
  run: { buId: string; id: string },
  instance: Instance,
  result: Result,
): Promise<void> {
  const execution = await repo.runExecutions(executor, run.id);
  const cost = await priceProposal(executor, run.buId, instance, result);
  await repo.insertRunCost(executor, { buId: run.buId, runId: run.id, execution, cost });
}

/**
 * What a run's latest execution costs, beside the one before it. `storedProposal` reads the run's stored
 * instance and result, for an execution from before costs were recorded.
 */
export async function runCost(
  deps: ServiceDeps,
  run: { id: string; buId: string; executions: number },
  storedProposal: () => Promise<{ instance: Instance; result: Result } | null>,
): Promise<RunCost | null> {
  if (run.executions === 0) return null;
  const { buId } = run;
  const stored = await repo.runCostsOf(deps.db, run.id, [run.executions, run.executions - 1]);
  let current = stored.find((row) => row.execution === run.executions)?.cost as LabourCost | undefined;
  if (!current) {
    // Executed before costs were recorded: priced now from the stored result, and kept.
    const blobs = await storedProposal();
    if (!blobs) return null;
    current = await priceProposal(deps.db, buId, blobs.instance, blobs.result);
    await repo.insertRunCost(deps.db, { buId, runId: run.id, execution: run.executions, cost: current });
  }
  const previous = stored.find((row) => row.execution === run.executions - 1)?.cost as LabourCost | undefined;
  const currency = await currencyOf(deps.db, buId);
  return {
    runId: run.id,
    execution: run.executions,
    cost: current,
    previous: previous ? { execution: run.executions - 1, cost: previous } : null,
    difference: previous ? difference(current, previous, currency) : null,
  };
}

/** A roster line as pricing reads it (a version's paid hours come as a number or a decimal string). */
interface PricedLine {
  employeeId: string;
  date: string;
  startTime: string;
  endTime: string;
  paidHours: string | number;
}

const lineWork = (line: PricedLine) =>
  shiftWork(
    line.employeeId,
    line.date,
    line.startTime,
    line.endTime,
    typeof line.paidHours === 'number' ? fromNumber(line.paidHours) : fromDecimal(line.paidHours),
  );

/**
 * What a version's lines cost over its period and, beside it, the version it replaces (issue 53: the
 * approval card). Both are priced by one context, with today's rates and premiums, so that their
 * difference is what the roster's changes cost and nothing else.
 */
export async function versionCosts(
  executor: Executor,
  buId: string,
  period: { from: string; to: string },
  lines: readonly PricedLine[],
  previousLines: readonly PricedLine[] | null,
): Promise<{ cost: LabourCost; previous: LabourCost | null; difference: LabourCost | null }> {
  const work = lines.map(lineWork);
  const before = (previousLines ?? []).map(lineWork);
  const context = await pricingContext(
    executor,
    buId,
    [...new Set([...work, ...before].map((item) => item.employeeId))],
    period,
  );
  const cost = priced(work, context);
  const previous = previousLines ? priced(before, context) : null;
  return { cost, previous, difference: previous ? difference(cost, previous, context.currency) : null };
}

export async function publishedRosterCost(
  deps: ServiceDeps,
  caller: Caller,
  rosterId: string,
): Promise<PublishedRosterCost> {
  const buId = caller.principal.buId;
  const roster = await repo.findPublished(deps.db, buId, scopeOf(caller, 'labour_cost.view'), rosterId);
  if (!roster) throw notFound('The published roster');
  const lines = await repo.publishedLines(deps.db, roster.id);
  const { cost } = await versionCosts(
    deps.db,
    buId,
    { from: roster.periodFrom, to: roster.periodTo },
    lines,
    null,
  );
  return {
    rosterId: roster.id,
    version: roster.version,
    from: roster.periodFrom,
    to: roster.periodTo,
    cost,
  };
}

/** A segment of attendance as work: what was attended is paid, minute for minute. */
function segmentWork(segment: {
  employeeId: string;
  date: string;
  timeIn: string;
  timeOut: string;
  endsAtMidnight: boolean;
}): Work {
  const startMinute = minutesOf(segment.timeIn);
  const endMinute = segment.endsAtMidnight ? 1440 : minutesOf(segment.timeOut);
  return {
    employeeId: segment.employeeId,
    date: segment.date,
    startMinute,
    endMinute,
    paidHours: exact(BigInt(endMinute - startMinute), 60n),
  };
}

/** The whole weeks around a month, so that a week's overtime is counted where it falls. */
function weeksAround(from: string, to: string, weekStart: number) {
  const weeksFrom = addDays(from, -((weekdayOf(from) - weekStart + 7) % 7));
  const weeksTo = addDays(to, 6 - ((weekdayOf(to) - weekStart + 7) % 7));
  return { weeksFrom, weeksTo };
}

/** Planned against actual against budget for one department and month, the department already checked. */
async function departmentMonth(
  executor: Executor,
  buId: string,
  department: { id: string; code: string; nameEn: string; nameAr: string | null },
  month: string,
): Promise<DepartmentMonthCost> {
  const { from, to } = monthRange(month);
  const { settings } = await readSettings(executor, buId);
  const { weeksFrom, weeksTo } = weeksAround(from, to, WEEKDAY_NAMES.indexOf(settings.weekStart));
  const [lines, segments, budget] = await Promise.all([
    repo.plannedLines(executor, buId, department.id, weeksFrom, weeksTo),
    attendedSegments(executor, buId, department.id, weeksFrom, weeksTo),
    repo.findBudget(executor, buId, { kind: 'unit' }, { departmentId: department.id, month: from }),
  ]);
  const plannedWork = lines.map(lineWork);
  const actualWork = segments.map(segmentWork);
  const context = await pricingContext(
    executor,
    buId,
    [...plannedWork, ...actualWork].map((item) => item.employeeId),
    { from, to, weeksFrom, weeksTo },
  );
  const planned = costView(price(plannedWork, context.rules), context);
  const actual = costView(price(actualWork, context.rules), context);
  const budgetMinor = budget ? BigInt(budget.amountMinor) : null;
  // Tenths of a percent, rounded once: total × 1000 ÷ budget.
  const share = (total: string) =>
    budgetMinor ? formatMinor(round(exact(BigInt(total.replace('.', '')) * 1000n, budgetMinor)), 1) : null;
  return {
    department: {
      id: department.id,
      code: department.code,
      nameEn: department.nameEn,
      nameAr: department.nameAr,
    },
    month,
    currency: context.currency.code,
    budget: budget ? budgetMinorOf(budget.amountMinor, context.currency) : null,
    planned,
    actual,
    plannedShareOfBudget: share(planned.total),
    actualShareOfBudget: share(actual.total),
  };
}

export async function departmentMonthCost(
  deps: ServiceDeps,
  caller: Caller,
  departmentId: string,
  month: string,
): Promise<DepartmentMonthCost> {
  const buId = caller.principal.buId;
  const department = await repo.findDepartment(
    deps.db,
    buId,
    scopeOf(caller, 'labour_cost.view'),
    departmentId,
  );
  if (!department) throw notFound('The department');
  return departmentMonth(deps.db, buId, department, month);
}

/** Every department in scope that has a budget, a planned roster or attendance in the month. */
export async function monthOverview(
  deps: ServiceDeps,
  caller: Caller,
  month: string,
): Promise<MonthCostOverview> {
  const buId = caller.principal.buId;
  const departments = await departmentsInScope(deps.db, buId, scopeOf(caller, 'labour_cost.view'));
  const currency = await currencyOf(deps.db, buId);
  const answers: DepartmentMonthCost[] = [];
  for (const department of departments) {
    const answer = await departmentMonth(deps.db, buId, department, month);
    if (answer.budget !== null || answer.planned.hours !== '0.00' || answer.actual.hours !== '0.00') {
      answers.push(answer);
    }
  }
  return { month, currency: currency.code, departments: answers };
}

/** The month of the departments in scope in three figures: what the dashboard's tile shows. */
export async function monthTotals(deps: ServiceDeps, caller: Caller, month: string) {
  const overview = await monthOverview(deps, caller, month);
  const { minorUnits } = await currencyOf(deps.db, caller.principal.buId);
  const minor = (text: string) => BigInt(text.replace('.', ''));
  const sum = (texts: string[]) =>
    formatMinor(
      texts.reduce((total, text) => total + minor(text), 0n),
      minorUnits,
    );
  const budgets = overview.departments.flatMap((department) =>
    department.budget === null ? [] : [department.budget],
  );
  return {
    month,
    currency: overview.currency,
    budget: budgets.length ? sum(budgets) : null,
    planned: sum(overview.departments.map((department) => department.planned.total)),
    actual: sum(overview.departments.map((department) => department.actual.total)),
  };
}
