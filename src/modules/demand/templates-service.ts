import { actorOf, recordAudit } from '../../core/audit/record.ts';
import { type Caller, scopeOf } from '../../core/auth/caller.ts';
import { scopeReaches } from '../../core/auth/principal.ts';
import type { Executor } from '../../core/db/database.ts';
import { businessRule, notFound } from '../../core/http/errors.ts';
import { offsetOf, type Page, pageOf } from '../../core/http/pagination.ts';
import { assertVersion } from '../../core/http/versioning.ts';
import type { ServiceDeps } from '../../core/module-context.ts';
import { addDays, weekdayOf } from '../../core/time/dates.ts';
import { isDepartment } from '../lookups/reads.ts';
import * as repo from './repository.ts';
import type {
  ApplyDemandTemplateRequest,
  ApplyDemandTemplateResult,
  DemandTemplate,
  DemandTemplateUpdate,
  NewDemandTemplate,
  TemplateCell,
  TemplateListQuery,
} from './schemas.ts';
import { assertCellsEditable, assertPeriod, cellKey, resolveCells, withReasonCodes } from './service.ts';

/** Demand templates: a week of cells per weekday, kept per department, applied to a plan's dates. */

async function templateViews(
  executor: Executor,
  buId: string,
  rows: repo.TemplateRow[],
): Promise<DemandTemplate[]> {
  const cells = await withReasonCodes(
    executor,
    buId,
    await repo.templateCellsOf(
      executor,
      rows.map((row) => row.id),
    ),
  );
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    departmentId: row.departmentId,
    description: row.description,
    cells: cells
      .filter((cell) => cell.templateId === row.id)
      .map(({ weekday, terminalCode, shiftTemplateCode, skillCode, required, reasonCode }) => ({
        weekday,
        terminalCode,
        shiftTemplateCode,
        skillCode,
        required,
        reasonCode,
      })),
    version: row.version,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  }));
}

export async function listTemplates(
  { db }: ServiceDeps,
  caller: Caller,
  query: TemplateListQuery,
): Promise<Page<DemandTemplate>> {
  const { rows, total } = await repo.listTemplates(
    db,
    caller.principal.buId,
    scopeOf(caller, 'demand.template_read'),
    query,
    query.pageSize,
    offsetOf(query),
  );
  return pageOf(await templateViews(db, caller.principal.buId, rows), total, query);
}

export async function getTemplate({ db }: ServiceDeps, caller: Caller, id: string): Promise<DemandTemplate> {
  const row = await repo.findTemplate(db, caller.principal.buId, scopeOf(caller, 'demand.template_read'), id);
  if (!row) throw notFound('The demand template');
  return (await templateViews(db, caller.principal.buId, [row]))[0]!;
}

/** Writes need the template's department in the demand.write scope (unit-wide templates: the whole unit). */
async function requireTemplateForWrite(executor: Executor, caller: Caller, id: string) {
  const scope = scopeOf(caller, 'demand.write');
  const row = await repo.findTemplate(executor, caller.principal.buId, scope, id, true);
  if (!row || (row.departmentId === null && scope.kind !== 'unit')) throw notFound('The demand template');
  return row;
}

async function resolveTemplateCells(executor: Executor, buId: string, cells: TemplateCell[]) {
  const resolved = await resolveCells<TemplateCell>(executor, buId, cells, '/cells');
  return resolved.map(({ date: _date, ...cell }, index) => ({
    ...cell,
    weekday: cells[index]!.weekday,
    required: cells[index]!.required,
  }));
}

export async function createTemplate(
  deps: ServiceDeps,
  caller: Caller,
  body: NewDemandTemplate,
): Promise<DemandTemplate> {
  const buId = caller.principal.buId;
  const departmentId = body.departmentId ?? null;
  const scope = scopeOf(caller, 'demand.write');
  const allowed =
    departmentId === null
      ? scope.kind === 'unit'
      : scopeReaches(scope, departmentId) && (await isDepartment(deps.db, buId, departmentId));
  if (!allowed) {
    throw businessRule('DEPARTMENT_UNKNOWN', 'No such department in your scope', {
      errors: [{ path: '/departmentId', message: 'unknown department' }],
    });
  }
  const id = await deps.db.transaction(async (tx) => {
    const cells = await resolveTemplateCells(tx, buId, body.cells);
    const created = await repo.insertTemplate(tx, {
      buId,
      departmentId,
      name: body.name,
      description: body.description ?? null,
    });
    await repo.replaceTemplateCells(tx, created, cells);
    await recordAudit(tx, actorOf(caller), {
      action: 'demand_template.create',
      entityType: 'demand_template',
      entityId: created,
      details: { name: body.name, departmentId, cells: cells.length },
    });
    return created;
  });
  return getTemplate(deps, caller, id);
}

