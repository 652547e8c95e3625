import { and, asc, count, desc, eq, gte, inArray, isNull, lte, ne, or, type SQL, sql } from 'drizzle-orm';
import type { DepartmentScope } from '../../core/auth/principal.ts';
import { type Executor, lockUntilCommit } from '../../core/db/database.ts';
import { paged } from '../../core/db/paging.ts';
import { inDepartmentScope } from '../../core/db/scope.ts';
import {
  type DemandPlanStatus,
  demandLines,
  demandPlans,
  demandTemplateCells,
  demandTemplates,
} from '../../core/db/tables/index.ts';
import { edited } from '../../core/db/versioned.ts';
import {
  ofTerminalCoded,
  shiftTemplatesToJoin as shiftTemplate,
  skillsToJoin as skill,
  terminalsToJoin as terminal,
} from '../lookups/reads.ts';

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

// Plans

/** A live (not archived) plan of the department whose period shares a date with [from, to]. */
export async function overlappingPlan(
  executor: Executor,
  departmentId: string,
  from: string,
  to: string,
): Promise<{ id: string; name: string; from: string; to: string } | null> {
  await lockUntilCommit(executor, `demand-plans:${departmentId}`);
  const [row] = await executor
    .select({
      id: demandPlans.id,
      name: demandPlans.name,
      from: demandPlans.periodFrom,
      to: demandPlans.periodTo,
    })
    .from(demandPlans)
    .where(
      and(
        eq(demandPlans.departmentId, departmentId),
        ne(demandPlans.status, 'Archived'),
        lte(demandPlans.periodFrom, to),
        gte(demandPlans.periodTo, from),
      ),
    )
    .orderBy(demandPlans.periodFrom)
    .limit(1);
  return row ?? null;
}

/**
 * The id of the plan row of the enclosing select, qualified by hand: a select of plans alone writes its
 * columns bare, and a bare `id` inside a subquery of lines would be the line's.
 */
const planOfRow = sql`${demandPlans}.${sql.identifier('id')}`;

const planSelect = {
  id: demandPlans.id,
  buId: demandPlans.buId,
  name: demandPlans.name,
  departmentId: demandPlans.departmentId,
  periodFrom: demandPlans.periodFrom,
  periodTo: demandPlans.periodTo,
  status: demandPlans.status,
  version: demandPlans.version,
  createdAt: demandPlans.createdAt,
  updatedAt: demandPlans.updatedAt,
  lineCount: sql<number>`(select count(*)::int from ${demandLines} l where l.plan_id = ${planOfRow})`,
  totalRequired: sql<number>`(select coalesce(sum(l.required), 0)::int from ${demandLines} l where l.plan_id = ${planOfRow})`,
};

/** A plan as stored: its department by id (lookups names it). */
export type PlanRow = {
  id: string;
  buId: string;
  name: string;
  departmentId: string;
  periodFrom: string;
  periodTo: string;
  status: DemandPlanStatus;
  version: number;
  createdAt: Date;
  updatedAt: Date;
  lineCount: number;
  totalRequired: number;
};

export async function listPlans(
  executor: Executor,
  buId: string,
  scope: DepartmentScope,
  filter: { date?: string; terminal?: string; departmentId?: string; state?: DemandPlanStatus },
  limit: number,
  offset: number,
): Promise<{ rows: PlanRow[]; total: number }> {
  const where = and(
    eq(demandPlans.buId, buId),
    inDepartmentScope(demandPlans.departmentId, scope),
    filter.date === undefined
      ? undefined
      : sql`${demandPlans.periodFrom} <= ${filter.date} and ${demandPlans.periodTo} >= ${filter.date}`,
    filter.terminal === undefined
      ? undefined
      : sql`exists (select 1 from ${demandLines}
              where ${demandLines.planId} = ${demandPlans.id} and ${ofTerminalCoded(demandLines.terminalId, filter.terminal)})`,
    filter.departmentId === undefined ? undefined : eq(demandPlans.departmentId, filter.departmentId),
    filter.state === undefined ? undefined : eq(demandPlans.status, filter.state),
  );
  return paged(
    executor
      .select(planSelect)
      .from(demandPlans)
      .where(where)
      .orderBy(desc(demandPlans.periodFrom), asc(demandPlans.name), asc(demandPlans.id))
      .limit(limit)
      .offset(offset),
    executor.select({ n: count() }).from(demandPlans).where(where),
  );
}

export async function findPlan(
  executor: Executor,
  buId: string,
  scope: DepartmentScope,
  id: string,
): Promise<PlanRow | undefined> {
  const [row] = await executor
    .select(planSelect)
    .from(demandPlans)
    .where(
      and(
        eq(demandPlans.id, id),
        eq(demandPlans.buId, buId),
        inDepartmentScope(demandPlans.departmentId, scope),
      ),
    );
  return row;
}

