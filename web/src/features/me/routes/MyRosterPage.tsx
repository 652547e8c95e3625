import { ActionIcon, Alert, Group, SegmentedControl, Text } from '@mantine/core';
import { IconChevronLeft, IconChevronRight } from '@tabler/icons-react';
import { useSearchParams } from 'react-router';
import { PageHeader } from '../../../components/PageHeader';
import { QueryState } from '../../../components/QueryState';
import { useMyLeaveRequests } from '../../../lib/api/leave';
import { usePermissions } from '../../../lib/auth/permissions';
import { addMonths, firstOfMonth, lastOfMonth, monthOf, today as todayIn } from '../../../lib/dates';
import { monthTitle } from '../../../lib/i18n/format';
import { useLanguage, useT } from '../../../lib/i18n/I18nProvider';
import { useOnline } from '../../../lib/offline/copies';
import { useUnit } from '../../../lib/unit';
import { useKeepComingWeeks, useOwnRoster, useOwnUnavailability } from '../api';
import { CalendarFeedPanel } from '../components/CalendarFeedPanel';
import { OfflineNotice } from '../components/OfflineNotice';
import { RosterCalendar } from '../components/RosterCalendar';
import { RosterList } from '../components/RosterList';
import { buildRosterDays, type LeaveSpan } from '../components/rosterDays';

export default function MyRosterPage() {
  const t = useT();
  const lang = useLanguage();
  const unit = useUnit();
  const [params, setParams] = useSearchParams();
  const today = todayIn(unit.timeZone);
  const month = /^\d{4}-\d{2}$/.test(params.get('month') ?? '') ? params.get('month')! : monthOf(today);
  const view = params.get('view') === 'list' ? 'list' : 'calendar';
  const from = firstOfMonth(month);
  const to = lastOfMonth(month);
  const online = useOnline();
  const roster = useOwnRoster(from, to);
  useKeepComingWeeks(today, online);
  const leave = useMyLeaveRequests();
  const { has } = usePermissions();
  const unavailability = useOwnUnavailability(from, to, has('availability.manage_own'));
  const set = (changes: Record<string, string>) =>
    setParams((current) => {
      const next = new URLSearchParams(current);
      for (const [key, value] of Object.entries(changes)) next.set(key, value);
      return next;
    });

  // Without a network a month this device did not keep waits for one: the month before must not stand in.
  const notKept = roster.fetchStatus === 'paused' && (roster.isPlaceholderData || !roster.data);
  const read = notKept ? undefined : roster.data;
  const lines = read?.roster.lines ?? [];
  // Approved leave, holidays and days off come with the roster; requests still pending are the caller's own.
  const pending: LeaveSpan[] = (leave.data ?? [])
    .filter((request) => !['Approved', 'Rejected', 'Cancelled'].includes(request.Status))
    .map((request) => ({ from: request.from, to: request.to, status: 'Pending' }));
  const days = read ? buildRosterDays(read.roster, pending, unavailability.data) : [];
  const versions = [...new Set(lines.map((line) => line.rosterVersion))].sort((a, b) => a - b);

  return (
    <>
      <PageHeader
        title={t('roster.title')}
        description={t('roster.description')}
        actions={
          <SegmentedControl
            value={view}
            onChange={(value) => set({ view: value })}
            data={[
              { value: 'calendar', label: t('roster.view.calendar') },
              { value: 'list', label: t('roster.view.list') },
            ]}
            aria-label={t('roster.view.label')}
          />
        }
      />
      <Group justify="space-between" mb="sm" wrap="nowrap">
        <ActionIcon
          variant="default"
          size="lg"
          aria-label={t('common.previousMonth')}
          onClick={() => set({ month: addMonths(month, -1) })}
        >
          {lang === 'ar' ? <IconChevronRight aria-hidden /> : <IconChevronLeft aria-hidden />}
        </ActionIcon>
        <Text component="h2" fw={700} size="lg" aria-live="polite" m={0}>
          {monthTitle(lang, month)}
        </Text>
        <ActionIcon
          variant="default"
          size="lg"
          aria-label={t('common.nextMonth')}
          onClick={() => set({ month: addMonths(month, 1) })}
        >
          {lang === 'ar' ? <IconChevronLeft aria-hidden /> : <IconChevronRight aria-hidden />}
        </ActionIcon>
      </Group>
      {read?.asOf && (
        <OfflineNotice
          asOf={read.asOf}
          timeZone={read.roster.timezone}
          onRetry={() => void roster.refetch()}
        />
      )}
      {notKept ? (
        <Alert color="gray" mb="sm" data-testid="roster-not-kept">
          {t('offline.notKept')}
        </Alert>
      ) : (
        <QueryState query={roster}>
          {lines.length === 0 ? (
            <Alert color="gray" mb="sm" data-testid="roster-unpublished">
              {t('roster.unpublished')}
            </Alert>
          ) : (
            <Text size="sm" c="dimmed" mb="sm" data-testid="roster-version">
              {t('roster.publishedVersion', { versions: versions.join(', '), count: versions.length })}
            </Text>
          )}
          {view === 'calendar' ? (
            <RosterCalendar
              month={month}
              days={days}
              weekStart={unit.weekStart}
              weekendDays={unit.weekendDays}
              today={today}
            />
          ) : (
            <RosterList days={days} today={today} />
          )}
        </QueryState>
      )}
      {/* The feed's secret address is never kept on the device: its panel needs the network. */}
      {online && !read?.asOf && <CalendarFeedPanel />}
    </>
  );
}
