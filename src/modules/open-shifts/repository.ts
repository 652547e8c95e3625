import { and, asc, count, desc, eq, gte, inArray, lte, ne, sql } from 'drizzle-orm';
import type { DepartmentScope } from '../../core/auth/principal.ts';
import type { Executor } from '../../core/db/database.ts';
import { employeeRefColumns } from '../../core/db/employee-ref.ts';
import { paged } from '../../core/db/paging.ts';
import { inDepartmentScope } from '../../core/db/scope.ts';
import {
  demandLines,
  demandPlans,
  employees,
  type OpenShiftClaimStatus,
  type OpenShiftStatus,
  openShiftClaims,
  openShifts,
  orgNodes,
  shiftAssignments,
  shiftTemplates,
  skills,
  terminals,
} from '../../core/db/tables/index.ts';

/** SQL of open shifts: offers of the live roster's gaps and employees' claims of them. */

/** A demand line of a plan with how many live assignments staff it (what an offer is made of). */
export interface LineState {
  id: string;
  date: string;
  departmentId: string;
  planStatus: string;
  terminalId: string;
  shiftTemplateId: string;
  skillId: string | null;
  required: number;
  assigned: number;
}

/** Lines by id, or a department's lines over a period, with their live staffing. */
export async function linesOf(
  executor: Executor,
  buId: string,
  filter: { ids: readonly string[] } | { departmentId: string; from: string; to: string },
): Promise<LineState[]> {
  if ('ids' in filter && !filter.ids.length) return [];
  const lineFilter =
    'ids' in filter
      ? inArray(demandLines.id, [...filter.ids])
      : and(
          eq(demandPlans.departmentId, filter.departmentId),
          gte(demandLines.date, filter.from),
          lte(demandLines.date, filter.to),
        );
  const staffed = executor
    .select({ lineId: shiftAssignments.demandLineId, n: count().as('n') })
    .from(shiftAssignments)
    .where(
      and(
        eq(shiftAssignments.buId, buId),
        'ids' in filter
          ? inArray(shiftAssignments.demandLineId, [...filter.ids])
          : and(gte(shiftAssignments.date, filter.from), lte(shiftAssignments.date, filter.to)),
      ),
    )
    .groupBy(shiftAssignments.demandLineId)
    .as('staffed');
  return executor
    .select({
      id: demandLines.id,
      date: demandLines.date,
      departmentId: demandPlans.departmentId,
      planStatus: demandPlans.status,
      terminalId: demandLines.terminalId,
      shiftTemplateId: demandLines.shiftTemplateId,
      skillId: demandLines.skillId,
      required: demandLines.required,
      assigned: sql<number>`coalesce(${staffed.n}, 0)::int`,
    })
    .from(demandLines)
    .innerJoin(demandPlans, eq(demandPlans.id, demandLines.planId))
    .leftJoin(staffed, eq(staffed.lineId, demandLines.id))
    .where(and(eq(demandLines.buId, buId), lineFilter))
    .orderBy(asc(demandLines.date), asc(demandLines.id));
}

export async function departmentExists(executor: Executor, buId: string, id: string): Promise<boolean> {
  const [row] = await executor
    .select({ id: orgNodes.id })
    .from(orgNodes)
    .where(and(eq(orgNodes.buId, buId), eq(orgNodes.id, id)));
  return row !== undefined;
}

const offerColumns = {
  id: openShifts.id,
  demandLineId: openShifts.demandLineId,
  departmentId: openShifts.departmentId,
  departmentCode: orgNodes.code,
  heads: openShifts.heads,
  filled: openShifts.filled,
  status: openShifts.status,
  closedReason: openShifts.closedReason,
  offeredAt: openShifts.offeredAt,
  closedAt: openShifts.closedAt,
  version: openShifts.version,
  date: demandLines.date,
  shiftTemplateId: shiftTemplates.id,
  shiftCode: shiftTemplates.code,
  shiftNameEn: shiftTemplates.nameEn,
  shiftNameAr: shiftTemplates.nameAr,
  start: shiftTemplates.startTime,
  end: shiftTemplates.endTime,
  terminalId: terminals.id,
  terminalCode: terminals.code,
  terminalNameEn: terminals.nameEn,
  terminalNameAr: terminals.nameAr,
  skillId: skills.id,
  skillCode: skills.code,
};

const offerQuery = (executor: Executor) =>
  executor
    .select(offerColumns)
    .from(openShifts)
    .innerJoin(demandLines, eq(demandLines.id, openShifts.demandLineId))
    .innerJoin(orgNodes, eq(orgNodes.id, openShifts.departmentId))
    .innerJoin(shiftTemplates, eq(shiftTemplates.id, demandLines.shiftTemplateId))
    .innerJoin(terminals, eq(terminals.id, demandLines.terminalId))
    .leftJoin(skills, eq(skills.id, demandLines.skillId));

