import { actorOf, recordAudit } from '../../core/audit/record.ts';
import { type Caller, scopeOf } from '../../core/auth/caller.ts';
import { scopeReaches } from '../../core/auth/principal.ts';
import type { Executor } from '../../core/db/database.ts';
import { sqlState, UNIQUE_VIOLATION } from '../../core/db/errors.ts';
import { assertDateRange } from '../../core/http/date-range.ts';
import { AppError, businessRule, conflict, notFound } from '../../core/http/errors.ts';
import { offsetOf, type Page, pageOf } from '../../core/http/pagination.ts';
import type { ServiceDeps } from '../../core/module-context.ts';
import type { ReasonCode } from '../../engine/index.ts';
import { notify } from '../notifications/service.ts';
import { assignToLine } from '../roster/checks.ts';
import { whoMayWork } from '../roster/gaps-service.ts';
import * as repo from './repository.ts';
import type {
  NewOpenShift,
  NewOpenShiftsForGaps,
  OfferedOpenShifts,
  OpenShift,
  OpenShiftClaim,
  OpenShiftClaimQuery,
  OpenShiftQuery,
} from './schemas.ts';

/** The longest period one request offers or lists. */
export const MAX_DAYS = 92;
/** Open offers an employee's list weighs at most (each is checked against the engine's rules). */
export const MAX_OFFERS_CHECKED = 500;

export function offerView(row: repo.OfferRow, pendingClaims: number): OpenShift {
  return {
    id: row.id,
    demandLineId: row.demandLineId,
    department: { id: row.departmentId, code: row.departmentCode },
    date: row.date,
    shift: {
      id: row.shiftTemplateId,
      code: row.shiftCode,
      nameEn: row.shiftNameEn,
      nameAr: row.shiftNameAr,
      start: row.start,
      end: row.end,
      endsNextDay: row.end <= row.start,
    },
    terminal: {
      id: row.terminalId,
      code: row.terminalCode,
      nameEn: row.terminalNameEn,
      nameAr: row.terminalNameAr,
    },
    skill: row.skillId !== null && row.skillCode !== null ? { id: row.skillId, code: row.skillCode } : null,
    heads: row.heads,
    filled: row.filled,
    status: row.status,
    closedReason: row.closedReason,
    pendingClaims,
    offeredAt: row.offeredAt.toISOString(),
    closedAt: row.closedAt?.toISOString() ?? null,
    version: row.version,
  };
}

export async function offerViews(executor: Executor, rows: repo.OfferRow[]): Promise<OpenShift[]> {
  const pending = await repo.pendingClaimCounts(
    executor,
    rows.map((row) => row.id),
  );
  return rows.map((row) => offerView(row, pending.get(row.id) ?? 0));
}

/** Offers by id, whatever the caller's scope (their claims, or rows just written). */
export async function offersById(executor: Executor, buId: string, ids: readonly string[]) {
  if (!ids.length) return new Map<string, OpenShift>();
  const { rows } = await repo.listOffers(executor, buId, { kind: 'unit' }, { ids }, ids.length, 0);
  return new Map((await offerViews(executor, rows)).map((offer) => [offer.id, offer]));
}

export async function claimViews(
  executor: Executor,
  buId: string,
  rows: repo.ClaimRow[],
): Promise<OpenShiftClaim[]> {
  const offers = await offersById(executor, buId, [...new Set(rows.map((row) => row.openShiftId))]);
  return rows.map((row) => ({
    id: row.id,
    openShift: offers.get(row.openShiftId)!,
    employee: row.employee,
    status: row.status,
    reason: row.reason,
    reasonCodes: (row.reasonCodes as ReasonCode[] | null) ?? null,
    assignmentId: row.assignmentId,
    claimedAt: row.claimedAt.toISOString(),
    decidedAt: row.decidedAt?.toISOString() ?? null,
  }));
}

export async function claimView(executor: Executor, buId: string, id: string): Promise<OpenShiftClaim> {
  const row = await repo.findClaim(executor, buId, { kind: 'unit' }, id);
  const [view] = await claimViews(executor, buId, [row!]);
  return view!;
}

/** Heads a line still misses, or null when no live plan asks for it any more. */
const missingOf = (line: repo.LineState | undefined) =>
  line === undefined || line.planStatus === 'Archived' ? null : line.required - line.assigned;

