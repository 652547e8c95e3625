import { actorOf, recordAudit } from '../../core/audit/record.ts';
import type { Caller } from '../../core/auth/caller.ts';
import { type Principal, scopeReaches } from '../../core/auth/principal.ts';
import { assertDateRange } from '../../core/http/date-range.ts';
import { AppError, businessRule, conflict, notFound } from '../../core/http/errors.ts';
import { offsetOf, type Page, type PageQuery, pageOf } from '../../core/http/pagination.ts';
import { assertVersion } from '../../core/http/versioning.ts';
import type { ServiceDeps } from '../../core/module-context.ts';
import { daysBetween } from '../../core/time/dates.ts';
import { notify } from '../notifications/service.ts';
import { lockEmployee } from '../people/reads.ts';
import { removeForLeave, shiftsDuring } from '../roster/service.ts';
import { ANY_STEP_ROLE, actingRole, type ChainStep, LEAVE_CHAIN, stepWaitingIn } from './approval-chain.ts';
import { awaitingApproval } from './notices.ts';
import * as repo from './repository.ts';
import type {
  LeaveDecision,
  LeaveListQuery,
  LeaveRequest,
  NewLeaveRequest,
  NextDecider,
  OwnLeaveQuery,
} from './schemas.ts';

/** Longest request one submission may cover: a year. */
const MAX_DAYS = 366;
const RECORDS_FOR_OTHERS = ['HR_ADMIN', ANY_STEP_ROLE];

