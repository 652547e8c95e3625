import { useT } from '../../../lib/i18n/I18nProvider';

/** `22:00–06:00 (+1)`: times read left to right in both languages, a night says it ends the next day. */
export function ShiftTime({ start, end, endsNextDay }: { start: string; end: string; endsNextDay: boolean }) {
  const t = useT();
  return (
    <span>
      <bdi dir="ltr">
        {start}–{end}
      </bdi>
      {endsNextDay && (
        <>
          {' '}
          <span title={t('roster.endsNextDay')}>({t('roster.nextDayShort')})</span>
        </>
      )}
    </span>
  );
}
