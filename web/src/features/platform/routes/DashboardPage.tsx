import { Card, SimpleGrid, Text, UnstyledButton } from '@mantine/core';
import { Link } from 'react-router';
import { PageHeader } from '../../../components/PageHeader';
import { QueryState } from '../../../components/QueryState';
import { usePermissions } from '../../../lib/auth/permissions';
import { formatDay, formatNumber } from '../../../lib/i18n/format';
import { type MessageId, useLanguage, useT } from '../../../lib/i18n/I18nProvider';
import { paths } from '../../../lib/paths';
import { useMonthTotals } from '../../costs/api';
import { formatMoney } from '../../costs/components/money';
import { type DashboardSummary, useDashboardSummary } from '../api';

type CountKey = Exclude<keyof DashboardSummary, 'asOf' | 'todaysCoverage' | 'openGapsComingWeek'>;

/** Each tile and the screen it leads to (where that screen exists and the caller may open it). */
const TILES: { key: CountKey; label: MessageId; to?: string; permission?: string }[] = [
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
  {
    key: 'leaveConflicts',
    label: 'dashboard.leaveConflicts',
    to: paths.leaveApprovals,
    permission: 'leave_request.approve',
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
  { key: 'certificationsExpiringSoon', label: 'dashboard.certificationsExpiringSoon' },
  { key: 'runsAwaitingReview', label: 'dashboard.runsAwaitingReview' },
  { key: 'activeEmployees', label: 'dashboard.activeEmployees' },
];

export default function DashboardPage() {
  const t = useT();
  const lang = useLanguage();
  const { has } = usePermissions();
  const summary = useDashboardSummary();
  const data = summary.data;
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
              />
            )}
            {data.openGapsComingWeek && (
              <Tile
                label={t('dashboard.openGaps')}
                value={formatNumber(lang, data.openGapsComingWeek.missingHeads)}
                hint={t('dashboard.openGapsHint', { count: data.openGapsComingWeek.byDate.length })}
              />
            )}
            {has('labour_cost.view') && <LabourCostTile month={data.asOf.slice(0, 7)} />}
            {TILES.filter((tile) => data[tile.key] !== null).map((tile) => (
              <Tile
                key={tile.key}
                label={t(tile.label)}
                value={formatNumber(lang, data[tile.key] ?? 0)}
                to={tile.to && (!tile.permission || has(tile.permission)) ? tile.to : undefined}
              />
            ))}
          </SimpleGrid>
        )}
      </QueryState>
    </>
  );
}

/** The month's labour cost: a read of its own, since pricing a month takes longer than every count. */
function LabourCostTile({ month }: { month: string }) {
  const t = useT();
  const lang = useLanguage();
  const totals = useMonthTotals(month).data;
  if (!totals) return null;
  const money = (amount: string) => formatMoney(lang, amount, totals.currency);
  return (
    <Tile
      label={t('costs.dashboard.label')}
      value={money(totals.planned)}
      hint={t('costs.dashboard.hint', {
        budget: totals.budget === null ? t('costs.month.noBudget') : money(totals.budget),
        actual: money(totals.actual),
      })}
      to={paths.labourCost}
    />
  );
}

function Tile({ label, value, hint, to }: { label: string; value: string; hint?: string; to?: string }) {
  const body = (
    <Card withBorder h="100%" data-testid="tile">
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text fw={700} fz="2rem">
        {value}
      </Text>
      {hint && <Text size="xs">{hint}</Text>}
    </Card>
  );
  return to ? (
    <UnstyledButton component={Link} to={to} aria-label={`${label}: ${value}`}>
      {body}
    </UnstyledButton>
  ) : (
    body
  );
}
