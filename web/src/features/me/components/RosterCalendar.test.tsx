import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderIn } from '../../../test/render';
import type { OwnRoster, OwnRosterLine } from '../api';
import { RosterCalendar } from './RosterCalendar';
import { buildRosterDays } from './rosterDays';

const employee = { id: 'e1', employeeNumber: 'E1', Name_1_English: 'Noura', Name_2_Arabic: 'نورة' };
const line = (date: string, code: string, start: string, end: string, nameAr: string): OwnRosterLine => ({
  id: `${date}-${code}`,
  employee,
  date,
  shift: { id: code, code, nameEn: code[0] + code.slice(1).toLowerCase(), nameAr, start, end, paidHours: 8 },
  terminal: { id: 't1', code: 'T1', nameEn: 'Terminal 1', nameAr: 'المبنى 1' },
  skillCode: null,
  rosterId: 'r1',
  rosterVersion: 2,
  endsNextDay: end < start,
  startsAt: `${date}T${start}:00Z`,
  endsAt: `${date}T${end}:00Z`,
});

const lines = [
  line('2026-12-01', 'MORNING', '06:00', '14:00', 'الصباحية'),
  line('2026-12-02', 'NIGHT', '22:00', '06:00', 'الليلية'),
  line('2026-12-06', 'EVENING', '14:00', '22:00', 'المسائية'),
];
type OwnDay = OwnRoster['days'][number];

/** The days as the service answers them: published 2026-12-01 to 12-07, leave 9–10, a holiday on the 18th. */
const dayOf = (date: string): OwnDay => {
  const lineIds = lines.filter((l) => l.date === date).map((l) => l.id);
  const holiday =
    date === '2026-12-18' ? { code: 'NATIONAL', nameEn: 'National Day', nameAr: 'اليوم الوطني' } : null;
  const leave = date === '2026-12-09' || date === '2026-12-10';
  const kind = lineIds.length
    ? 'shift'
    : leave
      ? 'leave'
      : holiday
        ? 'holiday'
        : date <= '2026-12-07'
          ? 'dayOff'
          : 'unplanned';
  return { date, weekday: '', kind, lineIds, holiday, leaveRequestId: leave ? 'l1' : null };
};
const december = Array.from({ length: 31 }, (_, i) => `2026-12-${String(i + 1).padStart(2, '0')}`);
const days = buildRosterDays({ lines, days: december.map(dayOf) }, []);
const cell = (date: string) => document.querySelector<HTMLElement>(`td[data-date="${date}"]`)!;

describe('the roster calendar', () => {
  it('lays the month out in weeks from the unit’s first weekday, with weekday headers', () => {
    renderIn(
      'en',
      <RosterCalendar month="2026-12" days={days} weekStart={0} weekendDays={[5, 6]} today="2026-12-02" />,
    );
    const headers = screen.getAllByRole('columnheader').map((th) => th.getAttribute('abbr'));
    expect(headers).toEqual(['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday']);
    // 1 December 2026 is a Tuesday: two empty cells lead the first week.
    const firstWeek = screen.getAllByRole('row')[1]!;
    expect(within(firstWeek).getAllByRole('cell')[2]).toHaveAttribute('data-date', '2026-12-01');
    expect(screen.getAllByRole('row')).toHaveLength(1 + 5);
    expect(cell('2026-12-02')).toHaveAttribute('aria-current', 'date');
  });

  it('shows each shift with its times and terminal, and marks a night as ending the next day', () => {
    renderIn(
      'en',
      <RosterCalendar month="2026-12" days={days} weekStart={0} weekendDays={[5, 6]} today="2026-12-02" />,
    );
    expect(within(cell('2026-12-01')).getByText('Morning')).toBeInTheDocument();
    expect(cell('2026-12-01')).toHaveTextContent('06:00–14:00');
    expect(cell('2026-12-01')).toHaveTextContent('Terminal 1');
    expect(cell('2026-12-01')).not.toHaveTextContent('+1 day');
    expect(cell('2026-12-02')).toHaveTextContent('22:00–06:00');
    expect(cell('2026-12-02')).toHaveTextContent('+1 day');
  });

  it('shows days off between published shifts, leave and holidays', () => {
    renderIn(
      'en',
      <RosterCalendar month="2026-12" days={days} weekStart={0} weekendDays={[5, 6]} today="2026-12-02" />,
    );
    expect(cell('2026-12-03')).toHaveTextContent('Day off');
    expect(cell('2026-12-09')).toHaveTextContent('Leave');
    expect(cell('2026-12-18')).toHaveTextContent('National Day');
    // After the last published date nothing is claimed: not a day off, just unknown.
    expect(cell('2026-12-20')).not.toHaveTextContent('Day off');
  });

  it('reads in Arabic: Arabic names, weeks starting on Saturday when the unit says so', () => {
    renderIn(
      'ar',
      <RosterCalendar month="2026-12" days={days} weekStart={6} weekendDays={[5, 6]} today="2026-12-02" />,
    );
    const headers = screen.getAllByRole('columnheader').map((th) => th.getAttribute('abbr'));
    expect(headers[0]).toBe('السبت');
    expect(within(cell('2026-12-01')).getByText('الصباحية')).toBeInTheDocument();
    expect(cell('2026-12-18')).toHaveTextContent('اليوم الوطني');
    expect(cell('2026-12-02')).toHaveTextContent('+ يوم');
  });
});

