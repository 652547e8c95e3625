/** Every screen's address, in one place. */
export const paths = {
  login: '/login',
  changePassword: '/change-password',
  dashboard: '/dashboard',
  myRoster: '/my/roster',
  myLeave: '/my/leave',
  myAttendance: '/my/attendance',
  myCertifications: '/my/certifications',
  profile: '/profile',
  rosterApprovals: '/approvals/rosters',
  leaveApprovals: '/approvals/leave',
  attendanceReviews: '/attendance/reviews',
  reconciliationExceptions: '/reconciliation/exceptions',
  runs: '/runs',
  run: '/runs/:id',
  liveRoster: '/roster/live',
} as const;
