import { useT } from '../../../lib/i18n/I18nProvider';

const NO_BREAK = { whiteSpace: 'nowrap' } as const;

/**
 * `22:00–06:00 (+1)`: times read left to right in both languages, a night says it ends the next day. In a
 * narrow cell the line may break after the dash, never inside a time.
 */
export function ShiftTime({ start, end, endsNextDay }: { start: string; end: string; endsNextDay: boolean }) {
  const t = useT();
  return (
    <span>
      <bdi dir="ltr">
        <span style={NO_BREAK}>{start}–</span>
        <wbr />
        <span style={NO_BREAK}>{end}</span>
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
