import type { MessageId } from '../lib/i18n/I18nProvider';
import { paths } from './paths';

export interface NavItem {
  to: string;
  label: MessageId;
  /** Shown when the caller holds any of these; none: every signed-in person. */
  anyOf?: string[];
  section: 'mine' | 'work';
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
  { to: paths.runs, label: 'runs.nav', anyOf: ['allocation_run.read'], section: 'work' },
  { to: paths.liveRoster, label: 'liveRoster.nav', anyOf: ['roster.view'], section: 'work' },
  { to: paths.myRoster, label: 'nav.myRoster', section: 'mine' },
  {
    to: paths.myLeave,
    label: 'nav.myLeave',
    anyOf: ['leave_request.submit', 'leave_request.view_own'],
    section: 'mine',
  },
  { to: paths.myAttendance, label: 'nav.myAttendance', anyOf: ['attendance.view.own'], section: 'mine' },
  { to: paths.myCertifications, label: 'nav.myCertifications', section: 'mine' },
];

export const visibleNav = (has: (permission: string) => boolean) =>
  NAV.filter((item) => !item.anyOf || item.anyOf.some(has));
