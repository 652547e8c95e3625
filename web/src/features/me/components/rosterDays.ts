import { WEEKDAYS, weekday } from '../../../lib/dates';
import type { OwnRoster, OwnRosterLine, OwnUnavailability } from '../api';

export interface RosterShift {
  id: string;
  code: string;
  nameEn: string;
  nameAr: string | null;
  start: string;
  end: string;
  /** A night: it ends on the next date. */
  endsNextDay: boolean;
  terminal: { code: string; nameEn: string; nameAr: string | null };
  version: number;
}

export interface RosterDay {
  date: string;
  shifts: RosterShift[];
  holiday: { nameEn: string; nameAr: string | null } | null;
  leave: 'Approved' | 'Pending' | null;
  /** Covered by the published roster with nothing to work: a day off. */
  off: boolean;
  /** The reasons of the caller's own declared unavailability on the date, in their words. */
  unavailable: string[];
}

export interface LeaveSpan {
  from: string;
  to: string;
  status: 'Approved' | 'Pending';
}

/**
 * One entry per date of the range, as the service answers it (shift, leave, holiday, day off or not yet
 * planned), with the caller's leave requests still pending marked on the dates they ask for, and the
 * unavailability they declared on the dates (and weekdays) it names.
 */
export function buildRosterDays(
  roster: Pick<OwnRoster, 'lines' | 'days'>,
  pendingLeave: readonly LeaveSpan[],
  unavailability: readonly OwnUnavailability[] = [],
): RosterDay[] {
  const lines = new Map(roster.lines.map((line) => [line.id, line]));
  return roster.days.map((day) => {
    const shifts = day.lineIds
      .flatMap((id) => {
        const line = lines.get(id);
        return line ? [shiftOf(line)] : [];
      })
      .sort((a, b) => a.start.localeCompare(b.start));
    const pending = pendingLeave.some(
      (span) => span.status === 'Pending' && span.from <= day.date && day.date <= span.to,
    );
    return {
      date: day.date,
      shifts,
      holiday: day.holiday ? { nameEn: day.holiday.nameEn, nameAr: day.holiday.nameAr } : null,
      leave: day.kind === 'leave' ? 'Approved' : pending ? 'Pending' : null,
      off: day.kind === 'dayOff' && !pending,
      unavailable: [
        ...new Set(
          unavailability
            .filter(
              (span) =>
                span.from <= day.date &&
                day.date <= span.to &&
                (span.weekdays === null || span.weekdays.includes(WEEKDAYS[weekday(day.date)]!)),
            )
            .map((span) => span.reason),
        ),
      ],
    };
  });
}

const shiftOf = (line: OwnRosterLine): RosterShift => ({
  id: line.id,
  code: line.shift.code,
  nameEn: line.shift.nameEn,
  nameAr: line.shift.nameAr,
  start: line.shift.start,
  end: line.shift.end,
  endsNextDay: line.endsNextDay,
  terminal: line.terminal,
  version: line.rosterVersion,
});
