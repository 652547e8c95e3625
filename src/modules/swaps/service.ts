import { actorOf, recordAudit } from '../../core/audit/record.ts';
import type { Caller } from '../../core/auth/caller.ts';
import { scopeReaches } from '../../core/auth/principal.ts';
import type { Executor } from '../../core/db/database.ts';
import { sqlState, UNIQUE_VIOLATION } from '../../core/db/errors.ts';
import type { ShiftSwapStatus } from '../../core/db/tables/index.ts';
import { assertDateRange } from '../../core/http/date-range.ts';
import { businessRule, conflict, notFound } from '../../core/http/errors.ts';
import { offsetOf, type Page, pageOf } from '../../core/http/pagination.ts';
import type { ServiceDeps } from '../../core/module-context.ts';
import { addDays } from '../../core/time/dates.ts';
import type { ReasonCode } from '../../engine/index.ts';
import { notify } from '../notifications/service.ts';
import { findLiveShift, type LiveShift, reasonsToTakeOver, swapChoices } from '../roster/checks.ts';
import { handOverLiveShifts, lockLiveRoster } from '../roster/service.ts';
import { swapAwaitingEvent, swapEvent } from './notices.ts';
import * as repo from './repository.ts';
import type {
  NewShiftSwap,
  OwnLiveShifts,
  OwnLiveShiftsQuery,
  OwnSwapQuery,
  ShiftSwap,
  ShiftSwapDecision,
  SwapCandidates,
  SwapCandidatesQuery,
  SwapListQuery,
  SwapShift,
} from './schemas.ts';

/** How far either side of the offered shift a colleague's shifts are offered in return. */
const CANDIDATE_DAYS = 7;
const MAX_OWN_SHIFT_DAYS = 62;
/** Six weeks: the weeks a unit publishes ahead (the demo four) and the plan being made after them. */
const OWN_SHIFTS_AHEAD_DAYS = 42;

type ShiftColumns = Omit<repo.LiveShiftRow, 'assignmentId' | 'employeeId' | 'date'>;

function shiftView(assignmentId: string | null, date: string, shift: ShiftColumns): SwapShift {
  return {
    assignmentId,
    date,
    shiftTemplate: {
      id: shift.templateId,
      code: shift.templateCode,
      nameEn: shift.templateNameEn,
      nameAr: shift.templateNameAr,
      start: shift.start,
      end: shift.end,
    },
    terminal: {
      id: shift.terminalId,
      code: shift.terminalCode,
      nameEn: shift.terminalNameEn,
      nameAr: shift.terminalNameAr,
    },
  };
}

const liveShiftView = (row: repo.LiveShiftRow) => shiftView(row.assignmentId, row.date, row);

function swapView({ swap, proposer, colleague, offered, wanted }: repo.SwapRow): ShiftSwap {
  return {
    id: swap.id,
    kind: swap.kind,
    status: swap.status,
    departmentId: swap.departmentId,
    proposer,
    colleague,
    // The offered shift's template and terminal are inner joins; the wanted one's are there for a swap.
    offered: shiftView(swap.offeredAssignmentId, swap.offeredDate, offered as ShiftColumns),
    wanted:
      swap.wantedDate !== null && wanted.templateId !== null
        ? shiftView(swap.wantedAssignmentId, swap.wantedDate, wanted as ShiftColumns)
        : null,
    note: swap.note,
    proposedAt: swap.createdAt.toISOString(),
    respondedAt: swap.respondedAt?.toISOString() ?? null,
    decidedAt: swap.decidedAt?.toISOString() ?? null,
    decisionComment: swap.decisionComment,
    version: swap.version,
  };
}

function ownEmployee(caller: Caller): string {
  const { employeeId } = caller.principal;
  if (!employeeId) {
    throw businessRule(
      'NO_LINKED_EMPLOYEE',
      'Your account is not linked to an employee, so it has no shifts',
    );
  }
  return employeeId;
}