/** Locks the plan row; answers its status and version as committed now. */
export async function lockPlan(executor: Executor, buId: string, scope: DepartmentScope, id: string) {
  const [row] = await executor
    .select({
      id: demandPlans.id,
      departmentId: demandPlans.departmentId,
      periodFrom: demandPlans.periodFrom,
      periodTo: demandPlans.periodTo,
      status: demandPlans.status,
      version: demandPlans.version,
    })
    .from(demandPlans)
    .where(
      and(
        eq(demandPlans.id, id),
        eq(demandPlans.buId, buId),
        inDepartmentScope(demandPlans.departmentId, scope),
      ),
    )
    .for('update');
  return row;
}

/** The heads a plan asks for in all (zero for a plan without lines). */
export async function requiredHeads(executor: Executor, planId: string): Promise<number> {
  const [row] = await executor
    .select({ total: sql<number>`coalesce(sum(${demandLines.required}), 0)::int` })
    .from(demandLines)
    .where(eq(demandLines.planId, planId));
  return Number(row?.total ?? 0);
}

export async function insertPlan(executor: Executor, values: typeof demandPlans.$inferInsert) {
  const [row] = await executor.insert(demandPlans).values(values).returning({ id: demandPlans.id });
  return row!.id;
}

export async function touchPlan(
  executor: Executor,
  id: string,
  at: Date,
  values: Partial<typeof demandPlans.$inferInsert> = {},
): Promise<number> {
  const [row] = await executor
    .update(demandPlans)
    .set(edited(demandPlans, values, at))
    .where(eq(demandPlans.id, id))
    .returning({ version: demandPlans.version });
  return row!.version;
}

export async function deletePlan(executor: Executor, id: string): Promise<void> {
  await executor.delete(demandPlans).where(eq(demandPlans.id, id));
}

export interface LineRow {
  id: string;
  date: string;
  terminalCode: string;
  shiftTemplateCode: string;
  skillCode: string | null;
  required: number;
  reasonId: string | null;
}

/** The plan's lines with their codes (a reason by id), in date, terminal, shift start and skill order. */
export async function linesOf(
  executor: Executor,
  planId: string,
  range?: { from: string; to: string },
): Promise<LineRow[]> {
  return executor
    .select({
      id: demandLines.id,
      date: demandLines.date,
      terminalCode: terminal.code,
      shiftTemplateCode: shiftTemplate.code,
      skillCode: skill.code,
      required: demandLines.required,
      reasonId: demandLines.reasonId,
    })
    .from(demandLines)
    .innerJoin(terminal, eq(terminal.id, demandLines.terminalId))
    .innerJoin(shiftTemplate, eq(shiftTemplate.id, demandLines.shiftTemplateId))
    .leftJoin(skill, eq(skill.id, demandLines.skillId))
    .where(
      and(
        eq(demandLines.planId, planId),
        range ? sql`${demandLines.date} between ${range.from} and ${range.to}` : undefined,
      ),
    )
    .orderBy(
      asc(demandLines.date),
      asc(terminal.code),
      asc(shiftTemplate.startTime),
      asc(shiftTemplate.code),
      sql`${skill.code} nulls first`,
    );
}

export interface ResolvedCell {
  date: string;
  terminalId: string;
  shiftTemplateId: string;
  skillId: string | null;
  required: number;
  reasonId: string | null;
}

/**
 * Upserts and removes cells in two statements whatever their number: the cells travel as one JSON
 * parameter and are expanded by the database (no statement per cell).
 */
export async function writeCells(
  executor: Executor,
  buId: string,
  planId: string,
  cells: ResolvedCell[],
): Promise<void> {
  const upserts = cells.filter((cell) => cell.required > 0);
  const removals = cells.filter((cell) => cell.required === 0);
  if (removals.length) {
    await executor.execute(sql`delete from ${demandLines} l
      using jsonb_to_recordset(${JSON.stringify(removals)}::jsonb)
        as c("date" date, "terminalId" uuid, "shiftTemplateId" uuid, "skillId" uuid)
      where l.plan_id = ${planId} and l.date = c."date" and l.terminal_id = c."terminalId"
        and l.shift_template_id = c."shiftTemplateId" and l.skill_id is not distinct from c."skillId"`);
  }
  if (upserts.length) {
    await executor.execute(sql`insert into ${demandLines}
        (bu_id, plan_id, date, terminal_id, shift_template_id, skill_id, required, reason_id)
      select ${buId}::uuid, ${planId}::uuid, c."date", c."terminalId", c."shiftTemplateId", c."skillId",
        c."required", c."reasonId"
      from jsonb_to_recordset(${JSON.stringify(upserts)}::jsonb)
        as c("date" date, "terminalId" uuid, "shiftTemplateId" uuid, "skillId" uuid, "required" int, "reasonId" uuid)
      on conflict on constraint demand_lines_cell
      do update set required = excluded.required, reason_id = excluded.reason_id`);
  }
}

