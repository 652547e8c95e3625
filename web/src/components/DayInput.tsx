import { DateInput, type DateInputProps, MonthPickerInput, type MonthPickerInputProps } from '@mantine/dates';
import 'dayjs/locale/ar';
import { dayAsTyped, dayFromText, monthAsTyped } from '../lib/dates';
import { monthTitle } from '../lib/i18n/format';
import { useLanguage, useT } from '../lib/i18n/I18nProvider';
import { UnitDates } from './UnitDates';

type Owned = 'value' | 'defaultValue' | 'onChange' | 'valueFormat' | 'minDate' | 'maxDate';

export type DayInputProps = Omit<DateInputProps, Owned | 'dateParser'> & {
  /** `YYYY-MM-DD`, or '' for none. */
  value: string;
  onChange: (day: string) => void;
  min?: string;
  max?: string;
};

/**
 * Every date field of the client: day/month/year in both languages (a browser's own date field follows
 * the browser's language, not the page's), typed or picked from the unit's week, in Latin digits as the
 * other dates; the value stays `YYYY-MM-DD`, '' when an optional field is emptied.
 */
export function DayInput({ value, onChange, min, max, required, placeholder, ...rest }: DayInputProps) {
  const t = useT();
  return (
    <UnitDates>
      <DateInput
        {...rest}
        required={required}
        clearable={!required}
        clearButtonProps={{ 'aria-label': t('common.day.clear') }}
        value={value || null}
        onChange={(day) => onChange(day ?? '')}
        minDate={min || undefined}
        maxDate={max || undefined}
        valueFormat={dayAsTyped}
        dateParser={dayFromText}
        placeholder={placeholder ?? t('common.day.placeholder')}
        // Day, month and year read left to right as they are written, in Arabic too.
        dir="ltr"
        nextLabel={t('common.nextMonth')}
        previousLabel={t('common.previousMonth')}
      />
    </UnitDates>
  );
}

export type MonthInputProps = Omit<MonthPickerInputProps, Owned | 'type'> & {
  /** `YYYY-MM`. */
  value: string;
  onChange: (month: string) => void;
};

/** A month field, month/year in both languages, the value `YYYY-MM`. */
export function MonthInput({ value, onChange, placeholder, ...rest }: MonthInputProps) {
  const t = useT();
  const language = useLanguage();
  return (
    <UnitDates>
      <MonthPickerInput
        {...rest}
        value={value ? `${value}-01` : null}
        onChange={(first) => onChange(first ? first.slice(0, 7) : '')}
        valueFormatter={({ date }) => (typeof date === 'string' ? monthAsTyped(date.slice(0, 7)) : '')}
        // A month's button reads with its year ("February 2027"), not only "Feb".
        getMonthControlProps={(month) => ({ 'aria-label': monthTitle(language, month.slice(0, 7)) })}
        placeholder={placeholder ?? t('common.month.placeholder')}
        dir="ltr"
        nextLabel={t('common.nextYear')}
        previousLabel={t('common.previousYear')}
      />
    </UnitDates>
  );
}
