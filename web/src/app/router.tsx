import { createBrowserRouter } from 'react-router';
import { LoginPage } from '../features/auth/routes/LoginPage';
import { paths } from '../lib/paths';
import { preloadFirstScreen } from './preload';
import { RequireLinkedEmployee, RequirePermission } from './RequirePermission';
import { SessionLayout } from './SessionLayout';
import { StartPage } from './StartPage';

/** Each screen is its own chunk, loaded when first visited (the login screen comes with the shell). */
const lazy = (load: () => Promise<{ default: React.ComponentType }>) => async () => ({
  Component: (await load()).default,
});

/**
 * The screens that show another area's panel: the two chunks load side by side and the shell hands the
 * panel in (an area never imports another).
 */
const dashboard = async () => {
  const [{ default: DashboardPage }, { LabourCostTile }] = await Promise.all([
    import('../features/platform/routes/DashboardPage'),
    import('../features/costs/components/LabourCostTile'),
  ]);
  return { Component: () => <DashboardPage labourCost={LabourCostTile} /> };
};
const allocationRun = async () => {
  const [{ default: RunPage }, { RunCostPanel }] = await Promise.all([
    import('../features/allocation/routes/RunPage'),
    import('../features/costs/components/RunCostPanel'),
  ]);
  return { Component: () => <RunPage costPanel={RunCostPanel} /> };
};