/** The plan's current cells between two dates, keyed by their ids. */
export async function cellsBetween(executor: Executor, planId: string, from: string, to: string) {
  const result = await executor.execute(sql`select to_char(date, 'YYYY-MM-DD') as "date",
      terminal_id as "terminalId", shift_template_id as "shiftTemplateId", skill_id as "skillId",
      required, reason_id as "reasonId"
    from ${demandLines} where plan_id = ${planId} and date between ${from} and ${to}`);
  return rowsOf<ResolvedCell>(result);
}

// Templates

export type TemplateRow = typeof demandTemplates.$inferSelect;

/** Templates a scope reaches: the unit-wide ones and those of its departments. */
function templateInScope(scope: DepartmentScope): SQL | undefined {
  if (scope.kind === 'unit') return undefined;
  return or(isNull(demandTemplates.departmentId), inDepartmentScope(demandTemplates.departmentId, scope));
}

export async function listTemplates(
  executor: Executor,
  buId: string,
  scope: DepartmentScope,
  filter: { departmentId?: string },
  limit: number,
  offset: number,
): Promise<{ rows: TemplateRow[]; total: number }> {
  const where = and(
    eq(demandTemplates.buId, buId),
    templateInScope(scope),
    filter.departmentId === undefined ? undefined : eq(demandTemplates.departmentId, filter.departmentId),
  );
  return paged(
    executor
      .select()
      .from(demandTemplates)
      .where(where)
      .orderBy(asc(demandTemplates.name), asc(demandTemplates.id))
      .limit(limit)
      .offset(offset),
    executor.select({ n: count() }).from(demandTemplates).where(where),
  );
}

export async function findTemplate(
  executor: Executor,
  buId: string,
  scope: DepartmentScope,
  id: string,
  forUpdate = false,
): Promise<TemplateRow | undefined> {
  const query = executor
    .select()
    .from(demandTemplates)
    .where(and(eq(demandTemplates.id, id), eq(demandTemplates.buId, buId), templateInScope(scope)));
  const [row] = forUpdate ? await query.for('update') : await query;
  return row;
}

export async function templateCellsOf(executor: Executor, templateIds: string[]) {
  if (!templateIds.length) return [];
  return executor
    .select({
      templateId: demandTemplateCells.templateId,
      weekday: demandTemplateCells.weekday,
      terminalId: demandTemplateCells.terminalId,
      shiftTemplateId: demandTemplateCells.shiftTemplateId,
      skillId: demandTemplateCells.skillId,
      reasonId: demandTemplateCells.reasonId,
      terminalCode: terminal.code,
      shiftTemplateCode: shiftTemplate.code,
      skillCode: skill.code,
      required: demandTemplateCells.required,
    })
    .from(demandTemplateCells)
    .innerJoin(terminal, eq(terminal.id, demandTemplateCells.terminalId))
    .innerJoin(shiftTemplate, eq(shiftTemplate.id, demandTemplateCells.shiftTemplateId))
    .leftJoin(skill, eq(skill.id, demandTemplateCells.skillId))
    .where(inArray(demandTemplateCells.templateId, templateIds))
    .orderBy(
      asc(demandTemplateCells.weekday),
      asc(terminal.code),
      asc(shiftTemplate.startTime),
      sql`${skill.code} nulls first`,
    );
}

export async function insertTemplate(executor: Executor, values: typeof demandTemplates.$inferInsert) {
  const [row] = await executor.insert(demandTemplates).values(values).returning({ id: demandTemplates.id });
  return row!.id;
}

export async function updateTemplate(
  executor: Executor,
  id: string,
  values: Partial<typeof demandTemplates.$inferInsert>,
  at: Date,
): Promise<void> {
  await executor
    .update(demandTemplates)
    .set(edited(demandTemplates, values, at))
    .where(eq(demandTemplates.id, id));
}

export async function replaceTemplateCells(
  executor: Executor,
  templateId: string,
  cells: (Omit<ResolvedCell, 'date'> & { weekday: number })[],
): Promise<void> {
  await executor.delete(demandTemplateCells).where(eq(demandTemplateCells.templateId, templateId));
  for (let i = 0; i < cells.length; i += 1000) {
    await executor
      .insert(demandTemplateCells)
      .values(cells.slice(i, i + 1000).map((cell) => ({ ...cell, templateId })));
  }
}

export async function deleteTemplate(executor: Executor, id: string): Promise<void> {
  await executor.delete(demandTemplates).where(eq(demandTemplates.id, id));
}