const swapInvalid = (detail: string, path: string) =>
  businessRule('SWAP_INVALID', detail, { errors: [{ path, message: detail }] });

async function readSwap(deps: ServiceDeps, caller: Caller, id: string): Promise<ShiftSwap> {
  const row = await repo.findSwap(deps.db, caller.principal.buId, id);
  if (!row) throw notFound('The shift swap');
  return swapView(row);
}

interface Side {
  side: 'proposer' | 'colleague';
  employeeId: string;
  takes: LiveShift;
  releases: LiveShift | null;
}

/** Both sides against the roster as it is: each takes the other's shift once their own is off it. */
async function sidesOf(executor: Executor, buId: string, sides: Side[]) {
  const checked = [];
  for (const side of sides) {
    const { reasons, certification, lendingRule } = await reasonsToTakeOver(
      executor,
      buId,
      side.employeeId,
      side.takes,
      side.releases ? [side.releases.id] : [],
    );
    checked.push({ ...side, reasons, certification, lendingRuleId: lendingRule?.id ?? null });
  }
  const refused = checked.filter((side) => side.reasons.length);
  if (refused.length) {
    const reasons = [...new Set(refused.flatMap((side) => side.reasons))] as ReasonCode[];
    throw businessRule(
      'NOT_ELIGIBLE',
      `The swap breaks a rule: ${refused.map((side) => `${side.side} ${side.reasons.join(', ')}`).join('; ')}`,
      {
        reasons,
        sides: refused.map((side) => ({
          side: side.side,
          employeeId: side.employeeId,
          reasons: side.reasons,
          ...(side.certification ? { certification: side.certification } : {}),
        })),
      },
    );
  }
  return checked;
}

function sidesOfSwap(
  kind: 'Swap' | 'GiveAway',
  proposerId: string,
  colleagueId: string,
  offered: LiveShift,
  wanted: LiveShift | null,
): Side[] {
  const colleagueSide: Side = {
    side: 'colleague',
    employeeId: colleagueId,
    takes: offered,
    releases: wanted,
  };
  if (kind === 'GiveAway') return [colleagueSide];
  return [{ side: 'proposer', employeeId: proposerId, takes: wanted!, releases: offered }, colleagueSide];
}

