import { ActionIcon, Badge, Box, Indicator, Menu, Text } from '@mantine/core';
import { IconBell } from '@tabler/icons-react';
import { Link } from 'react-router';
import { usePendingAttendanceReviewCount } from '../features/attendance/api';
import { useLeaveAwaitingCount } from '../features/leave/api';
import { useOwnNotifications } from '../features/notifications/api';
import { NotificationItems } from '../features/notifications/components/NotificationItems';
import { usePendingRosterApprovalCount } from '../features/publishing/api';
import { useOpenExceptionCount } from '../features/reconciliation/api';
import { useSwapsAwaitingAnswerCount, useSwapsAwaitingApprovalCount } from '../features/swaps/api';
import { usePermissions } from '../lib/auth/permissions';
import { formatNumber } from '../lib/i18n/format';
import { type MessageId, useLanguage, useT } from '../lib/i18n/I18nProvider';
import { paths } from '../lib/paths';

/**
 * The bell: the pending counts the caller may act on, each leading to its queue, and the caller's
 * notifications (issue 55), polled about every 30 s (nothing is pushed). Its count is what waits plus
 * what is unread.
 */
export function Bell() {
  const t = useT();
  const lang = useLanguage();
  const { has } = usePermissions();
  const rosters = usePendingRosterApprovalCount(has('roster.approve'));
  const leave = useLeaveAwaitingCount(has('leave_request.approve') && has('leave_request.view_all'));
  const reviews = usePendingAttendanceReviewCount(has('attendance.review'));
  const exceptions = useOpenExceptionCount(has('reconciliation.view'));
  const answerSwaps = has('shift_swap.propose');
  const approveSwaps = has('shift_swap.approve') && has('shift_swap.view');
  const swapAnswers = useSwapsAwaitingAnswerCount(answerSwaps);
  const swapApprovals = useSwapsAwaitingApprovalCount(approveSwaps);
  const entries: { key: string; label: MessageId; to: string; count: number | undefined; shown: boolean }[] =
    [
      {
        key: 'rosters',
        label: 'bell.rosterApprovals',
        to: paths.rosterApprovals,
        count: rosters.data,
        shown: has('roster.approve'),
      },
      {
        key: 'leave',
        label: 'bell.leaveSteps',
        to: paths.leaveApprovals,
        count: leave.data,
        shown: has('leave_request.approve') && has('leave_request.view_all'),
      },
      {
        key: 'reviews',
        label: 'bell.attendanceReviews',
        to: paths.attendanceReviews,
        count: reviews.data,
        shown: has('attendance.review'),
      },
      {
        key: 'exceptions',
        label: 'bell.reconciliationExceptions',
        to: paths.reconciliationExceptions,
        count: exceptions.data,
        shown: has('reconciliation.view'),
      },
      {
        key: 'swap-answers',
        label: 'bell.swapAnswers',
        to: paths.mySwaps,
        count: swapAnswers.data,
        shown: answerSwaps,
      },
      {
        key: 'swap-approvals',
        label: 'bell.swapApprovals',
        to: paths.swapApprovals,
        count: swapApprovals.data,
        shown: approveSwaps,
      },
    ];
  const notices = useOwnNotifications();
  const shown = entries.filter((entry) => entry.shown);
  const unread = notices.data?.unread ?? 0;
  const total = shown.reduce((sum, entry) => sum + (entry.count ?? 0), unread);
  return (
    // No focus placeholder: axe refuses a presentation child in a menu; the keyboard lands on the first item.
    <Menu position="bottom-end" withArrow width={320} withInitialFocusPlaceholder={false}>
      <Menu.Target>
        <ActionIcon
          variant="subtle"
          size="lg"
          aria-label={t('bell.label', { count: total })}
          data-testid="bell"
          // The count sits on the bell's corner, beyond the button's box: not cut by it.
          style={{ overflow: 'visible' }}
        >
          <Indicator
            label={formatNumber(lang, total)}
            size={18}
            disabled={total === 0}
            color="red"
            offset={2}
          >
            <IconBell aria-hidden />
          </Indicator>
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>
        {/* A long list scrolls inside a group that the keyboard can reach (the menu itself is never a tab stop). */}
        <Box role="group" tabIndex={0} mah="80vh" style={{ overflowY: 'auto' }} data-testid="bell-list">
          {shown.length > 0 && <Menu.Label>{t('bell.title')}</Menu.Label>}
          {shown.map((entry) => (
            <Menu.Item
              key={entry.key}
              component={Link}
              to={entry.to}
              rightSection={
                <Badge color={entry.count ? 'red' : 'gray'} variant={entry.count ? 'filled' : 'light'}>
                  {entry.count === undefined ? '…' : formatNumber(lang, entry.count)}
                </Badge>
              }
            >
              <Text size="sm">{t(entry.label)}</Text>
            </Menu.Item>
          ))}
          <NotificationItems items={notices.data?.items ?? []} unread={unread} />
        </Box>
      </Menu.Dropdown>
    </Menu>
  );
}