export const router = createBrowserRouter([
  { path: paths.login, element: <LoginPage onSignedIn={preloadFirstScreen} /> },
  {
    element: <SessionLayout />,
    children: [
      { index: true, element: <StartPage /> },
      { path: paths.changePassword, lazy: lazy(() => import('../features/auth/routes/ChangePasswordPage')) },
      {
        path: paths.dashboard,
        element: <RequirePermission permission="dashboard.view" />,
        children: [{ index: true, lazy: dashboard }],
      },
      {
        // The employee's own screens need the employee record the account is linked to.
        element: <RequireLinkedEmployee />,
        children: [
          { path: paths.myRoster, lazy: lazy(() => import('../features/me/routes/MyRosterPage')) },
          { path: paths.myLeave, lazy: lazy(() => import('../features/leave/routes/MyLeavePage')) },
          {
            path: paths.myAttendance,
            element: <RequirePermission permission="attendance.view.own" />,
            children: [{ index: true, lazy: lazy(() => import('../features/me/routes/MyAttendancePage')) }],
          },
          {
            path: paths.myCertifications,
            lazy: lazy(() => import('../features/people/routes/MyCertificationsPage')),
          },
          {
            path: paths.myAvailability,
            element: <RequirePermission permission="availability.manage_own" />,
            children: [
              { index: true, lazy: lazy(() => import('../features/availability/routes/MyAvailabilityPage')) },
            ],
          },
          { path: paths.mySwaps, lazy: lazy(() => import('../features/swaps/routes/MySwapsPage')) },
          {
            path: paths.myOpenShifts,
            element: <RequirePermission permission="open_shift.claim" />,
            children: [
              { index: true, lazy: lazy(() => import('../features/open-shifts/routes/MyOpenShiftsPage')) },
            ],
          },
        ],
      },
      { path: paths.profile, lazy: lazy(() => import('../features/me/routes/ProfilePage')) },
      {
        path: paths.rosterApprovals,
        element: <RequirePermission permission="roster.approve" />,
        children: [
          { index: true, lazy: lazy(() => import('../features/publishing/routes/RosterApprovalsPage')) },
        ],
      },
      {
        path: paths.swapApprovals,
        element: <RequirePermission permission="shift_swap.view" />,
        children: [{ index: true, lazy: lazy(() => import('../features/swaps/routes/SwapApprovalsPage')) }],
      },
      {
        path: paths.leaveApprovals,
        element: <RequirePermission permission="leave_request.approve" />,
        children: [{ index: true, lazy: lazy(() => import('../features/leave/routes/LeaveQueuePage')) }],
      },
      {
        path: paths.attendanceReviews,
        element: <RequirePermission permission="attendance.review" />,
        children: [
          { index: true, lazy: lazy(() => import('../features/attendance/routes/AttendanceReviewsPage')) },
        ],
      },
      {
        path: paths.reconciliationExceptions,
        element: <RequirePermission permission="reconciliation.view" />,
        children: [
          { index: true, lazy: lazy(() => import('../features/reconciliation/routes/ExceptionsPage')) },
        ],
      },
      {
        path: paths.adminUsers,
        element: <RequirePermission permission="admin.users" />,
        children: [
          { index: true, lazy: lazy(() => import('../features/admin/routes/UsersPage')) },
          { path: ':id', lazy: lazy(() => import('../features/admin/routes/UserPage')) },
        ],
      },
      {
        path: paths.adminRoles,
        element: <RequirePermission permission="admin.roles" />,
        children: [{ index: true, lazy: lazy(() => import('../features/admin/routes/RolesPage')) }],
      },
      { path: paths.adminLookups, lazy: lazy(() => import('../features/admin/routes/LookupsPage')) },
      {
        path: paths.adminSettings,
        element: <RequirePermission permission="admin.config" />,
        children: [{ index: true, lazy: lazy(() => import('../features/admin/routes/SettingsPage')) }],
      },
      {
        path: paths.adminAudit,
        element: <RequirePermission permission="admin.audit" />,
        children: [{ index: true, lazy: lazy(() => import('../features/admin/routes/AuditPage')) }],
      },
      {
        path: paths.adminMailOutbox,
        element: <RequirePermission permission="admin.config" />,
        children: [{ index: true, lazy: lazy(() => import('../features/admin/routes/MailOutboxPage')) }],
      },
      {
        element: <RequirePermission permission="employee.view" />,
        children: [
          { path: paths.employees, lazy: lazy(() => import('../features/people/routes/EmployeesPage')) },
          {
            path: paths.employee(':id'),
            lazy: lazy(() => import('../features/people/routes/EmployeeDetailPage')),
          },
        ],
      },
      {
        element: <RequirePermission permission="skill.view" />,
        children: [
          { path: paths.skills, lazy: lazy(() => import('../features/people/routes/SkillsPage')) },
          { path: paths.skill(':id'), lazy: lazy(() => import('../features/people/routes/SkillDetailPage')) },
        ],
      },
      {
        path: paths.expiringCertifications,
        element: <RequirePermission permission="certifications.read" />,
        children: [
          { index: true, lazy: lazy(() => import('../features/people/routes/ExpiringCertificationsPage')) },
        ],
      },
      {
        element: <RequirePermission permission="employee_group.read" />,
        children: [
          { path: paths.employeeGroups, lazy: lazy(() => import('../features/people/routes/GroupsPage')) },
          {
            path: paths.employeeGroup(':id'),
            lazy: lazy(() => import('../features/people/routes/GroupDetailPage')),
          },
        ],
      },
      {
        element: <RequirePermission permission="imports.run" />,
        children: [
          { path: paths.imports, lazy: lazy(() => import('../features/imports/routes/ImportsPage')) },
          {
            path: paths.importJob(':id'),
            lazy: lazy(() => import('../features/imports/routes/ImportJobPage')),
          },
        ],
      },
      // Open to the whole and the scoped readers alike; the service refuses anyone else (403 shown as such).
      {
        path: paths.attendanceRecords,
        lazy: lazy(() => import('../features/attendance/routes/AttendanceRecordsPage')),
      },
      {
        path: paths.attendanceRecordPattern,
        element: <RequirePermission permission="attendance.view.all" />,
        children: [
          { index: true, lazy: lazy(() => import('../features/attendance/routes/AttendanceRecordPage')) },
        ],
      },
      {
        path: paths.attendanceImport,
        element: <RequirePermission permission="attendance.import" />,
        children: [
          { index: true, lazy: lazy(() => import('../features/attendance/routes/AttendanceImportPage')) },
        ],
      },
      {
        path: paths.reconciliationVariance,
        element: <RequirePermission permission="reconciliation.view" />,
        children: [
          { index: true, lazy: lazy(() => import('../features/reconciliation/routes/VariancePage')) },
        ],
      },
      {
        path: paths.demandPlans,
        element: <RequirePermission permission="demand.read" />,
        children: [{ index: true, lazy: lazy(() => import('../features/demand/routes/DemandPlansPage')) }],
      },
      {
        path: paths.demandPlan,
        element: <RequirePermission permission="demand.read" />,
        children: [{ index: true, lazy: lazy(() => import('../features/demand/routes/DemandPlanPage')) }],
      },
      {
        path: paths.pools,
        element: <RequirePermission permission="pool.read" />,
        children: [{ index: true, lazy: lazy(() => import('../features/pools/routes/PoolsPage')) }],
      },
      {
        path: paths.reports,
        lazy: lazy(() => import('../features/reports/routes/ReportsPage')),
      },
      {
        path: paths.runs,
        element: <RequirePermission permission="allocation_run.read" />,
        children: [
          { index: true, lazy: lazy(() => import('../features/allocation/routes/RunsPage')) },
          { path: ':id', lazy: allocationRun },
        ],
      },
      {
        path: paths.liveRoster,
        element: <RequirePermission permission="roster.view" />,
        children: [{ index: true, lazy: lazy(() => import('../features/rosters/routes/LiveRosterPage')) }],
      },
      {
        path: paths.openShifts,
        element: <RequirePermission permission="open_shift.view" />,
        children: [
          { index: true, lazy: lazy(() => import('../features/open-shifts/routes/OpenShiftsPage')) },
        ],
      },
      {
        path: paths.labourCost,
        element: <RequirePermission permission="labour_cost.view" />,
        children: [{ index: true, lazy: lazy(() => import('../features/costs/routes/LabourCostPage')) }],
      },
      {
        path: paths.costSettings,
        element: <RequirePermission permission="labour_cost.view" />,
        children: [{ index: true, lazy: lazy(() => import('../features/costs/routes/CostSettingsPage')) }],
      },
      { path: '*', lazy: lazy(() => import('./NotFoundPage')) },
    ],
  },
]);
