import { and, asc, count, desc, eq, gte, inArray, lte, ne, or, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { DepartmentScope } from '../../core/auth/principal.ts';
import type { Executor } from '../../core/db/database.ts';
import { employeeRefColumns } from '../../core/db/employee-ref.ts';
import { paged } from '../../core/db/paging.ts';
import { inDepartmentScope } from '../../core/db/scope.ts';
import {
  employees,
  type ShiftSwapStatus,
  shiftAssignments,
  shiftSwaps,
  shiftTemplates,
  terminals,
} from '../../core/db/tables/index.ts';

/** SQL of shift swaps; the live roster is read here and written only through the roster module. */

const proposer = alias(employees, 'proposer');
const colleague = alias(employees, 'colleague');
const offeredTemplate = alias(shiftTemplates, 'offered_template');
const offeredTerminal = alias(terminals, 'offered_terminal');
const wantedTemplate = alias(shiftTemplates, 'wanted_template');
const wantedTerminal = alias(terminals, 'wanted_terminal');

const shiftColumns = (
  template: typeof offeredTemplate | typeof wantedTemplate,
  terminal: typeof offeredTerminal | typeof wantedTerminal,
) => ({
  templateId: template.id,
  templateCode: template.code,
  templateNameEn: template.nameEn,
  templateNameAr: template.nameAr,
  start: template.startTime,
  end: template.endTime,
  terminalId: terminal.id,
  terminalCode: terminal.code,
  terminalNameEn: terminal.nameEn,
  terminalNameAr: terminal.nameAr,
});

const refOf = (table: typeof proposer | typeof colleague) => ({
  id: table.id,
  employeeNumber: table.employeeNumber,
  Name_1_English: table.nameEn,
  Name_2_Arabic: table.nameAr,
  departmentId: table.departmentId,
});

const swapQuery = (executor: Executor) =>
  executor
    .select({
      swap: shiftSwaps,
      proposer: refOf(proposer),
      colleague: refOf(colleague),
      offered: shiftColumns(offeredTemplate, offeredTerminal),
      wanted: shiftColumns(wantedTemplate, wantedTerminal),
    })
    .from(shiftSwaps)
    .innerJoin(proposer, eq(proposer.id, shiftSwaps.proposerId))
    .innerJoin(colleague, eq(colleague.id, shiftSwaps.colleagueId))
    .innerJoin(offeredTemplate, eq(offeredTemplate.id, shiftSwaps.offeredShiftTemplateId))
    .innerJoin(offeredTerminal, eq(offeredTerminal.id, shiftSwaps.offeredTerminalId))
    .leftJoin(wantedTemplate, eq(wantedTemplate.id, shiftSwaps.wantedShiftTemplateId))
    .leftJoin(wantedTerminal, eq(wantedTerminal.id, shiftSwaps.wantedTerminalId));

const sqlIncrement = sql`${shiftSwaps.version} + 1`;

export type SwapRow = Awaited<ReturnType<typeof swapQuery>>[number];
export type NewSwapRow = typeof shiftSwaps.$inferInsert;

export async function insertSwap(executor: Executor, row: NewSwapRow): Promise<string> {
  const [created] = await executor.insert(shiftSwaps).values(row).returning({ id: shiftSwaps.id });
  return created!.id;
}

export async function findSwap(executor: Executor, buId: string, id: string) {
  const [row] = await swapQuery(executor).where(and(eq(shiftSwaps.buId, buId), eq(shiftSwaps.id, id)));
  return row ?? null;
}

/** The swap's row locked for the rest of the transaction: concurrent decisions wait, then see the first. */
export async function lockSwap(executor: Executor, buId: string, id: string) {
  const [row] = await executor
    .select()
    .from(shiftSwaps)
    .where(and(eq(shiftSwaps.buId, buId), eq(shiftSwaps.id, id)))
    .for('update');
  return row ?? null;
}

/** Moves a swap on from one of the given states; false when it was in none of them (someone else won). */
export async function transition(
  executor: Executor,
  id: string,
  from: readonly ShiftSwapStatus[],
  change: Partial<NewSwapRow> & { status: ShiftSwapStatus },
  now: Date,
): Promise<boolean> {
  const rows = await executor
    .update(shiftSwaps)
    .set({ ...change, version: sqlIncrement, updatedAt: now })
    .where(and(eq(shiftSwaps.id, id), inArray(shiftSwaps.status, [...from])))
    .returning({ id: shiftSwaps.id });
  return rows.length > 0;
}

export interface SwapFilters {
  status?: ShiftSwapStatus;
  departmentId?: string;
  from?: string;
  to?: string;
}

function listWhere(buId: string, filters: SwapFilters, extra: SQL | undefined) {
  const onOrAfter = (from: string) => or(gte(shiftSwaps.offeredDate, from), gte(shiftSwaps.wantedDate, from));
  const onOrBefore = (to: string) => or(lte(shiftSwaps.offeredDate, to), lte(shiftSwaps.wantedDate, to));
  return and(
    eq(shiftSwaps.buId, buId),
    extra,
    filters.status ? eq(shiftSwaps.status, filters.status) : undefined,
    filters.departmentId ? eq(shiftSwaps.departmentId, filters.departmentId) : undefined,
    filters.from ? onOrAfter(filters.from) : undefined,
    filters.to ? onOrBefore(filters.to) : undefined,
  );
}

async function listWith(executor: Executor, where: SQL | undefined, limit: number, offset: number) {
  return paged(
    swapQuery(executor)
      .where(where)
      .orderBy(desc(shiftSwaps.createdAt), desc(shiftSwaps.id))
      .limit(limit)
      .offset(offset),
    executor.select({ n: count() }).from(shiftSwaps).where(where),
  );
}

/** Swaps of the departments in scope (managers and planners). */
export const listSwaps = (
  executor: Executor,
  buId: string,
  scope: DepartmentScope | null,
  filters: SwapFilters,
  limit: number,
  offset: number,
) =>
  listWith(
    executor,
    listWhere(buId, filters, inDepartmentScope(shiftSwaps.departmentId, scope)),
    limit,
    offset,
  );

/** An employee's swaps: proposed by them, proposed to them, or both. */
export const listOwnSwaps = (
  executor: Executor,
  buId: string,
  employeeId: string,
  role: 'proposed' | 'incoming' | undefined,
  filters: SwapFilters,
  limit: number,
  offset: number,
) => {
  const mine =
    role === 'proposed'
      ? eq(shiftSwaps.proposerId, employeeId)
      : role === 'incoming'
        ? eq(shiftSwaps.colleagueId, employeeId)
        : or(eq(shiftSwaps.proposerId, employeeId), eq(shiftSwaps.colleagueId, employeeId));
  return listWith(executor, listWhere(buId, filters, mine), limit, offset);
};

const liveShiftQuery = (executor: Executor) =>
  executor
    .select({
      assignmentId: shiftAssignments.id,
      employeeId: shiftAssignments.employeeId,
      date: shiftAssignments.date,
      templateId: shiftTemplates.id,
      templateCode: shiftTemplates.code,
      templateNameEn: shiftTemplates.nameEn,
      templateNameAr: shiftTemplates.nameAr,
      start: shiftTemplates.startTime,
      end: shiftTemplates.endTime,
      terminalId: terminals.id,
      terminalCode: terminals.code,
      terminalNameEn: terminals.nameEn,
      terminalNameAr: terminals.nameAr,
    })
    .from(shiftAssignments)
    .innerJoin(shiftTemplates, eq(shiftTemplates.id, shiftAssignments.shiftTemplateId))
    .innerJoin(terminals, eq(terminals.id, shiftAssignments.terminalId));

export type LiveShiftRow = Awaited<ReturnType<typeof liveShiftQuery>>[number];

/** Live shifts of some employees between two dates, by date and start. */
export async function liveShiftsOf(
  executor: Executor,
  buId: string,
  employeeIds: readonly string[],
  from: string,
  to: string,
) {
  if (!employeeIds.length) return [];
  return liveShiftQuery(executor)
    .where(
      and(
        eq(shiftAssignments.buId, buId),
        inArray(shiftAssignments.employeeId, [...employeeIds]),
        gte(shiftAssignments.date, from),
        lte(shiftAssignments.date, to),
      ),
    )
    .orderBy(asc(shiftAssignments.date), asc(shiftTemplates.startTime))
    .limit(2000);
}

/** Active colleagues of a department, the caller left out, by number. */
export async function colleaguesOf(executor: Executor, buId: string, departmentId: string, except: string) {
  return executor
    .select(employeeRefColumns)
    .from(employees)
    .where(
      and(
        eq(employees.buId, buId),
        eq(employees.departmentId, departmentId),
        eq(employees.status, 'ACTIVE'),
        ne(employees.id, except),
      ),
    )
    .orderBy(asc(employees.employeeNumber))
    .limit(500);
}

export async function employeeRef(executor: Executor, buId: string, id: string) {
  const [row] = await executor
    .select({ ...employeeRefColumns, status: employees.status })
    .from(employees)
    .where(and(eq(employees.buId, buId), eq(employees.id, id)));
  return row ?? null;
}