export type OfferRow = Awaited<ReturnType<typeof offerQuery>>[number];

export interface OfferFilters {
  status?: OpenShiftStatus;
  departmentId?: string;
  from?: string;
  to?: string;
  ids?: readonly string[];
}

const offerFilter = (buId: string, scope: DepartmentScope | null, filters: OfferFilters) =>
  and(
    eq(openShifts.buId, buId),
    inDepartmentScope(openShifts.departmentId, scope),
    filters.status ? eq(openShifts.status, filters.status) : undefined,
    filters.departmentId ? eq(openShifts.departmentId, filters.departmentId) : undefined,
    filters.from ? gte(demandLines.date, filters.from) : undefined,
    filters.to ? lte(demandLines.date, filters.to) : undefined,
    filters.ids ? inArray(openShifts.id, [...filters.ids]) : undefined,
  );

/** Offers in roster order (date, shift start, terminal). */
export async function listOffers(
  executor: Executor,
  buId: string,
  scope: DepartmentScope | null,
  filters: OfferFilters,
  limit: number,
  offset: number,
) {
  const where = offerFilter(buId, scope, filters);
  return paged(
    offerQuery(executor)
      .where(where)
      .orderBy(asc(demandLines.date), asc(shiftTemplates.startTime), asc(terminals.code), asc(openShifts.id))
      .limit(limit)
      .offset(offset),
    executor
      .select({ n: count() })
      .from(openShifts)
      .innerJoin(demandLines, eq(demandLines.id, openShifts.demandLineId))
      .where(where),
  );
}

export async function findOffer(executor: Executor, buId: string, scope: DepartmentScope | null, id: string) {
  const [row] = await offerQuery(executor).where(and(offerFilter(buId, scope, {}), eq(openShifts.id, id)));
  return row ?? null;
}

/** Locks one offer's row for the rest of the transaction: decisions on it queue here, one at a time. */
export async function lockOffer(executor: Executor, buId: string, id: string) {
  const [row] = await executor
    .select({
      id: openShifts.id,
      demandLineId: openShifts.demandLineId,
      departmentId: openShifts.departmentId,
      heads: openShifts.heads,
      filled: openShifts.filled,
      status: openShifts.status,
    })
    .from(openShifts)
    .where(and(eq(openShifts.buId, buId), eq(openShifts.id, id)))
    .for('update');
  return row ?? null;
}

/** Pending claims per offer. */
export async function pendingClaimCounts(executor: Executor, ids: readonly string[]) {
  if (!ids.length) return new Map<string, number>();
  const rows = await executor
    .select({ id: openShiftClaims.openShiftId, n: count() })
    .from(openShiftClaims)
    .where(and(inArray(openShiftClaims.openShiftId, [...ids]), eq(openShiftClaims.status, 'Pending')))
    .groupBy(openShiftClaims.openShiftId);
  return new Map(rows.map((row) => [row.id, row.n]));
}

/** Open offers of the unit with their line's staffing, to close those whose gap is gone. */
export async function openOffers(executor: Executor, buId: string) {
  return executor
    .select({ id: openShifts.id, demandLineId: openShifts.demandLineId })
    .from(openShifts)
    .where(and(eq(openShifts.buId, buId), eq(openShifts.status, 'Open')));
}

/** Open offers of some lines (an offer per line at most). */
export async function openOffersOn(executor: Executor, buId: string, lineIds: readonly string[]) {
  if (!lineIds.length) return [];
  return executor
    .select({ id: openShifts.id, demandLineId: openShifts.demandLineId })
    .from(openShifts)
    .where(
      and(
        eq(openShifts.buId, buId),
        eq(openShifts.status, 'Open'),
        inArray(openShifts.demandLineId, [...lineIds]),
      ),
    );
}

export async function insertOffer(executor: Executor, row: typeof openShifts.$inferInsert) {
  const [created] = await executor.insert(openShifts).values(row).returning({ id: openShifts.id });
  return created!.id;
}

/** Changes an offer still open; false when it was filled, withdrawn or closed meanwhile. */
export async function updateOpenOffer(
  executor: Executor,
  id: string,
  change: Partial<Pick<typeof openShifts.$inferInsert, 'filled' | 'status' | 'closedReason' | 'closedAt'>>,
): Promise<boolean> {
  const rows = await executor
    .update(openShifts)
    .set({ ...change, version: sql`${openShifts.version} + 1` })
    .where(and(eq(openShifts.id, id), eq(openShifts.status, 'Open')))
    .returning({ id: openShifts.id });
  return rows.length > 0;
}

