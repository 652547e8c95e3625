import { createBrowserRouter } from 'react-router';
import { LoginPage } from '../features/auth/routes/LoginPage';
import { paths } from './paths';
import { RequirePermission } from './RequirePermission';
import { SessionLayout } from './SessionLayout';
import { StartPage } from './StartPage';

/** Each screen is its own chunk, loaded when first visited (the login screen comes with the shell). */
const lazy = (load: () => Promise<{ default: React.ComponentType }>) => async () => ({
  Component: (await load()).default,
});

export const router = createBrowserRouter([
  { path: paths.login, element: <LoginPage /> },
  {
    element: <SessionLayout />,
    children: [
      { index: true, element: <StartPage /> },
      { path: paths.changePassword, lazy: lazy(() => import('../features/auth/routes/ChangePasswordPage')) },
      {
        path: paths.dashboard,
        element: <RequirePermission permission="dashboard.view" />,
        children: [{ index: true, lazy: lazy(() => import('../features/platform/routes/DashboardPage')) }],
      },
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
      { path: paths.profile, lazy: lazy(() => import('../features/me/routes/ProfilePage')) },
      {
        path: paths.rosterApprovals,
        element: <RequirePermission permission="roster.approve" />,
        children: [
          { index: true, lazy: lazy(() => import('../features/publishing/routes/RosterApprovalsPage')) },
        ],
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
        path: paths.runs,
        element: <RequirePermission permission="allocation_run.read" />,
        children: [
          { index: true, lazy: lazy(() => import('../features/runs/routes/RunsPage')) },
          { path: ':id', lazy: lazy(() => import('../features/runs/routes/RunPage')) },
        ],
      },
      {
        path: paths.liveRoster,
        element: <RequirePermission permission="roster.view" />,
        children: [
          { index: true, lazy: lazy(() => import('../features/live-roster/routes/LiveRosterPage')) },
        ],
      },
      { path: '*', lazy: lazy(() => import('./NotFoundPage')) },
    ],
  },
]);
