import { and, count, desc, eq, gte, inArray, lte, ne, or, type SQL, sql } from 'drizzle-orm';
import type { DepartmentScope } from '../../core/auth/principal.ts';
import { type Executor, queryRows } from '../../core/db/database.ts';
import { inDepartmentScope } from '../../core/db/scope.ts';
import {
  type LeaveStatus,
  leaveRequestSteps,
  leaveRequests,
  userRoles,
  users,
} from '../../core/db/tables/index.ts';
import { edited } from '../../core/db/versioned.ts';
import { accountIdsOfEmployee } from '../identity/reads.ts';
import { employeesToJoin as staff, unitAndDepartmentOf } from '../people/reads.ts';
import { approvedLeaveTouching } from '../roster/approved-leave.ts';

export interface RequestRow {
  id: string;
  buId: string;
  employeeId: string;
  employeeNumber: string;
  nameEn: string;
  nameAr: string;
  departmentId: string | null;
  fromDate: string;
  toDate: string;
  comment: string | null;
  status: LeaveStatus;
  requestedBy: string;
  requesterUsername: string;
  requesterName: string;
  version: number;
  createdAt: Date;
  updatedAt: Date;
}

export interface StepRow {
  requestId: string;
  step: number;
  role: string;
  decision: string;
  decidedBy: string;
  username: string;
  displayName: string;
  decidedAt: Date;
  comment: string | null;
}

/** Where a caller may decide a step: the whole unit, some departments, or nowhere. */
export type StepCoverage = DepartmentScope | null;

const requester = sql`(select u.username from users u where u.id = ${leaveRequests.requestedBy})`;
const requesterName = sql`(select u.display_name from users u where u.id = ${leaveRequests.requestedBy})`;

const requestColumns = {
  id: leaveRequests.id,
  buId: leaveRequests.buId,
  employeeId: leaveRequests.employeeId,
  employeeNumber: staff.employeeNumber,
  nameEn: staff.nameEn,
  nameAr: staff.nameAr,
  departmentId: staff.departmentId,
  fromDate: leaveRequests.fromDate,
  toDate: leaveRequests.toDate,
  comment: leaveRequests.comment,
  status: leaveRequests.status,
  requestedBy: leaveRequests.requestedBy,
  requesterUsername: requester.mapWith(String),
  requesterName: requesterName.mapWith(String),
  version: leaveRequests.version,
  createdAt: leaveRequests.createdAt,
  updatedAt: leaveRequests.updatedAt,
};

export async function findOverlapping(tx: Executor, employeeId: string, from: string, to: string) {
  const [row] = await tx
    .select({
      id: leaveRequests.id,
      from: leaveRequests.fromDate,
      to: leaveRequests.toDate,
      status: leaveRequests.status,
    })
    .from(leaveRequests)
    .where(
      and(
        eq(leaveRequests.employeeId, employeeId),
        inArray(leaveRequests.status, ['Pending', 'ManagerApproved', 'Approved']),
        lte(leaveRequests.fromDate, to),
        gte(leaveRequests.toDate, from),
      ),
    )
    .limit(1);
  return row ?? null;
}

export async function insertRequest(
  tx: Executor,
  values: {
    buId: string;
    employeeId: string;
    fromDate: string;
    toDate: string;
    comment: string | null;
    requestedBy: string;
  },
): Promise<string> {
  const [row] = await tx.insert(leaveRequests).values(values).returning({ id: leaveRequests.id });
  return row!.id;
}

export async function findRequest(executor: Executor, buId: string, id: string, forUpdate = false) {
  const query = executor
    .select(requestColumns)
    .from(leaveRequests)
    .innerJoin(staff, eq(staff.id, leaveRequests.employeeId))
    .where(and(eq(leaveRequests.buId, buId), eq(leaveRequests.id, id)));
  const [row] = forUpdate ? await query.for('update', { of: leaveRequests }) : await query;
  return (row as RequestRow | undefined) ?? null;
}

export async function stepsOf(executor: Executor, requestIds: string[]): Promise<StepRow[]> {
  if (!requestIds.length) return [];
  return executor
    .select({
      requestId: leaveRequestSteps.requestId,
      step: leaveRequestSteps.step,
      role: leaveRequestSteps.role,
      decision: leaveRequestSteps.decision,
      decidedBy: leaveRequestSteps.decidedBy,
      username: users.username,
      displayName: users.displayName,
      decidedAt: leaveRequestSteps.decidedAt,
      comment: leaveRequestSteps.comment,
    })
    .from(leaveRequestSteps)
    .innerJoin(users, eq(users.id, leaveRequestSteps.decidedBy))
    .where(inArray(leaveRequestSteps.requestId, requestIds))
    .orderBy(leaveRequestSteps.step);
}

export interface ListFilters {
  status?: LeaveStatus;
  employeeId?: string;
  departmentId?: string;
  from?: string;
  to?: string;
  /** Requests whose next step the caller may decide: coverage per step, and who the caller is. */
  awaiting?: { step1: StepCoverage; step2: StepCoverage; userId: string; employeeId: string | null };
}