export async function propose(deps: ServiceDeps, caller: Caller, body: NewShiftSwap): Promise<ShiftSwap> {
  const { principal } = caller;
  const me = ownEmployee(caller);
  const buId = principal.buId;
  let id: string;
  try {
    id = await deps.db.transaction(async (tx) => {
      const offered = await findLiveShift(tx, buId, body.assignmentId);
      if (!offered || offered.employeeId !== me)
        throw swapInvalid('The offered shift is not one of your live shifts', '/assignmentId');
      if (offered.date <= principal.today)
        throw swapInvalid('Only shifts after today can be swapped or given away', '/assignmentId');
      let wanted: LiveShift | null = null;
      let colleagueId: string;
      if (body.kind === 'Swap') {
        if (body.colleagueAssignmentId === undefined || body.colleagueId !== undefined)
          throw swapInvalid(
            'A swap names the colleague’s shift, not the colleague',
            '/colleagueAssignmentId',
          );
        wanted = await findLiveShift(tx, buId, body.colleagueAssignmentId);
        if (!wanted || wanted.employeeId === me)
          throw swapInvalid('The wanted shift is not a colleague’s live shift', '/colleagueAssignmentId');
        if (wanted.date <= principal.today)
          throw swapInvalid('Only shifts after today can be swapped', '/colleagueAssignmentId');
        colleagueId = wanted.employeeId;
      } else {
        if (body.colleagueId === undefined || body.colleagueAssignmentId !== undefined)
          throw swapInvalid('A give-away names the colleague, not a shift in return', '/colleagueId');
        const colleague = await repo.employeeRef(tx, buId, body.colleagueId);
        if (!colleague || colleague.id === me || colleague.status !== 'ACTIVE')
          throw swapInvalid('The colleague is not an active employee of the unit', '/colleagueId');
        colleagueId = colleague.id;
      }
      const proposer = await repo.employeeRef(tx, buId, me);
      if (!proposer?.departmentId)
        throw swapInvalid('You belong to no department whose manager could approve', '/assignmentId');
      await sidesOf(tx, buId, sidesOfSwap(body.kind, me, colleagueId, offered, wanted));
      const created = await repo.insertSwap(tx, {
        buId,
        kind: body.kind,
        departmentId: proposer.departmentId,
        proposerId: me,
        colleagueId,
        offeredAssignmentId: offered.id,
        offeredDate: offered.date,
        offeredShiftTemplateId: offered.shiftTemplateId,
        offeredTerminalId: offered.terminalId,
        wantedAssignmentId: wanted?.id ?? null,
        wantedDate: wanted?.date ?? null,
        wantedShiftTemplateId: wanted?.shiftTemplateId ?? null,
        wantedTerminalId: wanted?.terminalId ?? null,
        note: body.note?.trim() || null,
        proposedBy: principal.userId,
      });
      await notify(tx, [
        swapEvent(
          {
            id: created,
            buId,
            kind: body.kind,
            departmentId: proposer.departmentId,
            proposerId: me,
            colleagueId,
            offeredDate: offered.date,
            wantedDate: wanted?.date ?? null,
          },
          'SWAP_PROPOSED',
        ),
      ]);
      await recordAudit(tx, actorOf(caller), {
        action: 'shift_swap.propose',
        entityType: 'shift_swap',
        entityId: created,
        details: {
          kind: body.kind,
          offeredAssignmentId: offered.id,
          wantedAssignmentId: wanted?.id ?? null,
          colleagueId,
        },
      });
      return created;
    });
  } catch (error) {
    if (sqlState(error) === UNIQUE_VIOLATION)
      throw conflict('SWAP_SHIFT_BUSY', 'This shift is already offered in an open proposal');
    throw error;
  }
  return readSwap(deps, caller, id);
}

export async function ownSwaps(
  deps: ServiceDeps,
  caller: Caller,
  query: OwnSwapQuery,
): Promise<Page<ShiftSwap>> {
  const { employeeId } = caller.principal;
  if (!employeeId) return pageOf([], 0, query);
  const { rows, total } = await repo.listOwnSwaps(
    deps.db,
    caller.principal.buId,
    employeeId,
    query.role,
    query,
    query.pageSize,
    offsetOf(query),
  );
  return pageOf(rows.map(swapView), total, query);
}

export async function listSwaps(
  deps: ServiceDeps,
  caller: Caller,
  query: SwapListQuery,
): Promise<Page<ShiftSwap>> {
  if (query.from !== undefined && query.to !== undefined) assertDateRange(query.from, query.to);
  const { rows, total } = await repo.listSwaps(
    deps.db,
    caller.principal.buId,
    caller.principal.scopeOf('shift_swap.view'),
    query,
    query.pageSize,
    offsetOf(query),
  );
  return pageOf(rows.map(swapView), total, query);
}

export async function getSwap(deps: ServiceDeps, caller: Caller, id: string): Promise<ShiftSwap> {
  const row = await repo.findSwap(deps.db, caller.principal.buId, id);
  const { employeeId } = caller.principal;
  const party = row !== null && (row.swap.proposerId === employeeId || row.swap.colleagueId === employeeId);
  if (!row || (!party && !scopeReaches(caller.principal.scopeOf('shift_swap.view'), row.swap.departmentId)))
    throw notFound('The shift swap');
  return swapView(row);
}

const wrongState = (status: ShiftSwapStatus, action: string) =>
  conflict('INVALID_STATE_TRANSITION', `A ${status} swap cannot be ${action}`, { state: status });

