import { actorOf, recordAudit } from '../../core/audit/record.ts';
import type { Caller } from '../../core/auth/caller.ts';
import { sqlState, UNIQUE_VIOLATION } from '../../core/db/errors.ts';
import { assertDateRange } from '../../core/http/date-range.ts';
import { businessRule, conflict, notFound } from '../../core/http/errors.ts';
import { offsetOf, type Page, pageOf } from '../../core/http/pagination.ts';
import type { ServiceDeps } from '../../core/module-context.ts';
import { addDays } from '../../core/time/dates.ts';
import { reasonsOnLines } from '../roster/checks.ts';
import * as repo from './repository.ts';
import type { OpenShiftClaim, OpenShiftForMe, OwnOpenShiftClaimQuery, OwnOpenShiftQuery } from './schemas.ts';
import { claimView, claimViews, MAX_DAYS, MAX_OFFERS_CHECKED, offerViews, settle } from './service.ts';

// The employee's side of open shifts: the offers they may work, their claims.

function ownEmployee(caller: Caller): string {
  const { employeeId } = caller.principal;
  if (!employeeId)
    throw businessRule('NO_LINKED_EMPLOYEE', 'Your account is not linked to an employee, so it cannot claim');
  return employeeId;
}

/** Open offers the caller may work by the engine's rules (or has claimed), in roster order. */
export async function offersForMe(
  deps: ServiceDeps,
  caller: Caller,
  query: OwnOpenShiftQuery,
): Promise<Page<OpenShiftForMe>> {
  const { buId, today, employeeId } = caller.principal;
  const from = query.from ?? today;
  const to = query.to ?? addDays(from, MAX_DAYS - 1);
  assertDateRange(from, to, { days: MAX_DAYS, what: 'One request' });
  if (!employeeId) return pageOf([], 0, query);
  await settle(deps, caller);
  const { rows } = await repo.listOffers(
    deps.db,
    buId,
    { kind: 'unit' },
    { status: 'Open', from: from < today ? today : from, to },
    MAX_OFFERS_CHECKED,
    0,
  );
  const claims = new Map(
    (
      await repo.liveClaimsOf(
        deps.db,
        employeeId,
        rows.map((row) => row.id),
      )
    ).map((claim) => [claim.openShiftId, claim]),
  );
  const lines = await repo.linesOf(deps.db, buId, { ids: rows.map((row) => row.demandLineId) });
  const reasons = await reasonsOnLines(deps.db, buId, employeeId, lines);
  const mine = rows.filter((row) => claims.has(row.id) || reasons.get(row.demandLineId)?.length === 0);
  const offset = offsetOf(query);
  const page = await offerViews(deps.db, mine.slice(offset, offset + query.pageSize));
  const items = page.map((offer) => {
    const claim = claims.get(offer.id);
    return { ...offer, myClaim: claim ? { id: claim.id, status: claim.status } : null };
  });
  return pageOf(items, mine.length, query);
}

export async function claimOffer(deps: ServiceDeps, caller: Caller, id: string): Promise<OpenShiftClaim> {
  const employeeId = ownEmployee(caller);
  const { buId, userId } = caller.principal;
  await settle(deps, caller);
  const offer = await repo.findOffer(deps.db, buId, { kind: 'unit' }, id);
  if (!offer) throw notFound('The open shift');
  if (offer.status !== 'Open')
    throw conflict('OPEN_SHIFT_NOT_OPEN', `The open shift is ${offer.status.toLowerCase()}`);
  const lines = await repo.linesOf(deps.db, buId, { ids: [offer.demandLineId] });
  const reasons = (await reasonsOnLines(deps.db, buId, employeeId, lines)).get(offer.demandLineId) ?? [];
  if (reasons.length) {
    throw businessRule('NOT_ELIGIBLE', `You cannot work this shift: ${reasons.join(', ')}`, { reasons });
  }
  let claimId: string;
  try {
    claimId = await deps.db.transaction(async (tx) => {
      // Under the offer's lock: no claim lands on an offer a decision just filled or withdrew.
      const locked = await repo.lockOffer(tx, buId, id);
      if (locked?.status !== 'Open')
        throw conflict('OPEN_SHIFT_NOT_OPEN', 'The open shift was taken meanwhile');
      const created = await repo.insertClaim(tx, {
        buId,
        openShiftId: id,
        employeeId,
        claimedBy: userId,
      });
      await recordAudit(tx, actorOf(caller), {
        action: 'open_shift_claim.create',
        entityType: 'open_shift_claim',
        entityId: created,
        details: { openShiftId: id, employeeId, date: offer.date },
      });
      return created;
    });
  } catch (error) {
    if (sqlState(error) === UNIQUE_VIOLATION)
      throw conflict('OPEN_SHIFT_ALREADY_CLAIMED', 'You have claimed this open shift already');
    throw error;
  }
  return claimView(deps.db, buId, claimId);
}

export async function ownClaims(
  deps: ServiceDeps,
  caller: Caller,
  query: OwnOpenShiftClaimQuery,
): Promise<Page<OpenShiftClaim>> {
  const { buId, employeeId } = caller.principal;
  if (!employeeId) return pageOf([], 0, query);
  await settle(deps, caller);
  const { rows, total } = await repo.listClaims(
    deps.db,
    buId,
    { kind: 'unit' },
    { employeeId, ...(query.status ? { status: query.status } : {}) },
    query.pageSize,
    offsetOf(query),
    true,
  );
  return pageOf(await claimViews(deps.db, buId, rows), total, query);
}

export async function withdrawClaim(deps: ServiceDeps, caller: Caller, id: string): Promise<OpenShiftClaim> {
  const employeeId = ownEmployee(caller);
  const { buId, userId } = caller.principal;
  await deps.db.transaction(async (tx) => {
    const claim = await repo.findClaim(tx, buId, { kind: 'unit' }, id);
    if (!claim || claim.employee.id !== employeeId) throw notFound('The claim');
    await repo.lockOffer(tx, buId, claim.openShiftId);
    const withdrawn = await repo.decideClaim(tx, id, {
      status: 'Withdrawn',
      decidedBy: userId,
      decidedAt: deps.now(),
    });
    if (!withdrawn)
      throw conflict('OPEN_SHIFT_CLAIM_DECIDED', 'The claim was decided already: it cannot be withdrawn');
    await recordAudit(tx, actorOf(caller), {
      action: 'open_shift_claim.withdraw',
      entityType: 'open_shift_claim',
      entityId: id,
      details: { openShiftId: claim.openShiftId, employeeId },
    });
  });
  return claimView(deps.db, buId, id);
}
