import { type Caller, scopeOf } from '../../core/auth/caller.ts';
import type { Permission } from '../../core/auth/catalog.ts';
import type { DepartmentScope } from '../../core/auth/principal.ts';
import type { Executor } from '../../core/db/database.ts';
import type { ServiceDeps } from '../../core/module-context.ts';
import { addDays } from '../../core/time/dates.ts';
import { countRunsAwaitingReview } from '../allocation/reads.ts';
import { countPendingReviews } from '../attendance/service.ts';
import { linesInForceOn } from '../demand/reads.ts';
import { awaitingCount } from '../leave/service.ts';
import { countExpiringCertifications } from '../people/certifications-service.ts';
import { countEmployees } from '../people/employees-service.ts';
import { pendingApprovalCount } from '../publishing/service.ts';
import { pendingCount } from '../reconciliation/service.ts';
import { missingHeadsByDate } from '../roster/gaps-service.ts';
import { assignmentsPerLine, liveShiftsOnLeaveCount } from '../roster/reads.ts';
import type { DashboardSummary } from './schemas.ts';

const EXPIRY_WINDOW_DAYS = 30;
/** The coming week the gaps tile looks at, today included. */
const GAP_WINDOW_DAYS = 7;

/**
 * Today's heads required by the demand plans in force of the departments in scope, and the live
 * assignments staffing those lines (each line counted up to what it requires).
 */
async function todaysCoverage(
  executor: Executor,
  buId: string,
  scope: DepartmentScope | null,
  today: string,
): Promise<{ required: number; assigned: number }> {
  const lines = await linesInForceOn(executor, buId, scope, today);
  const staffed = await assignmentsPerLine(
    executor,
    lines.map((line) => line.id),
  );
  return lines.reduce(
    (sum, line) => ({
      required: sum.required + line.required,
      assigned: sum.assigned + Math.min(line.required, staffed.get(line.id) ?? 0),
    }),
    { required: 0, assigned: 0 },
  );
}

/**
 * The tiles, each in the scope of the permission that reads its area, and null when the caller holds
 * none: a tile never counts what the caller could not open.
 */
export async function summary(deps: ServiceDeps, caller: Caller): Promise<DashboardSummary> {
  const { principal } = caller;
  const { buId, today } = principal;
  const tile = <T>(permission: Permission | Permission[], count: () => Promise<T>): Promise<T | null> =>
    [permission].flat().some((code) => principal.can(code)) ? count() : Promise.resolve(null);
  const scope = (permission: Permission) => principal.scopeOf(permission);
  const [
    activeEmployees,
    leaveRequestsAwaitingMe,
    rosterApprovalsPending,
    attendanceReviewsPending,
    reconciliationExceptionsOpen,
    certificationsExpiringSoon,
    runsAwaitingReview,
    leaveConflicts,
    coverage,
    gaps,
  ] = await Promise.all([
    tile('employee.view', () => countEmployees(deps, caller, { status: 'ACTIVE' })),
    tile(['leave_request.approve', 'leave.approve'], () => awaitingCount(deps, caller)),
    tile('roster.approve', async () => (await pendingApprovalCount(deps, caller)).count),
    tile('attendance.review', async () => (await countPendingReviews(deps, caller)).count),
    tile('reconciliation.view', async () => (await pendingCount(deps, caller, {})).count),
    tile('certifications.read', () => countExpiringCertifications(deps, caller, EXPIRY_WINDOW_DAYS)),
    tile('allocation_run.read', () => countRunsAwaitingReview(deps.db, buId, scope('allocation_run.read'))),
    tile('roster.view', () => liveShiftsOnLeaveCount(deps.db, buId, scope('roster.view'), today)),
    tile('roster.view', () => todaysCoverage(deps.db, buId, scope('roster.view'), today)),
    tile('roster.view', () =>
      missingHeadsByDate(
        deps.db,
        buId,
        scopeOf(caller, 'roster.view'),
        today,
        addDays(today, GAP_WINDOW_DAYS - 1),
      ),
    ),
  ]);
  return {
    asOf: today,
    activeEmployees,
    leaveRequestsAwaitingMe,
    rosterApprovalsPending,
    attendanceReviewsPending,
    reconciliationExceptionsOpen,
    certificationsExpiringSoon,
    runsAwaitingReview,
    leaveConflicts,
    todaysCoverage: coverage && {
      ...coverage,
      ratio: coverage.required ? Math.round((coverage.assigned / coverage.required) * 10_000) / 10_000 : null,
    },
    openGapsComingWeek: gaps && {
      missingHeads: gaps.reduce((sum, day) => sum + day.missingHeads, 0),
      byDate: gaps,
    },
  };
}