/** One step of the proposal's parties: the colleague answers, the proposer cancels. */
async function partyStep(
  deps: ServiceDeps,
  caller: Caller,
  id: string,
  step: { party: 'proposerId' | 'colleagueId'; from: ShiftSwapStatus[]; to: ShiftSwapStatus; action: string },
): Promise<ShiftSwap> {
  const me = ownEmployee(caller);
  const { buId, userId } = caller.principal;
  await deps.db.transaction(async (tx) => {
    const swap = await repo.lockSwap(tx, buId, id);
    if (!swap || swap[step.party] !== me) throw notFound('The shift swap');
    if (!step.from.includes(swap.status)) throw wrongState(swap.status, step.action);
    const now = deps.now();
    const answered = step.party === 'colleagueId' ? { respondedBy: userId, respondedAt: now } : {};
    await repo.transition(tx, id, step.from, { status: step.to, ...answered }, now);
    await notify(tx, [
      step.to === 'Cancelled'
        ? swapEvent(swap, 'SWAP_CANCELLED')
        : swapEvent(swap, 'SWAP_ANSWERED', step.to === 'Accepted' ? 'Accepted' : 'Declined'),
      ...(step.to === 'Accepted' ? [swapAwaitingEvent(swap, caller.principal.today)] : []),
    ]);
    await recordAudit(tx, actorOf(caller), {
      action: `shift_swap.${step.action}`,
      entityType: 'shift_swap',
      entityId: id,
      details: { from: swap.status, to: step.to },
    });
  });
  return readSwap(deps, caller, id);
}

export const accept = (deps: ServiceDeps, caller: Caller, id: string) =>
  partyStep(deps, caller, id, { party: 'colleagueId', from: ['Proposed'], to: 'Accepted', action: 'accept' });

export const decline = (deps: ServiceDeps, caller: Caller, id: string) =>
  partyStep(deps, caller, id, {
    party: 'colleagueId',
    from: ['Proposed'],
    to: 'Declined',
    action: 'decline',
  });

export const cancel = (deps: ServiceDeps, caller: Caller, id: string) =>
  partyStep(deps, caller, id, {
    party: 'proposerId',
    from: ['Proposed', 'Accepted'],
    to: 'Cancelled',
    action: 'cancel',
  });

/** The shift as the swap named it, still live with the same employee; otherwise the roster moved on. */
async function stillLive(tx: Executor, buId: string, assignmentId: string | null, employeeId: string) {
  const shift = assignmentId === null ? null : await findLiveShift(tx, buId, assignmentId);
  if (!shift || shift.employeeId !== employeeId) {
    throw conflict(
      'SWAP_SHIFT_CHANGED',
      'A shift of this swap has left the live roster since it was proposed',
    );
  }
  return shift;
}

/**
 * A manager's decision on an accepted swap. Approval checks both sides again against the roster as it is
 * now, under the roster's lock, and moves both shifts in the same transaction.
 */