export async function updateTemplate(
  deps: ServiceDeps,
  caller: Caller,
  id: string,
  body: DemandTemplateUpdate,
): Promise<DemandTemplate> {
  await deps.db.transaction(async (tx) => {
    const current = await requireTemplateForWrite(tx, caller, id);
    assertVersion(caller.expectedVersion, current.version);
    if (body.cells)
      await repo.replaceTemplateCells(
        tx,
        id,
        await resolveTemplateCells(tx, caller.principal.buId, body.cells),
      );
    await repo.updateTemplate(
      tx,
      id,
      {
        ...(body.name === undefined ? {} : { name: body.name }),
        ...(body.description === undefined ? {} : { description: body.description }),
      },
      deps.now(),
    );
    await recordAudit(tx, actorOf(caller), {
      action: 'demand_template.update',
      entityType: 'demand_template',
      entityId: id,
      details: { fields: Object.keys(body), ...(body.cells ? { cells: body.cells.length } : {}) },
    });
  });
  return getTemplate(deps, caller, id);
}

export async function deleteTemplate({ db }: ServiceDeps, caller: Caller, id: string): Promise<void> {
  await db.transaction(async (tx) => {
    const current = await requireTemplateForWrite(tx, caller, id);
    await repo.deleteTemplate(tx, id);
    await recordAudit(tx, actorOf(caller), {
      action: 'demand_template.delete',
      entityType: 'demand_template',
      entityId: id,
      details: { name: current.name },
    });
  });
}

/**
 * Lays the template's week over `from..to` of the plan. The dry run answers the cells it would add or
 * change and writes nothing; the commit writes exactly those in the plan's transaction.
 */
export async function applyTemplate(
  { db, now }: ServiceDeps,
  caller: Caller,
  templateId: string,
  body: ApplyDemandTemplateRequest,
): Promise<ApplyDemandTemplateResult> {
  const buId = caller.principal.buId;
  const template = await repo.findTemplate(db, buId, scopeOf(caller, 'demand.template_read'), templateId);
  if (!template) throw notFound('The demand template');
  assertPeriod(body.from, body.to);
  const run = async (executor: Executor) => {
    const plan = body.dryRun
      ? await repo.findPlan(executor, buId, scopeOf(caller, 'demand.write'), body.planId)
      : await repo.lockPlan(executor, buId, scopeOf(caller, 'demand.write'), body.planId);
    if (!plan) {
      throw businessRule('DEMAND_PLAN_UNKNOWN', 'No such demand plan in your scope', {
        errors: [{ path: '/planId', message: 'unknown plan' }],
      });
    }
    if (template.departmentId !== null && template.departmentId !== plan.departmentId) {
      throw businessRule(
        'TEMPLATE_DEPARTMENT_MISMATCH',
        "The template belongs to another department than the plan's",
      );
    }
    if (body.from < plan.periodFrom || body.to > plan.periodTo) {
      throw businessRule(
        'APPLY_RANGE_OUTSIDE_PLAN',
        `The plan covers ${plan.periodFrom}..${plan.periodTo} only`,
        {
          errors: [
            { path: body.from < plan.periodFrom ? '/from' : '/to', message: 'outside the plan period' },
          ],
        },
      );
    }
    if (!body.dryRun) assertCellsEditable(plan.status);
    const templateCells = await withReasonCodes(
      executor,
      buId,
      await repo.templateCellsOf(executor, [templateId]),
    );
    const existing = new Map(
      (await repo.cellsBetween(executor, body.planId, body.from, body.to)).map((cell) => [
        cellKey(cell),
        cell,
      ]),
    );
    const changes: ApplyDemandTemplateResult['cells'] = [];
    const writes: repo.ResolvedCell[] = [];
    let unchanged = 0;
    for (let date = body.from; date <= body.to; date = addDays(date, 1)) {
      const weekday = weekdayOf(date);
      for (const cell of templateCells) {
        if (cell.weekday !== weekday) continue;
        const target: repo.ResolvedCell = {
          date,
          terminalId: cell.terminalId,
          shiftTemplateId: cell.shiftTemplateId,
          skillId: cell.skillId,
          required: cell.required,
          reasonId: cell.reasonId,
        };
        const current = existing.get(cellKey(target));
        if (current && current.required === target.required && current.reasonId === target.reasonId) {
          unchanged++;
          continue;
        }
        writes.push(target);
        changes.push({
          change: current ? 'change' : 'add',
          date,
          terminalCode: cell.terminalCode,
          shiftTemplateCode: cell.shiftTemplateCode,
          skillCode: cell.skillCode,
          required: cell.required,
          previousRequired: current?.required ?? null,
          reasonCode: cell.reasonCode,
        });
      }
    }
    let planVersion = plan.version;
    if (!body.dryRun) {
      await repo.writeCells(executor, buId, body.planId, writes);
      planVersion = await repo.touchPlan(executor, body.planId, now());
      await recordAudit(executor, actorOf(caller), {
        action: 'demand_template.apply',
        entityType: 'demand_plan',
        entityId: body.planId,
        details: {
          templateId,
          from: body.from,
          to: body.to,
          added: changes.filter((c) => c.change === 'add').length,
          changed: changes.filter((c) => c.change === 'change').length,
        },
      });
    }
    return {
      templateId,
      planId: body.planId,
      from: body.from,
      to: body.to,
      dryRun: body.dryRun,
      added: changes.filter((c) => c.change === 'add').length,
      changed: changes.filter((c) => c.change === 'change').length,
      unchanged,
      cells: changes,
      planVersion,
    };
  };
  return body.dryRun ? run(db) : db.transaction(run);
}