function awaitingCondition(awaiting: NonNullable<ListFilters['awaiting']>): SQL {
  const notOwn = awaiting.employeeId ? ne(leaveRequests.employeeId, awaiting.employeeId) : sql`true`;
  const decidedStepOne = sql`exists (select 1 from leave_request_steps s
    where s.request_id = ${leaveRequests.id} and s.step = 1 and s.decided_by = ${awaiting.userId})`;
  return and(
    notOwn,
    or(
      and(eq(leaveRequests.status, 'Pending'), inDepartmentScope(staff.departmentId, awaiting.step1)),
      and(
        eq(leaveRequests.status, 'ManagerApproved'),
        inDepartmentScope(staff.departmentId, awaiting.step2),
        sql`not ${decidedStepOne}`,
      ),
    ),
  )!;
}

export async function listRequests(
  executor: Executor,
  buId: string,
  scope: StepCoverage,
  filters: ListFilters,
  limit: number,
  offset: number,
): Promise<{ rows: RequestRow[]; total: number }> {
  const where = and(
    eq(leaveRequests.buId, buId),
    inDepartmentScope(staff.departmentId, scope),
    filters.status ? eq(leaveRequests.status, filters.status) : undefined,
    filters.employeeId ? eq(leaveRequests.employeeId, filters.employeeId) : undefined,
    filters.departmentId ? eq(staff.departmentId, filters.departmentId) : undefined,
    filters.from ? gte(leaveRequests.toDate, filters.from) : undefined,
    filters.to ? lte(leaveRequests.fromDate, filters.to) : undefined,
    filters.awaiting ? awaitingCondition(filters.awaiting) : undefined,
  );
  const [rows, [total]] = await Promise.all([
    executor
      .select(requestColumns)
      .from(leaveRequests)
      .innerJoin(staff, eq(staff.id, leaveRequests.employeeId))
      .where(where)
      .orderBy(desc(leaveRequests.fromDate), desc(leaveRequests.createdAt))
      .limit(limit)
      .offset(offset),
    executor
      .select({ n: count() })
      .from(leaveRequests)
      .innerJoin(staff, eq(staff.id, leaveRequests.employeeId))
      .where(where),
  ]);
  return { rows: rows as RequestRow[], total: total?.n ?? 0 };
}

/** Moves a request on only from the status it was read in: a concurrent decision makes this a no-op. */
export async function moveStatus(
  tx: Executor,
  id: string,
  from: LeaveStatus,
  to: LeaveStatus,
  at: Date,
): Promise<boolean> {
  const moved = await tx
    .update(leaveRequests)
    .set(edited(leaveRequests, { status: to }, at))
    .where(and(eq(leaveRequests.id, id), eq(leaveRequests.status, from)))
    .returning({ id: leaveRequests.id });
  return moved.length === 1;
}

export async function insertStep(
  tx: Executor,
  values: {
    buId: string;
    requestId: string;
    step: number;
    role: string;
    decision: string;
    decidedBy: string;
    comment: string | null;
  },
): Promise<void> {
  await tx.insert(leaveRequestSteps).values(values);
}

export interface ApproverRow {
  userId: string;
  /** The approver's own employee, so that a list of deciders can leave out the requester. */
  employeeId: string | null;
  username: string;
  displayName: string;
  roleCode: string;
  departmentId: string | null;
}

/** Users holding, today, one of `roles` over the unit or over `departmentId`, with an approve permission. */
export async function approvers(
  executor: Executor,
  buId: string,
  roles: readonly string[],
  departmentId: string | null,
  today: string,
): Promise<ApproverRow[]> {
  return queryRows<ApproverRow>(
    executor,
    sql`select distinct u.id as "userId", u.employee_id as "employeeId", u.username, u.display_name as "displayName", r.code as "roleCode",
               ur.department_id as "departmentId"
          from ${userRoles} ur
          join roles r on r.id = ur.role_id
          join users u on u.id = ur.user_id and u.deleted_at is null
         where ur.bu_id = ${buId}
           and r.code in (${sql.join(
             roles.map((role) => sql`${role}`),
             sql`, `,
           )})
           and (ur.department_id is null or ur.department_id = ${departmentId})
           and (ur.effective_from is null or ur.effective_from <= ${today})
           and (ur.effective_to is null or ur.effective_to >= ${today})
           and exists (select 1 from role_permissions rp where rp.role_id = r.id
                        and rp.permission_code in ('leave_request.approve', 'leave.approve'))
         order by u.username`,
  );
}

/** The requester of the diagnostics resolver: the employee's unit and department, and their accounts. */
export async function requesterOf(executor: Executor, employeeId: string) {
  const employee = await unitAndDepartmentOf(executor, employeeId);
  return employee ? { ...employee, userIds: await accountIdsOfEmployee(executor, employeeId) } : null;
}

/** Approved leave of these employees that overlaps the period. */
export async function approvedLeaveOverlapping(
  executor: Executor,
  buId: string,
  employeeIds: string[],
  from: string,
  to: string,
) {
  if (!employeeIds.length) return [];
  return executor
    .select({
      id: leaveRequests.id,
      employeeId: leaveRequests.employeeId,
      from: leaveRequests.fromDate,
      to: leaveRequests.toDate,
    })
    .from(leaveRequests)
    .where(
      and(
        eq(leaveRequests.buId, buId),
        inArray(leaveRequests.employeeId, employeeIds),
        approvedLeaveTouching(from, to),
      ),
    );
}
