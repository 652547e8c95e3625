import { LOOKUP_GROUPS } from '../features/admin/components/lookupGroups';
import type { MessageId } from '../lib/i18n/I18nProvider';
import { paths } from '../lib/paths';

const LOOKUP_VIEWS = LOOKUP_GROUPS.map((group) => `${group.entity}.view`);

/** The navigation's groups, in the order they show: the day's inbox first, one's own things last. */
export const NAV_SECTIONS = ['work', 'planning', 'people', 'attendance', 'admin', 'mine'] as const;
export type NavSection = (typeof NAV_SECTIONS)[number];

export interface NavItem {
  to: string;
  label: MessageId;
  /** Shown when the caller holds any of these; none: every signed-in person. */
  anyOf?: string[];
  section: NavSection;
}

/** The navigation, built from the caller's permissions: a link shows only where its screen may open. */
export const NAV: NavItem[] = [
  { to: paths.dashboard, label: 'nav.dashboard', anyOf: ['dashboard.view'], section: 'work' },
  { to: paths.rosterApprovals, label: 'nav.rosterApprovals', anyOf: ['roster.approve'], section: 'work' },
  {
    to: paths.leaveApprovals,
    label: 'nav.leaveApprovals',
    anyOf: ['leave_request.approve'],
    section: 'work',
  },
  {
    to: paths.attendanceReviews,
    label: 'nav.attendanceReviews',
    anyOf: ['attendance.review'],
    section: 'work',
  },
  {
    to: paths.reconciliationExceptions,
    label: 'nav.reconciliationExceptions',
    anyOf: ['reconciliation.view'],
    section: 'work',
  },
  { to: paths.demandPlans, label: 'demand.nav.plans', anyOf: ['demand.read'], section: 'planning' },
  { to: paths.runs, label: 'allocation.nav', anyOf: ['allocation_run.read'], section: 'planning' },
  { to: paths.liveRoster, label: 'rosters.nav', anyOf: ['roster.view'], section: 'planning' },
  { to: paths.openShifts, label: 'openShifts.nav.planning', anyOf: ['open_shift.view'], section: 'planning' },
  { to: paths.pools, label: 'pools.nav', anyOf: ['pool.read'], section: 'planning' },
  {
    to: paths.reports,
    label: 'reports.nav',
    anyOf: ['roster.view', 'reconciliation.view'],
    section: 'planning',
  },
  { to: paths.employees, label: 'people.nav.employees', anyOf: ['employee.view'], section: 'people' },
  { to: paths.skills, label: 'people.nav.skills', anyOf: ['skill.view'], section: 'people' },
  {
    to: paths.expiringCertifications,
    label: 'people.nav.expiring',
    anyOf: ['certifications.read'],
    section: 'people',
  },
  { to: paths.employeeGroups, label: 'people.nav.groups', anyOf: ['employee_group.read'], section: 'people' },
  { to: paths.imports, label: 'imports.nav', anyOf: ['imports.run'], section: 'people' },
  {
    to: paths.attendanceRecords,
    label: 'attendanceAdmin.nav.records',
    anyOf: ['attendance.view.all', 'attendance.view.scoped'],
    section: 'attendance',
  },
  {
    to: paths.attendanceImport,
    label: 'attendanceAdmin.nav.import',
    anyOf: ['attendance.import'],
    section: 'attendance',
  },
  {
    to: paths.reconciliationVariance,
    label: 'attendanceAdmin.nav.variance',
    anyOf: ['reconciliation.view'],
    section: 'attendance',
  },
  { to: paths.adminUsers, label: 'admin.nav.users', anyOf: ['admin.users'], section: 'admin' },
  { to: paths.adminRoles, label: 'admin.nav.roles', anyOf: ['admin.roles'], section: 'admin' },
  { to: paths.adminLookups, label: 'admin.nav.lookups', anyOf: LOOKUP_VIEWS, section: 'admin' },
  { to: paths.adminSettings, label: 'admin.nav.settings', anyOf: ['admin.config'], section: 'admin' },
  { to: paths.adminAudit, label: 'admin.nav.audit', anyOf: ['admin.audit'], section: 'admin' },
  { to: paths.adminMailOutbox, label: 'admin.nav.outbox', anyOf: ['admin.config'], section: 'admin' },
  { to: paths.labourCost, label: 'costs.nav.month', anyOf: ['labour_cost.view'], section: 'planning' },
  { to: paths.costSettings, label: 'costs.nav.settings', anyOf: ['labour_cost.view'], section: 'admin' },
  { to: paths.myRoster, label: 'nav.myRoster', section: 'mine' },
  {
    to: paths.myLeave,
    label: 'nav.myLeave',
    anyOf: ['leave_request.submit', 'leave_request.view_own'],
    section: 'mine',
  },
  { to: paths.myAttendance, label: 'nav.myAttendance', anyOf: ['attendance.view.own'], section: 'mine' },
  { to: paths.myCertifications, label: 'nav.myCertifications', section: 'mine' },
  { to: paths.myOpenShifts, label: 'openShifts.nav.mine', anyOf: ['open_shift.claim'], section: 'mine' },
  { to: paths.mySwaps, label: 'swaps.nav.mine', anyOf: ['shift_swap.propose'], section: 'mine' },
  { to: paths.swapApprovals, label: 'swaps.nav.queue', anyOf: ['shift_swap.view'], section: 'work' },
  {
    to: paths.myAvailability,
    label: 'availability.nav',
    anyOf: ['availability.manage_own'],
    section: 'mine',
  },
];

export const visibleNav = (has: (permission: string) => boolean) =>
  NAV.filter((item) => !item.anyOf || item.anyOf.some(has));
