import { Alert, Button, Stack, TextInput } from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import { UnitDates } from '../../../components/UnitDates';
import 'dayjs/locale/ar';
import '@mantine/dates/styles.css';
import { useState } from 'react';
import { formatDay } from '../../../lib/i18n/format';
import { useLanguage, useT } from '../../../lib/i18n/I18nProvider';
import { type AvailabilityLimits, useAddUnavailability, type Weekday } from '../api';
import { WeekdayPicker } from './WeekdayPicker';
import { wishError } from './wishText';

/** States days one cannot work: a range of dates, optionally only some weekdays within it, and why. */
export function UnavailabilityForm({
  limits,
  onSaved,
}: {
  limits: AvailabilityLimits;
  /** After saving, with the first date: the page shows its month. */
  onSaved?: (from: string) => void;
}) {
  const t = useT();
  const lang = useLanguage();
  const add = useAddUnavailability();
  const [range, setRange] = useState<[string | null, string | null]>([null, null]);
  const [weekdays, setWeekdays] = useState<Weekday[]>([]);
  const [reason, setReason] = useState('');
  const [from, to] = range;
  const send = () => {
    if (!from || !reason.trim()) return;
    add.mutate(
      { from, to: to ?? from, reason: reason.trim(), ...(weekdays.length ? { weekdays } : {}) },
      {
        onSuccess: () => {
          onSaved?.(from);
          setRange([null, null]);
          setWeekdays([]);
          setReason('');
        },
      },
    );
  };
  return (
    <UnitDates>
      <Stack>
        <DatePickerInput
          type="range"
          allowSingleDateInRange
          label={t('availability.unavailable.dates')}
          description={t('availability.unavailable.datesHint', {
            latest: formatDay(lang, limits.latestDate),
            perMonth: limits.maxUnavailableDaysPerMonth,
          })}
          placeholder={t('availability.unavailable.pick')}
          minDate={limits.today}
          maxDate={limits.latestDate}
          value={range}
          onChange={(value) => setRange(value as [string | null, string | null])}
          valueFormatter={({ date }) => {
            const [a, b] = (Array.isArray(date) ? date : [date, null]) as [string | null, string | null];
            if (!a) return '';
            return b && b !== a ? `${formatDay(lang, a)} – ${formatDay(lang, b)}` : formatDay(lang, a);
          }}
          nextLabel={t('common.nextMonth')}
          previousLabel={t('common.previousMonth')}
          getDayProps={(date) => ({ 'data-date': date }) as never}
          data-testid="unavailable-dates"
          clearable
        />
        <WeekdayPicker
          label={t('availability.unavailable.weekdays')}
          description={t('availability.unavailable.weekdaysHint')}
          value={weekdays}
          onChange={setWeekdays}
          testId="unavailable-weekdays"
        />
        <TextInput
          label={t('availability.unavailable.reason')}
          required
          maxLength={200}
          value={reason}
          onChange={(event) => setReason(event.currentTarget.value)}
          data-testid="unavailable-reason"
        />
        {add.error && (
          <Alert color="red" role="alert" data-testid="unavailable-error">
            {wishError(t, add.error)}
          </Alert>
        )}
        {add.isSuccess && (
          <Alert color="green" role="status" data-testid="unavailable-saved">
            {t('availability.unavailable.saved')}
          </Alert>
        )}
        <Button onClick={send} disabled={!from || !reason.trim()} loading={add.isPending}>
          {t('availability.unavailable.submit')}
        </Button>
      </Stack>
    </UnitDates>
  );
}