describe('the roster’s days', () => {
  it('takes the service’s day off, leave and holiday, and the lines of each date', () => {
    const off = days.filter((day) => day.off).map((day) => day.date);
    expect(off).toEqual(['2026-12-03', '2026-12-04', '2026-12-05', '2026-12-07']);
    expect(days.find((day) => day.date === '2026-12-02')!.shifts[0]).toMatchObject({
      code: 'NIGHT',
      endsNextDay: true,
    });
    expect(days.find((day) => day.date === '2026-12-09')!.leave).toBe('Approved');
    expect(days.find((day) => day.date === '2026-12-18')!.holiday?.nameEn).toBe('National Day');
  });

  it('marks a pending request of the caller, which is then no day off', () => {
    const built = buildRosterDays({ lines, days: december.map(dayOf) }, [
      { from: '2026-12-04', to: '2026-12-04', status: 'Pending' },
    ]);
    const fourth = built.find((day) => day.date === '2026-12-04')!;
    expect([fourth.leave, fourth.off]).toEqual(['Pending', false]);
    expect(built.find((day) => day.date === '2026-12-09')!.leave).toBe('Approved');
  });
});

describe('the roster’s own unavailability', () => {
  const declared = [
    {
      id: 'u1',
      from: '2026-12-14',
      to: '2026-12-16',
      weekdays: null,
      reason: 'Family visit',
      days: 3,
      createdAt: '2026-11-20T08:00:00Z',
    },
    // 2026-12-22 and 12-29 are Tuesdays.
    {
      id: 'u2',
      from: '2026-12-21',
      to: '2026-12-31',
      weekdays: ['Tuesday' as const],
      reason: 'Evening class',
      days: 2,
      createdAt: '2026-11-20T08:00:00Z',
    },
  ];
  const withUnavailability = buildRosterDays({ lines, days: december.map(dayOf) }, [], declared);

  it('marks the days the person declared unavailable, on the weekdays it names', () => {
    renderIn(
      'en',
      <RosterCalendar
        month="2026-12"
        days={withUnavailability}
        weekStart={0}
        weekendDays={[5, 6]}
        today="2026-12-02"
      />,
    );
    expect(cell('2026-12-15')).toHaveTextContent('You are unavailable: Family visit');
    expect(cell('2026-12-22')).toHaveTextContent('You are unavailable: Evening class');
    expect(cell('2026-12-23')).not.toHaveTextContent('unavailable');
    expect(screen.getAllByTestId('calendar-unavailable')).toHaveLength(5);
  });

  it('says so in Arabic', () => {
    renderIn(
      'ar',
      <RosterCalendar
        month="2026-12"
        days={withUnavailability}
        weekStart={6}
        weekendDays={[5, 6]}
        today="2026-12-02"
      />,
    );
    expect(cell('2026-12-29')).toHaveTextContent('أنت غير متاح: Evening class');
  });
});
