import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PermissionsProvider } from '../../../lib/auth/permissions';
import { paths } from '../../../lib/paths';
import { renderIn } from '../../../test/render';
import type { DashboardSummary } from '../api';
import DashboardPage from './DashboardPage';

const summary: DashboardSummary = {
  asOf: '2026-12-02',
  activeEmployees: 120,
  leaveRequestsAwaitingMe: 3,
  rosterApprovalsPending: 1,
  attendanceReviewsPending: 4,
  reconciliationExceptionsOpen: 5,
  certificationsExpiringSoon: 6,
  runsAwaitingReview: 2,
  leaveConflicts: 7,
  todaysCoverage: { required: 40, assigned: 30, ratio: 0.75 },
  openGapsComingWeek: { missingHeads: 9, byDate: [{ date: '2026-12-03', lines: 3, missingHeads: 9 }] },
};

const everyScreen = [
  'roster.view',
  'roster.approve',
  'leave_request.approve',
  'attendance.review',
  'reconciliation.view',
  'certifications.read',
  'allocation_run.read',
  'employee.view',
];

function show(permissions: string[]) {
  vi.stubGlobal(
    'fetch',
    vi.fn(
      async () => new Response(JSON.stringify(summary), { headers: { 'content-type': 'application/json' } }),
    ),
  );
  renderIn(
    'en',
    <PermissionsProvider permissions={permissions}>
      <DashboardPage />
    </PermissionsProvider>,
  );
}

const escaped = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

afterEach(() => vi.unstubAllGlobals());

describe('the dashboard', () => {
  it('leads from every tile to the screen that shows what it counts, named by its visible text', async () => {
    show(everyScreen);
    await screen.findByTestId('dashboard');
    const leads: [string, string][] = [
      ["Today's coverage", paths.liveRoster],
      ['Open gaps, coming seven days', paths.liveRoster],
      ['Roster versions awaiting approval', paths.rosterApprovals],
      ['Leave requests awaiting you', paths.leaveApprovals],
      ['Leave overlapping the roster', paths.liveRoster],
      ['Attendance edits to review', paths.attendanceReviews],
      ['Open attendance exceptions', paths.reconciliationExceptions],
      ['Certifications expiring soon', paths.expiringCertifications],
      ['Allocation runs awaiting review', paths.runs],
      ['Active employees', paths.employees],
    ];
    const links = screen.getAllByRole('link');
    expect(links).toHaveLength(leads.length);
    for (const [label, to] of leads) {
      const link = links.find((candidate) => candidate.textContent?.startsWith(label));
      expect(link, label).toHaveAttribute('href', to);
      expect(link).not.toHaveAttribute('aria-label');
      expect(link).toHaveAccessibleName(expect.stringMatching(new RegExp(`^${escaped(label)} `)));
    }
  });

  it('leaves a tile as a figure when the caller may not open its screen', async () => {
    show(['employee.view']);
    await screen.findByTestId('dashboard');
    expect(screen.getAllByRole('link')).toHaveLength(1);
    expect(screen.getByRole('link')).toHaveAttribute('href', paths.employees);
    expect(screen.getByText('Allocation runs awaiting review').closest('a')).toBeNull();
  });
});
