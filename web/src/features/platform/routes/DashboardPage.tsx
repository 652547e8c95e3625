import { SimpleGrid } from '@mantine/core';
import type { ComponentType } from 'react';
import { PageHeader } from '../../../components/PageHeader';
import { QueryState } from '../../../components/QueryState';
import { Tile } from '../../../components/Tile';
import { usePermissions } from '../../../lib/auth/permissions';
import { formatDay, formatNumber } from '../../../lib/i18n/format';
import { type MessageId, useLanguage, useT } from '../../../lib/i18n/I18nProvider';
import { paths } from '../../../lib/paths';
import { type DashboardSummary, useDashboardSummary } from '../api';

type CountKey = Exclude<keyof DashboardSummary, 'asOf' | 'todaysCoverage' | 'openGapsComingWeek'>;

/** Each tile and the screen that shows what it counts, with the permission that screen asks for. */
const TILES: { key: CountKey; label: MessageId; to: string; permission: string }[] = [
  {
    key: 'rosterApprovalsPending',
    label: 'dashboard.rosterApprovalsPending',
    to: paths.rosterApprovals,
    permission: 'roster.approve',
  },
  {
    key: 'leaveRequestsAwaitingMe',
    label: 'dashboard.leaveRequestsAwaitingMe',
    to: paths.leaveApprovals,
    permission: 'leave_request.approve',
  },
  // Live shifts of people on approved leave: the live roster is where they are seen and moved.
  {
    key: 'leaveConflicts',
    label: 'dashboard.leaveConflicts',
    to: paths.liveRoster,
    permission: 'roster.view',
  },
  {
    key: 'attendanceReviewsPending',
    label: 'dashboard.attendanceReviewsPending',
    to: paths.attendanceReviews,
    permission: 'attendance.review',
  },
  {
    key: 'reconciliationExceptionsOpen',
    label: 'dashboard.reconciliationExceptionsOpen',
    to: paths.reconciliationExceptions,
    permission: 'reconciliation.view',
  },
  {
    key: 'certificationsExpiringSoon',
    label: 'dashboard.certificationsExpiringSoon',
    to: paths.expiringCertifications,
    permission: 'certifications.read',
  },
  {
    key: 'runsAwaitingReview',
    label: 'dashboard.runsAwaitingReview',
    to: paths.runs,
    permission: 'allocation_run.read',
  },
  {
    key: 'activeEmployees',
    label: 'dashboard.activeEmployees',
    to: paths.employees,
    permission: 'employee.view',
  },
];

/** The month's labour cost as a tile: the costs area's, which the shell hands in. */
export type LabourCostTile = ComponentType<{ month: string }>;

export default function DashboardPage({ labourCost: LabourCost }: { labourCost?: LabourCostTile }) {
  const t = useT();
  const lang = useLanguage();
  const { has } = usePermissions();
  const summary = useDashboardSummary();
  const data = summary.data;
  const liveRoster = has('roster.view') ? paths.liveRoster : undefined;
  return (
    <>
      <PageHeader
        title={t('dashboard.title')}
        description={data ? t('dashboard.asOf', { date: formatDay(lang, data.asOf) }) : undefined}
      />
      <QueryState query={summary}>
        {data && (
          <SimpleGrid cols={{ base: 1, xs: 2, md: 3, lg: 4 }} data-testid="dashboard">
            {data.todaysCoverage && (
              <Tile
                label={t('dashboard.todaysCoverage')}
                value={
                  data.todaysCoverage.ratio === null
                    ? '—'
                    : formatNumber(lang, data.todaysCoverage.ratio, {
                        style: 'percent',
                        maximumFractionDigits: 1,
                      })
                }
                hint={t('dashboard.coverageHint', {
                  assigned: formatNumber(lang, data.todaysCoverage.assigned),
                  required: formatNumber(lang, data.todaysCoverage.required),
                })}
                to={liveRoster}
              />
            )}
            {data.openGapsComingWeek && (
              <Tile
                label={t('dashboard.openGaps')}
                value={formatNumber(lang, data.openGapsComingWeek.missingHeads)}
                hint={t('dashboard.openGapsHint', { count: data.openGapsComingWeek.byDate.length })}
                to={liveRoster}
              />
            )}
            {LabourCost && has('labour_cost.view') && <LabourCost month={data.asOf.slice(0, 7)} />}
            {TILES.filter((tile) => data[tile.key] !== null).map((tile) => (
              <Tile
                key={tile.key}
                label={t(tile.label)}
                value={formatNumber(lang, data[tile.key] ?? 0)}
                to={has(tile.permission) ? tile.to : undefined}
              />
            ))}
          </SimpleGrid>
        )}
      </QueryState>
    </>
  );
}
