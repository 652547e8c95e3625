import { VisuallyHidden } from '@mantine/core';
import { firstOfMonth, lastOfMonth, weekday } from '../../../lib/dates';
import { formatDay, localName, weekdayNames } from '../../../lib/i18n/format';
import { useLanguage, useT } from '../../../lib/i18n/I18nProvider';
import classes from './RosterCalendar.module.css';
import type { RosterDay } from './rosterDays';
import { ShiftTime } from './ShiftTime';

/**
 * A month of one's roster as a calendar: a week per row starting on the unit's first day of the week,
 * weekends shaded, each date with its shifts (time, terminal; a night marked as ending the next day),
 * holiday, leave or day off, and the unavailability the person declared. A table, so a screen reader announces the weekday of every cell.
 */
export function RosterCalendar({
  month,
  days,
  weekStart,
  weekendDays,
  today,
}: {
  month: string;
  days: readonly RosterDay[];
  weekStart: number;
  weekendDays: readonly number[];
  today: string;
}) {
  const t = useT();
  const lang = useLanguage();
  const byDate = new Map(days.map((day) => [day.date, day]));
  const first = firstOfMonth(month);
  const last = lastOfMonth(month);
  const lead = (weekday(first) - weekStart + 7) % 7;
  const count = Number(last.slice(8));
  const cells: (string | null)[] = [
    ...Array.from({ length: lead }, () => null),
    ...Array.from({ length: count }, (_, i) => `${month}-${String(i + 1).padStart(2, '0')}`),
  ];
  while (cells.length % 7) cells.push(null);
  const weeks = Array.from({ length: cells.length / 7 }, (_, i) => cells.slice(i * 7, i * 7 + 7));
  const short = weekdayNames(lang, weekStart, 'short');
  const long = weekdayNames(lang, weekStart, 'long');
  const narrow = weekdayNames(lang, weekStart, 'narrow');

  return (
    <table className={classes.table} data-testid="roster-calendar">
      <caption>
        <VisuallyHidden>{t('roster.calendarCaption')}</VisuallyHidden>
      </caption>
      <thead>
        <tr>
          {short.map((name, i) => (
            <th key={long[i]} scope="col" abbr={long[i]}>
              <span className={classes.wide}>{name}</span>
              <span className={classes.compact} aria-hidden>
                {narrow[i]}
              </span>
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {weeks.map((week) => (
          <tr key={week.find(Boolean) ?? 'none'}>
            {week.map((date, i) => {
              // biome-ignore lint/suspicious/noArrayIndexKey: an empty cell has no date; its place in the week is its identity
              if (!date) return <td key={`empty-${i}`} className={classes.cell} />;
              const day = byDate.get(date);
              const names = [
                classes.cell,
                weekendDays.includes(weekday(date)) ? classes.weekend : '',
                day?.holiday ? classes.holiday : '',
                day?.leave ? classes.leave : '',
                date === today ? classes.today : '',
              ];
              return (
                <td
                  key={date}
                  className={names.filter(Boolean).join(' ')}
                  data-date={date}
                  aria-current={date === today ? 'date' : undefined}
                >
                  <span className={classes.number}>
                    <VisuallyHidden>
                      {formatDay(lang, date, { weekday: 'long', day: 'numeric', month: 'long' })}
                    </VisuallyHidden>
                    <span aria-hidden>{Number(date.slice(8))}</span>
                  </span>
                  {day?.shifts.map((shift) => (
                    <span
                      key={shift.id}
                      className={`${classes.shift} ${shift.endsNextDay ? classes.night : ''}`}
                      data-testid="calendar-shift"
                    >
                      <strong className={classes.wide}>{localName(lang, shift)}</strong>
                      <bdi className={classes.compact} dir="ltr">
                        {shift.start}
                        {shift.endsNextDay ? '+' : ''}
                      </bdi>
                      <span className={classes.detail}>
                        <ShiftTime start={shift.start} end={shift.end} endsNextDay={shift.endsNextDay} />
                      </span>
                      <span className={classes.detail}>{localName(lang, shift.terminal)}</span>
                    </span>
                  ))}
                  {day?.holiday && <span className={classes.entry}>{localName(lang, day.holiday)}</span>}
                  {day?.leave && (
                    <span className={classes.entry}>
                      {t(day.leave === 'Approved' ? 'roster.leave' : 'roster.leavePending')}
                    </span>
                  )}
                  {day?.off && <span className={classes.entry}>{t('roster.off')}</span>}
                  {day?.unavailable.map((reason) => (
                    <span key={reason} className={classes.entry} data-testid="calendar-unavailable">
                      {t('roster.unavailable', { reason })}
                    </span>
                  ))}
                </td>
              );
            })}
          </tr>
        ))}
      </tbody>
    </table>
  );
}