const claimColumns = {
  id: openShiftClaims.id,
  openShiftId: openShiftClaims.openShiftId,
  status: openShiftClaims.status,
  reason: openShiftClaims.reason,
  reasonCodes: openShiftClaims.reasonCodes,
  assignmentId: openShiftClaims.assignmentId,
  claimedAt: openShiftClaims.claimedAt,
  decidedAt: openShiftClaims.decidedAt,
  employee: employeeRefColumns,
};

export interface ClaimFilters {
  openShiftId?: string;
  employeeId?: string;
  status?: OpenShiftClaimStatus;
  departmentId?: string;
}

const claimFilter = (buId: string, scope: DepartmentScope | null, filters: ClaimFilters) =>
  and(
    eq(openShiftClaims.buId, buId),
    inDepartmentScope(openShifts.departmentId, scope),
    filters.openShiftId ? eq(openShiftClaims.openShiftId, filters.openShiftId) : undefined,
    filters.employeeId ? eq(openShiftClaims.employeeId, filters.employeeId) : undefined,
    filters.status ? eq(openShiftClaims.status, filters.status) : undefined,
    filters.departmentId ? eq(openShifts.departmentId, filters.departmentId) : undefined,
  );

const claimQuery = (executor: Executor) =>
  executor
    .select(claimColumns)
    .from(openShiftClaims)
    .innerJoin(openShifts, eq(openShifts.id, openShiftClaims.openShiftId))
    .innerJoin(employees, eq(employees.id, openShiftClaims.employeeId));

export type ClaimRow = Awaited<ReturnType<typeof claimQuery>>[number];

/** Claims, oldest first (the order a planner weighs them in), or latest first for their claimant. */
export async function listClaims(
  executor: Executor,
  buId: string,
  scope: DepartmentScope | null,
  filters: ClaimFilters,
  limit: number,
  offset: number,
  latestFirst = false,
) {
  const where = claimFilter(buId, scope, filters);
  const order = latestFirst ? desc(openShiftClaims.claimedAt) : asc(openShiftClaims.claimedAt);
  return paged(
    claimQuery(executor).where(where).orderBy(order, asc(openShiftClaims.id)).limit(limit).offset(offset),
    executor
      .select({ n: count() })
      .from(openShiftClaims)
      .innerJoin(openShifts, eq(openShifts.id, openShiftClaims.openShiftId))
      .where(where),
  );
}

export async function findClaim(executor: Executor, buId: string, scope: DepartmentScope | null, id: string) {
  const [row] = await claimQuery(executor).where(
    and(claimFilter(buId, scope, {}), eq(openShiftClaims.id, id)),
  );
  return row ?? null;
}

/** Live claims (pending or approved) of one employee on some offers. */
export async function liveClaimsOf(executor: Executor, employeeId: string, offerIds: readonly string[]) {
  if (!offerIds.length) return [];
  return executor
    .select({
      id: openShiftClaims.id,
      openShiftId: openShiftClaims.openShiftId,
      status: openShiftClaims.status,
    })
    .from(openShiftClaims)
    .where(
      and(
        eq(openShiftClaims.employeeId, employeeId),
        inArray(openShiftClaims.openShiftId, [...offerIds]),
        ne(openShiftClaims.status, 'Declined'),
        ne(openShiftClaims.status, 'Withdrawn'),
      ),
    );
}

export async function insertClaim(executor: Executor, row: typeof openShiftClaims.$inferInsert) {
  const [created] = await executor.insert(openShiftClaims).values(row).returning({ id: openShiftClaims.id });
  return created!.id;
}

/** Decides a claim still pending; false when it was decided (or withdrawn) meanwhile. */
export async function decideClaim(
  executor: Executor,
  id: string,
  change: Pick<typeof openShiftClaims.$inferInsert, 'status'> &
    Partial<
      Pick<
        typeof openShiftClaims.$inferInsert,
        'reason' | 'reasonCodes' | 'assignmentId' | 'decidedBy' | 'decidedAt'
      >
    >,
): Promise<boolean> {
  const rows = await executor
    .update(openShiftClaims)
    .set(change)
    .where(and(eq(openShiftClaims.id, id), eq(openShiftClaims.status, 'Pending')))
    .returning({ id: openShiftClaims.id });
  return rows.length > 0;
}

/** Declines every pending claim of an offer with why; answers who was declined. */
export async function declinePending(
  executor: Executor,
  openShiftId: string,
  reason: string,
  decidedBy: string,
  decidedAt: Date,
) {
  return executor
    .update(openShiftClaims)
    .set({ status: 'Declined', reason, decidedBy, decidedAt })
    .where(and(eq(openShiftClaims.openShiftId, openShiftId), eq(openShiftClaims.status, 'Pending')))
    .returning({ id: openShiftClaims.id, employeeId: openShiftClaims.employeeId });
}
