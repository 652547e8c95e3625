import { type Grant, grantInForce, type Principal } from '../../core/auth/principal.ts';
import type { LeaveStatus } from '../../core/db/tables/index.ts';

export interface ChainStep {
  step: 1 | 2;
  /** Who decides it: holders of these roles whose grant covers the requester's department. */
  roles: readonly string[];
  label: string;
  /** The status a request waits in for this step, and where approval takes it. */
  waitingIn: LeaveStatus;
  approvedTo: LeaveStatus;
}

/** The interface spec's chain: a manager (or supervisor) of the department, then an HR administrator. */
export const LEAVE_CHAIN: readonly ChainStep[] = [
  {
    step: 1,
    roles: ['MANAGER', 'SUPERVISOR'],
    label: 'Manager or supervisor of the department',
    waitingIn: 'Pending',
    approvedTo: 'ManagerApproved',
  },
  {
    step: 2,
    roles: ['HR_ADMIN'],
    label: 'HR administrator',
    waitingIn: 'ManagerApproved',
    approvedTo: 'Approved',
  },
];

/** SYS_ADMIN may act on either step (DESIGN §11). */
export const ANY_STEP_ROLE = 'SYS_ADMIN';
const APPROVE = ['leave_request.approve', 'leave.approve'];

export const stepWaitingIn = (status: string): ChainStep | undefined =>
  LEAVE_CHAIN.find((step) => step.waitingIn === status);

const covers = (grant: Grant, departmentId: string | null) =>
  grant.departmentId === null || grant.departmentId === departmentId;

/**
 * The role under which a caller may decide `step` for a requester of `departmentId`, or null: a grant in
 * force of one of the step's roles (or SYS_ADMIN) that carries the approve permission and covers the
 * department.
 */
export function actingRole(
  principal: Pick<Principal, 'grants' | 'today'>,
  step: ChainStep,
  departmentId: string | null,
): string | null {
  const grant = principal.grants.find(
    (candidate) =>
      grantInForce(candidate, principal.today) &&
      (step.roles.includes(candidate.roleCode) || candidate.roleCode === ANY_STEP_ROLE) &&
      candidate.permissions.some((permission) => APPROVE.includes(permission)) &&
      covers(candidate, departmentId),
  );
  return grant?.roleCode ?? null;
}