export async function decide(
  deps: ServiceDeps,
  caller: Caller,
  id: string,
  decision: 'approve' | 'reject',
  body: ShiftSwapDecision,
): Promise<ShiftSwap> {
  const { buId, userId, employeeId } = caller.principal;
  await deps.db.transaction(async (tx) => {
    const swap = await repo.lockSwap(tx, buId, id);
    if (!swap || !scopeReaches(caller.principal.scopeOf('shift_swap.approve'), swap.departmentId))
      throw notFound('The shift swap');
    if (employeeId !== null && (swap.proposerId === employeeId || swap.colleagueId === employeeId))
      throw businessRule('OWN_SWAP', 'A swap you are part of is decided by another manager');
    const action = decision === 'approve' ? 'approved' : 'rejected';
    if (swap.status !== 'Accepted') throw wrongState(swap.status, action);
    const now = deps.now();
    const decided = {
      decidedBy: userId,
      decidedAt: now,
      decisionComment: body.comment?.trim() || null,
    };
    let moved: string[] = [];
    if (decision === 'approve') {
      await lockLiveRoster(tx, buId);
      const offered = await stillLive(tx, buId, swap.offeredAssignmentId, swap.proposerId);
      const wanted =
        swap.kind === 'Swap' ? await stillLive(tx, buId, swap.wantedAssignmentId, swap.colleagueId) : null;
      const checked = await sidesOf(
        tx,
        buId,
        sidesOfSwap(swap.kind, swap.proposerId, swap.colleagueId, offered, wanted),
      );
      moved = await handOverLiveShifts(
        tx,
        caller,
        checked.map((side) => ({
          shift: side.takes,
          to: side.employeeId,
          lendingRuleId: side.lendingRuleId,
        })),
        { reason: 'shift_swap', shiftSwapId: id },
      );
    }
    await repo.transition(
      tx,
      id,
      ['Accepted'],
      { status: decision === 'approve' ? 'Approved' : 'Rejected', ...decided },
      now,
    );
    await notify(tx, [swapEvent(swap, 'SWAP_DECIDED', decision === 'approve' ? 'Approved' : 'Rejected')]);
    await recordAudit(tx, actorOf(caller), {
      action: `shift_swap.${decision}`,
      entityType: 'shift_swap',
      entityId: id,
      details: { comment: decided.decisionComment, assignmentIds: moved },
    });
  });
  return readSwap(deps, caller, id);
}

/** The caller's live shifts ahead (the roster as it is, published or not): what they may offer. */
export async function ownLiveShifts(
  deps: ServiceDeps,
  caller: Caller,
  query: OwnLiveShiftsQuery,
): Promise<OwnLiveShifts> {
  const { employeeId, today, buId } = caller.principal;
  const from = query.from ?? addDays(today, 1);
  const to = query.to ?? addDays(from, OWN_SHIFTS_AHEAD_DAYS - 1);
  assertDateRange(from, to, { days: MAX_OWN_SHIFT_DAYS, what: 'A list of own shifts' });
  if (!employeeId) return { items: [] };
  const rows = await repo.liveShiftsOf(deps.db, buId, [employeeId], from, to);
  return { items: rows.map(liveShiftView) };
}

/**
 * The colleagues the caller could swap the offered shift with, with their live shifts a week either side
 * that both sides' rules allow, and whether each could take it as a give-away; nobody else.
 */
export async function candidates(
  deps: ServiceDeps,
  caller: Caller,
  query: SwapCandidatesQuery,
): Promise<SwapCandidates> {
  const me = ownEmployee(caller);
  const { buId, today } = caller.principal;
  const offered = await findLiveShift(deps.db, buId, query.assignmentId);
  if (!offered || offered.employeeId !== me)
    throw swapInvalid('The offered shift is not one of your live shifts', '/assignmentId');
  if (offered.departmentId === null) return { colleagues: [] };
  const colleagues = await repo.colleaguesOf(deps.db, buId, offered.departmentId, me);
  const earliest = addDays(today, 1);
  const from = addDays(offered.date, -CANDIDATE_DAYS);
  const shifts = await repo.liveShiftsOf(
    deps.db,
    buId,
    colleagues.map((colleague) => colleague.id),
    from > earliest ? from : earliest,
    addDays(offered.date, CANDIDATE_DAYS),
  );
  const { swappable, canTakeOver } = await swapChoices(
    deps.db,
    buId,
    offered,
    colleagues.map((colleague) => colleague.id),
    shifts.map((row) => row.assignmentId),
  );
  return {
    colleagues: colleagues.flatMap((employee) => {
      const theirs = shifts.filter(
        (row) => row.employeeId === employee.id && swappable.has(row.assignmentId),
      );
      const takes = canTakeOver.has(employee.id);
      return theirs.length || takes
        ? [{ employee, canTakeOver: takes, shifts: theirs.map(liveShiftView) }]
        : [];
    }),
  };
}