/** Tells claimants that their claims of an offer were decided (issue 55): each claim is told once. */
async function tellClaimants(
  tx: Executor,
  buId: string,
  openShiftId: string,
  claims: { id: string; employeeId: string }[],
  decision: 'Approved' | 'Declined',
) {
  if (!claims.length) return;
  const offer = await repo.findOffer(tx, buId, { kind: 'unit' }, openShiftId);
  if (!offer) return;
  await notify(
    tx,
    claims.map((claim) => ({
      buId,
      employeeIds: [claim.employeeId],
      kind: 'OPEN_SHIFT_CLAIM_DECIDED' as const,
      data: { shiftDate: offer.date, decision },
      key: `open-shift-claim:${claim.id}`,
    })),
  );
}

/** Declines an offer's pending claims with why, each audited: their claimants read the reason. */
async function declineRest(tx: Executor, caller: Caller, now: Date, openShiftId: string, reason: string) {
  const declined = await repo.declinePending(tx, openShiftId, reason, caller.principal.userId, now);
  await tellClaimants(tx, caller.principal.buId, openShiftId, declined, 'Declined');
  for (const claim of declined) {
    await recordAudit(tx, actorOf(caller), {
      action: 'open_shift_claim.decline',
      entityType: 'open_shift_claim',
      entityId: claim.id,
      details: { openShiftId, employeeId: claim.employeeId, reason },
    });
  }
}

/**
 * Closes the open offers whose gap is gone: covered another way (a manual assignment, a locked run) or its
 * plan archived. Run before every read and decision, so nobody claims or approves what is no longer open.
 */
export async function settle(deps: ServiceDeps, caller: Caller): Promise<void> {
  const { buId } = caller.principal;
  const open = await repo.openOffers(deps.db, buId);
  if (!open.length) return;
  const lines = new Map(
    (
      await repo.linesOf(deps.db, buId, {
        ids: open.map((offer) => offer.demandLineId),
      })
    ).map((line) => [line.id, line]),
  );
  const gone = open
    .filter((offer) => (missingOf(lines.get(offer.demandLineId)) ?? 0) <= 0)
    .sort((a, b) => a.id.localeCompare(b.id));
  if (!gone.length) return;
  const now = deps.now();
  await deps.db.transaction(async (tx) => {
    for (const offer of gone) {
      const reason = missingOf(lines.get(offer.demandLineId)) === null ? 'PLAN_ARCHIVED' : 'GAP_COVERED';
      if (
        !(await repo.updateOpenOffer(tx, offer.id, { status: 'Closed', closedReason: reason, closedAt: now }))
      )
        continue;
      await recordAudit(tx, actorOf(caller), {
        action: 'open_shift.close',
        entityType: 'open_shift',
        entityId: offer.id,
        details: { demandLineId: offer.demandLineId, reason },
      });
      await declineRest(tx, caller, now, offer.id, reason);
    }
  });
}

export async function listOffers(
  deps: ServiceDeps,
  caller: Caller,
  query: OpenShiftQuery,
): Promise<Page<OpenShift>> {
  if (query.from !== undefined && query.to !== undefined) assertDateRange(query.from, query.to);
  await settle(deps, caller);
  const { rows, total } = await repo.listOffers(
    deps.db,
    caller.principal.buId,
    scopeOf(caller, 'open_shift.view'),
    query,
    query.pageSize,
    offsetOf(query),
  );
  return pageOf(await offerViews(deps.db, rows), total, query);
}

export async function getOffer(deps: ServiceDeps, caller: Caller, id: string): Promise<OpenShift> {
  await settle(deps, caller);
  const row = await repo.findOffer(deps.db, caller.principal.buId, scopeOf(caller, 'open_shift.view'), id);
  if (!row) throw notFound('The open shift');
  const [view] = await offerViews(deps.db, [row]);
  return view!;
}

/** Offers lines' missing heads in one transaction; a line offered already is skipped, or refused when alone. */
async function insertOffers(
  deps: ServiceDeps,
  caller: Caller,
  offers: { line: repo.LineState; heads: number }[],
): Promise<string[]> {
  const { principal } = caller;
  try {
    return await deps.db.transaction(async (tx) => {
      const ids: string[] = [];
      for (const { line, heads } of offers) {
        const id = await repo.insertOffer(tx, {
          buId: principal.buId,
          demandLineId: line.id,
          departmentId: line.departmentId,
          heads,
          offeredBy: principal.userId,
        });
        await recordAudit(tx, actorOf(caller), {
          action: 'open_shift.offer',
          entityType: 'open_shift',
          entityId: id,
          details: { demandLineId: line.id, date: line.date, heads },
        });
        ids.push(id);
      }
      // Those who may work each offered line by the rules are told it is offered (issue 55), once an offer.
      const mayWork = await whoMayWork(
        tx,
        principal.buId,
        offers.map(({ line }) => line),
      );
      await notify(
        tx,
        offers.map(({ line }, index) => ({
          buId: principal.buId,
          employeeIds: mayWork.get(line.id) ?? [],
          kind: 'OPEN_SHIFT_OFFERED' as const,
          data: { shiftDate: line.date },
          key: `open-shift-offer:${ids[index]}`,
        })),
      );
      return ids;
    });
  } catch (error) {
    if (sqlState(error) === UNIQUE_VIOLATION)
      throw conflict('OPEN_SHIFT_ALREADY_OFFERED', 'The gap has an open offer already');
    throw error;
  }
}

