import { eachDay } from '../../../lib/dates';
import type { OwnRosterLine } from '../api';

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
}

export interface LeaveSpan {
  from: string;
  to: string;
  status: 'Approved' | 'Pending';
}

export interface HolidaySpan {
  date: string;
  endDate: string;
  Name_1_English: string;
  Name_2_Arabic: string | null;
}

/**
 * One entry per date of the range: the shifts of the published roster, holidays, leave, and days off
 * (dates the published roster covers on which the person has no shift).
 */
export function buildRosterDays(
  from: string,
  to: string,
  lines: readonly OwnRosterLine[],
  holidays: readonly HolidaySpan[],
  leave: readonly LeaveSpan[],
): RosterDay[] {
  const byDate = new Map<string, RosterShift[]>();
  for (const line of lines) {
    const shifts = byDate.get(line.date) ?? [];
    shifts.push({
      id: line.id,
      code: line.shift.code,
      nameEn: line.shift.nameEn,
      nameAr: line.shift.nameAr,
      start: line.shift.start,
      end: line.shift.end,
      endsNextDay: line.shift.end <= line.shift.start,
      terminal: line.terminal,
      version: line.rosterVersion,
    });
    byDate.set(line.date, shifts);
  }
  const dates = lines.map((line) => line.date).sort();
  const covered = dates.length ? { from: dates[0]!, to: dates[dates.length - 1]! } : null;
  return eachDay(from, to).map((date) => {
    const shifts = (byDate.get(date) ?? []).sort((a, b) => a.start.localeCompare(b.start));
    const holiday = holidays.find((h) => h.date <= date && date <= h.endDate);
    const span =
      leave.find((l) => l.from <= date && date <= l.to && l.status === 'Approved') ??
      leave.find((l) => l.from <= date && date <= l.to);
    const inPublished = covered !== null && covered.from <= date && date <= covered.to;
    return {
      date,
      shifts,
      holiday: holiday ? { nameEn: holiday.Name_1_English, nameAr: holiday.Name_2_Arabic } : null,
      leave: span?.status ?? null,
      off: inPublished && shifts.length === 0 && !span && !holiday,
    };
  });
}