function view(row: repo.RequestRow, steps: repo.StepRow[], nextDecider: NextDecider | null): LeaveRequest {
  return {
    id: row.id,
    employee: {
      id: row.employeeId,
      employeeNumber: row.employeeNumber,
      Name_1_English: row.nameEn,
      Name_2_Arabic: row.nameAr,
      departmentId: row.departmentId,
    },
    from: row.fromDate,
    to: row.toDate,
    days: daysBetween(row.fromDate, row.toDate),
    comment: row.comment,
    Status: row.status,
    steps: steps
      .filter((step) => step.requestId === row.id)
      .map((step) => ({
        step: step.step,
        role: step.role,
        decision: step.decision as 'Approved' | 'Rejected',
        by: { id: step.decidedBy, username: step.username, displayName: step.displayName },
        at: step.decidedAt.toISOString(),
        comment: step.comment,
      })),
    nextStep: stepWaitingIn(row.status)?.step ?? null,
    nextDecider,
    requestedBy: { id: row.requestedBy, username: row.requesterUsername, displayName: row.requesterName },
    version: row.version,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/**
 * Who may decide the step a request waits in, as the requester would ask: the people holding the step's
 * roles for its department today, leaving out the requester and whoever decided the earlier step (one
 * person never decides both). The SYS_ADMIN fallback is named only when nobody holds the step's roles.
 */
async function decidersOf(
  deps: ServiceDeps,
  buId: string,
  today: string,
  rows: repo.RequestRow[],
  steps: repo.StepRow[],
): Promise<Map<string, NextDecider>> {
  const holders = new Map<string, Promise<repo.ApproverRow[]>>();
  const holdersOf = (roles: readonly string[], departmentId: string | null) => {
    const key = `${roles.join(',')}|${departmentId}`;
    if (!holders.has(key)) holders.set(key, repo.approvers(deps.db, buId, roles, departmentId, today));
    return holders.get(key)!;
  };
  const deciders = new Map<string, NextDecider>();
  for (const row of rows) {
    const step = stepWaitingIn(row.status);
    if (!step) continue;
    const decided = new Set(
      steps.filter((taken) => taken.requestId === row.id).map((taken) => taken.decidedBy),
    );
    const eligible = (people: repo.ApproverRow[]) =>
      people.filter((person) => person.employeeId !== row.employeeId && !decided.has(person.userId));
    let people = eligible(await holdersOf(step.roles, row.departmentId));
    if (!people.length) people = eligible(await holdersOf([ANY_STEP_ROLE], row.departmentId));
    deciders.set(row.id, {
      step: step.step,
      roles: [...step.roles],
      people: [...new Map(people.map((person) => [person.userId, person])).values()].map((person) => ({
        id: person.userId,
        displayName: person.displayName,
        roleCode: person.roleCode,
      })),
    });
  }
  return deciders;
}

async function viewsOf(deps: ServiceDeps, caller: Caller, rows: repo.RequestRow[]): Promise<LeaveRequest[]> {
  const steps = await repo.stepsOf(
    deps.db,
    rows.map((row) => row.id),
  );
  const deciders = await decidersOf(deps, caller.principal.buId, caller.principal.today, rows, steps);
  return rows.map((row) => view(row, steps, deciders.get(row.id) ?? null));
}

async function viewOf(deps: ServiceDeps, caller: Caller, row: repo.RequestRow): Promise<LeaveRequest> {
  const [answer] = await viewsOf(deps, caller, [row]);
  return answer!;
}

/** Where the caller may decide a step: from the grants that make them an approver of it. */
function coverageOf(principal: Principal, step: ChainStep): repo.StepCoverage {
  let departments: string[] = [];
  for (const grant of principal.grants) {
    if (actingRole({ grants: [grant], today: principal.today }, step, grant.departmentId) === null) continue;
    if (grant.departmentId === null) return { kind: 'unit' };
    departments = [...departments, grant.departmentId];
  }
  return departments.length ? { kind: 'departments', departmentIds: departments } : null;
}

/** The owner, or anyone who may see or decide requests of the employee's department; others get 404. */
function assertVisible(principal: Principal, row: repo.RequestRow): void {
  const own = principal.employeeId !== null && principal.employeeId === row.employeeId;
  const seen =
    scopeReaches(principal.scopeOf('leave_request.view_all'), row.departmentId) ||
    scopeReaches(principal.scopeOf('leave_request.approve'), row.departmentId);
  if (!own && !seen) throw notFound('Leave request');
}

async function requireRequest(deps: ServiceDeps, caller: Caller, id: string): Promise<repo.RequestRow> {
  const row = await repo.findRequest(deps.db, caller.principal.buId, id);
  if (!row) throw notFound('Leave request');
  assertVisible(caller.principal, row);
  return row;
}

export async function submitLeave(
  deps: ServiceDeps,
  caller: Caller,
  body: NewLeaveRequest,
): Promise<LeaveRequest> {
  const { principal } = caller;
  const forOther = body.employeeId !== undefined && body.employeeId !== principal.employeeId;
  if (forOther && !RECORDS_FOR_OTHERS.some((role) => principal.hasRole(role))) {
    throw new AppError(403, 'FORBIDDEN', 'Only an HR administrator may request leave for another employee', {
      role: 'HR_ADMIN',
    });
  }
  const employeeId = body.employeeId ?? principal.employeeId;
  if (!employeeId) {
    throw businessRule(
      'NO_LINKED_EMPLOYEE',
      'Your account is not linked to an employee, so it cannot take leave',
    );
  }
  assertDateRange(body.from, body.to);
  if (daysBetween(body.from, body.to) > MAX_DAYS) {
    throw businessRule('LEAVE_TOO_LONG', `One request covers at most ${MAX_DAYS} days`);
  }
  if (!forOther && body.from < principal.today) {
    throw businessRule('LEAVE_IN_PAST', 'Leave cannot start before today; ask HR to record past leave');
  }
  const id = await deps.db.transaction(async (tx) => {
    const employee = await lockEmployee(tx, principal.buId, employeeId);
    if (!employee) {
      throw businessRule('EMPLOYEE_UNKNOWN', 'No employee with this id in your business unit', {
        errors: [{ path: '/employeeId', message: 'unknown employee' }],
      });
    }
    if (forOther && !scopeReaches(principal.scopeOf('leave_request.submit'), employee.departmentId)) {
      throw businessRule('EMPLOYEE_UNKNOWN', 'No employee with this id in your scope');
    }
    const overlap = await repo.findOverlapping(tx, employeeId, body.from, body.to);
    if (overlap) {
      throw conflict(
        'LEAVE_OVERLAP',
        `Overlaps request ${overlap.id} (${overlap.from} to ${overlap.to}, ${overlap.status})`,
        {
          overlappingId: overlap.id,
        },
      );
    }
    const created = await repo.insertRequest(tx, {
      buId: principal.buId,
      employeeId,
      fromDate: body.from,
      toDate: body.to,
      comment: body.comment ?? null,
      requestedBy: principal.userId,
    });
    await notify(
      tx,
      await awaitingApproval(
        tx,
        { id: created, employeeId, fromDate: body.from, toDate: body.to },
        1,
        principal.today,
      ),
    );
    await recordAudit(tx, actorOf(caller), {
      action: 'leave.submit',
      entityType: 'leave_request',
      entityId: created,
      details: { employeeId, from: body.from, to: body.to },
    });
    return created;
  });
  return getLeave(deps, caller, id);
}

export async function getLeave(deps: ServiceDeps, caller: Caller, id: string): Promise<LeaveRequest> {
  return viewOf(deps, caller, await requireRequest(deps, caller, id));
}

/** Requests whose next step the caller may decide: coverage per step, and who the caller is. */
const awaitingOf = (principal: Principal) => ({
  step1: coverageOf(principal, LEAVE_CHAIN[0]!),
  step2: coverageOf(principal, LEAVE_CHAIN[1]!),
  userId: principal.userId,
  employeeId: principal.employeeId,
});

/** How many requests wait for the caller's decision (a dashboard tile). */
export async function awaitingCount(deps: ServiceDeps, caller: Caller): Promise<number> {
  const { principal } = caller;
  const { total } = await repo.listRequests(
    deps.db,
    principal.buId,
    principal.scopeOf('leave_request.view_all'),
    { awaiting: awaitingOf(principal) },
    0,
    0,
  );
  return total;
}

export async function listLeave(
  deps: ServiceDeps,
  caller: Caller,
  query: LeaveListQuery,
): Promise<Page<LeaveRequest>> {
  const { principal } = caller;
  const awaiting = query.awaitingMe ? awaitingOf(principal) : undefined;
  const { rows, total } = await repo.listRequests(
    deps.db,
    principal.buId,
    principal.scopeOf('leave_request.view_all'),
    { ...query, awaiting },
    query.pageSize,
    offsetOf(query as PageQuery),
  );
  return pageOf(await viewsOf(deps, caller, rows), total, query);
}

export type Decision = 'Approved' | 'Rejected';

/** Decides the step the request waits in, once, by someone entitled to it; one step per call. */
export async function decideLeave(
  deps: ServiceDeps,
  caller: Caller,
  id: string,
  decision: Decision,
  body: LeaveDecision,
): Promise<LeaveRequest> {
  const { principal } = caller;
  const decided = await deps.db.transaction(async (tx) => {
    const row = await repo.findRequest(tx, principal.buId, id, true);
    if (!row) throw notFound('Leave request');
    assertVisible(principal, row);
    assertVersion(caller.expectedVersion, row.version);
    const step = stepWaitingIn(row.status);
    if (!step) {
      throw conflict(
        'LEAVE_STEP_ALREADY_DECIDED',
        `The request is ${row.status}: no step waits for a decision`,
        {
          status: row.status,
        },
      );
    }
    if (principal.employeeId !== null && principal.employeeId === row.employeeId) {
      throw businessRule('OWN_LEAVE_REQUEST', 'Nobody decides their own leave request');
    }
    const role = actingRole(principal, step, row.departmentId);
    // An approver of an earlier step who comes too late hears that their step is decided.
    const earlierStepOfTheirs = LEAVE_CHAIN.some(
      (other) => other.step < step.step && actingRole(principal, other, row.departmentId) !== null,
    );
    if (!role && earlierStepOfTheirs) {
      throw conflict('LEAVE_STEP_ALREADY_DECIDED', `Step ${step.step - 1} is decided already`);
    }
    if (!role) {
      throw new AppError(403, 'NOT_STEP_APPROVER', `Step ${step.step} is decided by: ${step.label}`, {
        step: step.step,
        roles: [...step.roles, ANY_STEP_ROLE],
      });
    }
    const earlier = await repo.stepsOf(tx, [row.id]);
    if (earlier.some((taken) => taken.decidedBy === principal.userId)) {
      throw businessRule('SAME_APPROVER', 'One person never decides both steps of a request');
    }
    const comment = body.comment?.trim() || null;
    if (decision === 'Rejected' && !comment) {
      throw businessRule('COMMENT_REQUIRED', 'Say why the request is rejected: the employee reads it', {
        errors: [{ path: '/comment', message: 'required to reject' }],
      });
    }
    const next = decision === 'Approved' ? step.approvedTo : 'Rejected';
    if (!(await repo.moveStatus(tx, row.id, row.status, next, deps.now()))) {
      throw conflict('LEAVE_STEP_ALREADY_DECIDED', `Step ${step.step} was decided meanwhile`);
    }
    await repo.insertStep(tx, {
      buId: principal.buId,
      requestId: row.id,
      step: step.step,
      role,
      decision,
      decidedBy: principal.userId,
      comment,
    });
    // The employee hears the decision; a first step approved tells the second step's approvers.
    await notify(tx, [
      {
        buId: principal.buId,
        employeeIds: [row.employeeId],
        kind: 'LEAVE_DECIDED',
        data: {
          from: row.fromDate,
          to: row.toDate,
          step: step.step,
          final: next === 'Approved' || next === 'Rejected',
          decision,
          comment,
        },
        key: `leave:${row.id}:${step.step}`,
      },
      ...(next === 'ManagerApproved'
        ? await awaitingApproval(tx, row, 2, principal.today, [principal.userId])
        : []),
    ]);
    await recordAudit(tx, actorOf(caller), {
      action: decision === 'Approved' ? 'leave.approve' : 'leave.reject',
      entityType: 'leave_request',
      entityId: row.id,
      details: { step: step.step, role, from: row.status, to: next },
    });
    // Approved leave takes the employee off the live roster for its dates in one call, in the same
    // transaction: what it took off are gaps now, and no live shift of those dates is left as a conflict.
    // Any other decision leaves the roster as it is and names the shifts the final approval would take off.
    if (next === 'Approved') {
      const removedAssignments = await removeForLeave(tx, caller, {
        requestId: row.id,
        employeeId: row.employeeId,
        from: row.fromDate,
        to: row.toDate,
      });
      return { conflicts: [], removedAssignments };
    }
    const conflicts = await shiftsDuring(tx, principal.buId, row.employeeId, row.fromDate, row.toDate);
    return { conflicts, removedAssignments: [] };
  });
  return { ...(await getLeave(deps, caller, id)), ...decided };
}

/** The owner withdraws a request that has not started yet; it stays on record as Cancelled. */
export async function cancelLeave(deps: ServiceDeps, caller: Caller, id: string): Promise<LeaveRequest> {
  const { principal } = caller;
  await deps.db.transaction(async (tx) => {
    const row = await repo.findRequest(tx, principal.buId, id, true);
    if (!row) throw notFound('Leave request');
    assertVisible(principal, row);
    assertVersion(caller.expectedVersion, row.version);
    if (principal.employeeId === null || principal.employeeId !== row.employeeId) {
      throw new AppError(403, 'NOT_OWNER', 'Only the employee whose leave it is may cancel it');
    }
    if (row.status === 'Cancelled' || row.status === 'Rejected') {
      throw conflict('LEAVE_NOT_CANCELLABLE', `The request is ${row.status} already`, { status: row.status });
    }
    if (row.fromDate <= principal.today) {
      throw conflict('LEAVE_ALREADY_STARTED', 'Leave can be cancelled only before its start date');
    }
    if (!(await repo.moveStatus(tx, row.id, row.status, 'Cancelled', deps.now()))) {
      throw conflict('LEAVE_NOT_CANCELLABLE', 'The request changed meanwhile; read it again');
    }
    await recordAudit(tx, actorOf(caller), {
      action: 'leave.cancel',
      entityType: 'leave_request',
      entityId: row.id,
      details: { from: row.status },
    });
  });
  return getLeave(deps, caller, id);
}

/** Diagnostics: the chain as configured, and who may act at a step for a requester. */
export function approvalRules() {
  return LEAVE_CHAIN.map((step) => ({
    step: step.step,
    label: step.label,
    roles: [...step.roles],
    alsoAllowed: [ANY_STEP_ROLE],
    waitingIn: step.waitingIn,
    approvedTo: step.approvedTo,
    rules: [
      "the grant must be in force today and cover the requester's department (or the whole unit)",
      'nobody decides their own request',
      'one person never decides both steps',
    ],
  }));
}

export async function resolveApproversFor(
  deps: ServiceDeps,
  requesterId: string,
  stepNumber: number,
  now: Date,
) {
  const requester = await repo.requesterOf(deps.db, requesterId);
  if (!requester) throw businessRule('EMPLOYEE_UNKNOWN', 'No employee with this id');
  const step = LEAVE_CHAIN.find((candidate) => candidate.step === stepNumber)!;
  const today = now.toISOString().slice(0, 10);
  const rows = await repo.approvers(
    deps.db,
    requester.buId,
    [...step.roles, ANY_STEP_ROLE],
    requester.departmentId,
    today,
  );
  // Nobody decides their own request.
  return rows.filter((row) => !requester.userIds.includes(row.userId));
}

/** The caller's own requests, latest first (extension: the owner finds what they asked for). */
export async function ownLeave(
  deps: ServiceDeps,
  caller: Caller,
  query: OwnLeaveQuery,
): Promise<Page<LeaveRequest>> {
  const { principal } = caller;
  if (!principal.employeeId) return pageOf([], 0, query);
  const { rows, total } = await repo.listRequests(
    deps.db,
    principal.buId,
    { kind: 'unit' },
    { ...query, employeeId: principal.employeeId },
    query.pageSize,
    offsetOf(query),
  );
  return pageOf(await viewsOf(deps, caller, rows), total, query);
}

/** Approved leave of these employees overlapping a period (reports and own rosters mark it). */
export const approvedLeaveOverlapping = repo.approvedLeaveOverlapping;