export async function offerGap(deps: ServiceDeps, caller: Caller, body: NewOpenShift): Promise<OpenShift> {
  const { buId, today } = caller.principal;
  await settle(deps, caller);
  const [line] = await repo.linesOf(deps.db, buId, { ids: [body.demandLineId] });
  if (!line || !scopeReaches(scopeOf(caller, 'open_shift.offer'), line.departmentId)) {
    // The line is named in the body, as a manual assignment names it: unknown is a 422 as there.
    throw businessRule('DEMAND_LINE_UNKNOWN', 'No demand line with this id in your scope', {
      errors: [{ path: '/demandLineId', message: 'unknown line' }],
    });
  }
  const missing = missingOf(line);
  if (missing === null || missing <= 0)
    throw businessRule('OPEN_SHIFT_NO_GAP', 'Every head of this line is covered, or its plan is archived');
  if (line.date < today) throw businessRule('OPEN_SHIFT_IN_PAST', `The line's date ${line.date} has passed`);
  const heads = body.heads ?? missing;
  if (heads > missing) {
    throw businessRule('OPEN_SHIFT_HEADS_EXCEED_GAP', `The gap misses ${missing} heads, not ${heads}`, {
      errors: [{ path: '/heads', message: `at most ${missing}` }],
    });
  }
  if ((await repo.openOffersOn(deps.db, buId, [line.id])).length)
    throw conflict('OPEN_SHIFT_ALREADY_OFFERED', 'The gap has an open offer already');
  const [id] = await insertOffers(deps, caller, [{ line, heads }]);
  return getOffer(deps, caller, id!);
}

/** Every gap of a department over a period (from today on) that has no open offer yet. */
export async function offerGaps(
  deps: ServiceDeps,
  caller: Caller,
  body: NewOpenShiftsForGaps,
): Promise<OfferedOpenShifts> {
  const { buId, today } = caller.principal;
  assertDateRange(body.from, body.to, { days: MAX_DAYS, what: 'One offer of gaps' });
  if (
    !scopeReaches(scopeOf(caller, 'open_shift.offer'), body.departmentId) ||
    !(await repo.departmentExists(deps.db, buId, body.departmentId))
  )
    throw notFound('The department');
  await settle(deps, caller);
  const from = body.from < today ? today : body.from;
  const lines =
    from > body.to
      ? []
      : (await repo.linesOf(deps.db, buId, { departmentId: body.departmentId, from, to: body.to })).filter(
          (line) => (missingOf(line) ?? 0) > 0,
        );
  const offered = new Set(
    (
      await repo.openOffersOn(
        deps.db,
        buId,
        lines.map((line) => line.id),
      )
    ).map((offer) => offer.demandLineId),
  );
  const fresh = lines.filter((line) => !offered.has(line.id));
  const ids = await insertOffers(
    deps,
    caller,
    fresh.map((line) => ({ line, heads: missingOf(line)! })),
  );
  const views = await offersById(deps.db, buId, ids);
  return { items: ids.map((id) => views.get(id)!), alreadyOffered: offered.size };
}

export async function withdrawOffer(deps: ServiceDeps, caller: Caller, id: string): Promise<OpenShift> {
  const { buId } = caller.principal;
  await deps.db.transaction(async (tx) => {
    const offer = await repo.lockOffer(tx, buId, id);
    if (!offer || !scopeReaches(scopeOf(caller, 'open_shift.offer'), offer.departmentId))
      throw notFound('The open shift');
    const now = deps.now();
    if (!(await repo.updateOpenOffer(tx, id, { status: 'Withdrawn', closedAt: now })))
      throw conflict('OPEN_SHIFT_NOT_OPEN', `The open shift is ${offer.status.toLowerCase()} already`);
    await recordAudit(tx, actorOf(caller), {
      action: 'open_shift.withdraw',
      entityType: 'open_shift',
      entityId: id,
      details: { demandLineId: offer.demandLineId, filled: offer.filled },
    });
    await declineRest(tx, caller, now, id, 'OFFER_WITHDRAWN');
  });
  return getOffer(deps, caller, id);
}

