/** Every screen's address, in one place. */
export const paths = {
  login: '/login',
  changePassword: '/change-password',
  dashboard: '/dashboard',
  myRoster: '/my/roster',
  myLeave: '/my/leave',
  myAttendance: '/my/attendance',
  myCertifications: '/my/certifications',
  myAvailability: '/my/availability',
  profile: '/profile',
  rosterApprovals: '/approvals/rosters',
  leaveApprovals: '/approvals/leave',
  attendanceReviews: '/attendance/reviews',
  reconciliationExceptions: '/reconciliation/exceptions',
  adminUsers: '/admin/users',
  adminUser: '/admin/users/:id',
  adminRoles: '/admin/roles',
  adminLookups: '/admin/lookups',
  adminSettings: '/admin/settings',
  adminAudit: '/admin/audit',

  employees: '/people/employees',
  employee: (id: string) => `/people/employees/${id}`,
  skills: '/people/skills',
  skill: (id: string) => `/people/skills/${id}`,
  expiringCertifications: '/people/certifications/expiring',
  employeeGroups: '/people/groups',
  employeeGroup: (id: string) => `/people/groups/${id}`,
  imports: '/imports',
  importJob: (id: string) => `/imports/jobs/${id}`,

  attendanceRecords: '/attendance/records',
  attendanceRecordPattern: '/attendance/records/:id',
  attendanceRecord: (id: string) => `/attendance/records/${id}`,
  attendanceImport: '/attendance/import',
  reconciliationVariance: '/reconciliation/variance',

  demandPlans: '/demand/plans',
  demandPlan: '/demand/plans/:id',
  pools: '/pools',
  reports: '/reports',

  runs: '/runs',
  run: '/runs/:id',
  liveRoster: '/roster/live',
  openShifts: '/roster/open-shifts',
  myOpenShifts: '/my/open-shifts',
  mySwaps: '/my/swaps',
  swapApprovals: '/approvals/swaps',
  labourCost: '/costs',
  costSettings: '/admin/costs',
} as const;

/** The administration screens' addresses, with the one that takes an id. */
export const adminPaths = {
  users: paths.adminUsers,
  user: (id: string) => `/admin/users/${encodeURIComponent(id)}`,
};
