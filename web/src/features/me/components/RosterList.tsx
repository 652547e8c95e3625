import { Badge, Group, Paper, Stack, Text } from '@mantine/core';
import { formatDay, localName } from '../../../lib/i18n/format';
import { useLanguage, useT } from '../../../lib/i18n/I18nProvider';
import type { RosterDay } from './rosterDays';
import { ShiftTime } from './ShiftTime';

/** The same month as a list, one line per date that has something on it: easiest on a phone. */
export function RosterList({ days, today }: { days: readonly RosterDay[]; today: string }) {
  const t = useT();
  const lang = useLanguage();
  const shown = days.filter(
    (day) => day.shifts.length || day.holiday || day.leave || day.off || day.unavailable.length,
  );
  if (!shown.length) return <Text c="dimmed">{t('roster.nothing')}</Text>;
  return (
    <Stack gap="xs" component="ul" p={0} style={{ listStyle: 'none' }} data-testid="roster-list">
      {shown.map((day) => (
        <Paper
          key={day.date}
          component="li"
          withBorder
          p="sm"
          bg={day.date === today ? 'blue.0' : undefined}
          aria-current={day.date === today ? 'date' : undefined}
        >
          <Text fw={700} size="sm">
            {formatDay(lang, day.date, { weekday: 'long', day: 'numeric', month: 'long' })}
          </Text>
          {day.shifts.map((shift) => (
            <Group key={shift.id} gap="xs" wrap="wrap">
              <Text size="sm" fw={600}>
                {localName(lang, shift)}
              </Text>
              <Text size="sm">
                <ShiftTime start={shift.start} end={shift.end} endsNextDay={shift.endsNextDay} />
              </Text>
              <Text size="sm">{localName(lang, shift.terminal)}</Text>
              {shift.endsNextDay && <Badge color="indigo">{t('roster.night')}</Badge>}
            </Group>
          ))}
          {day.holiday && <Badge color="grape">{localName(lang, day.holiday)}</Badge>}
          {day.leave && (
            <Badge color="teal">{t(day.leave === 'Approved' ? 'roster.leave' : 'roster.leavePending')}</Badge>
          )}
          {day.off && (
            <Text size="sm" c="dimmed">
              {t('roster.off')}
            </Text>
          )}
          {day.unavailable.map((reason) => (
            <Text key={reason} size="sm" c="dimmed" data-testid="list-unavailable">
              {t('roster.unavailable', { reason })}
            </Text>
          ))}
        </Paper>
      ))}
    </Stack>
  );
}