export async function listClaims(
  deps: ServiceDeps,
  caller: Caller,
  query: OpenShiftClaimQuery,
): Promise<Page<OpenShiftClaim>> {
  await settle(deps, caller);
  const { buId } = caller.principal;
  const { rows, total } = await repo.listClaims(
    deps.db,
    buId,
    scopeOf(caller, 'open_shift.view'),
    query,
    query.pageSize,
    offsetOf(query),
  );
  return pageOf(await claimViews(deps.db, buId, rows), total, query);
}

/**
 * Gives one head of the offer to a pending claim: the claimant lands on the live roster through the roster
 * module (checked again by the engine's rules), and the last head declines the other claims. Decisions on
 * one offer queue on its row lock, so concurrent approvals fill each head once.
 */
export async function approveClaim(deps: ServiceDeps, caller: Caller, id: string): Promise<OpenShiftClaim> {
  const { buId, userId } = caller.principal;
  await settle(deps, caller);
  const found = await repo.findClaim(deps.db, buId, scopeOf(caller, 'open_shift.approve'), id);
  if (!found) throw notFound('The claim');
  const employeeId = found.employee.id;
  try {
    await deps.db.transaction(async (tx) => {
      const offer = await repo.lockOffer(tx, buId, found.openShiftId);
      // Read again under the offer's lock: a decision that waited for it sees the one before it.
      const claim = await repo.findClaim(tx, buId, { kind: 'unit' }, id);
      if (!offer || !claim) throw notFound('The claim');
      if (claim.status !== 'Pending')
        throw conflict('OPEN_SHIFT_CLAIM_DECIDED', `The claim is ${claim.status.toLowerCase()} already`);
      if (offer.status !== 'Open')
        throw conflict(
          'OPEN_SHIFT_NOT_OPEN',
          `The open shift is ${offer.status.toLowerCase()}: it was taken`,
        );
      const [line] = await repo.linesOf(tx, buId, { ids: [offer.demandLineId] });
      const missing = missingOf(line);
      if (missing === null || missing <= 0)
        throw conflict('OPEN_SHIFT_NOT_OPEN', 'The gap was covered meanwhile');
      const assignmentId = await assignToLine(tx, caller, employeeId, offer.demandLineId, {
        openShiftId: offer.id,
        openShiftClaimId: id,
      });
      const now = deps.now();
      await repo.decideClaim(tx, id, {
        status: 'Approved',
        assignmentId,
        decidedBy: userId,
        decidedAt: now,
      });
      const filled = offer.filled + 1;
      const last = filled === offer.heads || missing === 1;
      await repo.updateOpenOffer(tx, offer.id, {
        filled,
        ...(last
          ? filled === offer.heads
            ? { status: 'Filled' as const, closedAt: now }
            : { status: 'Closed' as const, closedReason: 'GAP_COVERED', closedAt: now }
          : {}),
      });
      await recordAudit(tx, actorOf(caller), {
        action: 'open_shift_claim.approve',
        entityType: 'open_shift_claim',
        entityId: id,
        details: { openShiftId: offer.id, employeeId, assignmentId, filled, heads: offer.heads },
      });
      await tellClaimants(tx, buId, offer.id, [{ id, employeeId }], 'Approved');
      if (last) await declineRest(tx, caller, now, offer.id, 'OFFER_FILLED');
    });
  } catch (error) {
    if (error instanceof AppError && error.code === 'NOT_ELIGIBLE') await refuse(deps, caller, found, error);
    throw error;
  }
  return claimView(deps.db, buId, id);
}

/** The checker refused the claimant at approval: their claim is declined with its reasons, for them to read. */
async function refuse(deps: ServiceDeps, caller: Caller, claim: repo.ClaimRow, error: AppError) {
  const { id } = claim;
  const reasonCodes = (error.extra.reasons as string[] | undefined) ?? [];
  await deps.db.transaction(async (tx) => {
    const declined = await repo.decideClaim(tx, id, {
      status: 'Declined',
      reason: 'NOT_ELIGIBLE',
      reasonCodes,
      decidedBy: caller.principal.userId,
      decidedAt: deps.now(),
    });
    if (!declined) return;
    await recordAudit(tx, actorOf(caller), {
      action: 'open_shift_claim.decline',
      entityType: 'open_shift_claim',
      entityId: id,
      details: { reason: 'NOT_ELIGIBLE', reasonCodes },
    });
    await tellClaimants(
      tx,
      caller.principal.buId,
      claim.openShiftId,
      [{ id, employeeId: claim.employee.id }],
      'Declined',
    );
  });
}
