import { problemText } from '../../../components/QueryState';
import { ApiError } from '../../../lib/api/client';
import { WEEKDAYS } from '../../../lib/dates';
import { formatDay, type Language, weekdayNames } from '../../../lib/i18n/format';
import { hasMessage, type useT } from '../../../lib/i18n/I18nProvider';
import type { Unavailability, Weekday, WorkPreference } from '../api';

type T = ReturnType<typeof useT>;

/** A refusal in the reader's language: this area's own codes first, then the shared ones. */
export function wishError(t: T, error: unknown): string {
  if (!(error instanceof ApiError)) return t('error.network');
  const key = `availability.problem.${error.code}`;
  return hasMessage(key) ? t(key, error.problem as never) : problemText(t, error);
}

export function weekdaysText(lang: Language, days: readonly Weekday[]): string {
  const names = weekdayNames(lang, 0, 'long');
  return days.map((day) => names[WEEKDAYS.indexOf(day)]).join(lang === 'ar' ? '، ' : ', ');
}

export function unavailabilityText(lang: Language, entry: Unavailability): string {
  const dates =
    entry.from === entry.to
      ? formatDay(lang, entry.from)
      : `${formatDay(lang, entry.from)} – ${formatDay(lang, entry.to)}`;
  return entry.weekdays ? `${dates} (${weekdaysText(lang, entry.weekdays)})` : dates;
}

export function preferenceText(t: T, lang: Language, preference: WorkPreference): string {
  const when = preference.date
    ? formatDay(lang, preference.date, { weekday: 'long', day: 'numeric', month: 'long' })
    : t('availability.preference.everyWeek', { days: weekdaysText(lang, preference.weekdays ?? []) });
  const shift = preference.shiftType
    ? lang === 'ar'
      ? preference.shiftType.nameAr
      : preference.shiftType.nameEn
    : null;
  return t(preference.kind === 'work' ? 'availability.preference.work' : 'availability.preference.off', {
    when,
    shift: shift ?? '',
    typed: shift === null ? 'no' : 'yes',
  });
}
