import { Alert, Button, NumberInput, SegmentedControl, Select, Stack } from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import { UnitDates } from '../../../components/UnitDates';
import 'dayjs/locale/ar';
import '@mantine/dates/styles.css';
import { useState } from 'react';
import { formatDay, localName } from '../../../lib/i18n/format';
import { useLanguage, useT } from '../../../lib/i18n/I18nProvider';
import { type AvailabilityLimits, useAddPreference, useShiftTypes, type Weekday } from '../api';
import { WeekdayPicker } from './WeekdayPicker';
import { wishError } from './wishText';

/** A wish to work or to be off, on one date or every week on some weekdays, optionally one shift type. */
export function PreferenceForm({ limits }: { limits: AvailabilityLimits }) {
  const t = useT();
  const lang = useLanguage();
  const add = useAddPreference();
  const types = useShiftTypes();
  const [kind, setKind] = useState<'work' | 'off'>('off');
  const [when, setWhen] = useState<'date' | 'weekly'>('date');
  const [date, setDate] = useState<string | null>(null);
  const [weekdays, setWeekdays] = useState<Weekday[]>([]);
  const [shiftTypeId, setShiftTypeId] = useState<string | null>(null);
  const [weight, setWeight] = useState<number>(1);
  const ready = when === 'date' ? date !== null : weekdays.length > 0;
  const send = () => {
    if (!ready) return;
    add.mutate(
      {
        kind,
        ...(when === 'date' ? { date: date! } : { weekdays }),
        ...(shiftTypeId ? { shiftTypeId } : {}),
        weight,
      },
      {
        onSuccess: () => {
          setDate(null);
          setWeekdays([]);
        },
      },
    );
  };
  return (
    <UnitDates>
      <Stack>
        <SegmentedControl
          aria-label={t('availability.preference.kind')}
          value={kind}
          onChange={(value) => setKind(value as 'work' | 'off')}
          data={[
            { value: 'off', label: t('availability.preference.kindOff') },
            { value: 'work', label: t('availability.preference.kindWork') },
          ]}
        />
        <SegmentedControl
          aria-label={t('availability.preference.when')}
          value={when}
          onChange={(value) => setWhen(value as 'date' | 'weekly')}
          data={[
            { value: 'date', label: t('availability.preference.onDate') },
            { value: 'weekly', label: t('availability.preference.weekly') },
          ]}
        />
        {when === 'date' ? (
          <DatePickerInput
            label={t('availability.preference.date')}
            placeholder={t('availability.preference.pick')}
            minDate={limits.today}
            maxDate={limits.latestDate}
            value={date}
            onChange={(value) => setDate(value as string | null)}
            valueFormatter={({ date: picked }) => (picked ? formatDay(lang, picked as string) : '')}
            nextLabel={t('common.nextMonth')}
            previousLabel={t('common.previousMonth')}
            getDayProps={(day) => ({ 'data-date': day }) as never}
            clearable
          />
        ) : (
          <WeekdayPicker
            label={t('availability.preference.weekdays')}
            value={weekdays}
            onChange={setWeekdays}
            testId="preference-weekdays"
          />
        )}
        <Select
          label={t('availability.preference.shiftType')}
          placeholder={t('availability.preference.anyShift')}
          clearable
          value={shiftTypeId}
          onChange={setShiftTypeId}
          data={(types.data ?? []).map((type) => ({
            value: type.id,
            label: localName(lang, type),
          }))}
        />
        <NumberInput
          label={t('availability.preference.weight')}
          description={t('availability.preference.weightHint')}
          min={1}
          max={10}
          value={weight}
          onChange={(value) => setWeight(typeof value === 'number' ? value : 1)}
        />
        {add.error && (
          <Alert color="red" role="alert">
            {wishError(t, add.error)}
          </Alert>
        )}
        <Button onClick={send} disabled={!ready} loading={add.isPending}>
          {t('availability.preference.submit')}
        </Button>
      </Stack>
    </UnitDates>
  );
}
