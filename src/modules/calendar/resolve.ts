import { addDays, daysBetween, WEEKDAY_NAMES, type WeekdayName, weekdayOf } from '../../core/time/dates.ts';

/** Hours of a working day no modifier shortens (DESIGN is silent; see docs/decisions.md). */
export const STANDARD_DAILY_HOURS = 8;

export interface HolidaySpan {
  code: string;
  nameEn: string;
  nameAr: string | null;
  date: string;
  endDate: string;
  holidayTypeCode: string | null;
}

export interface ModifierSpan {
  code: string;
  nameEn: string;
  nameAr: string;
  fromDate: string;
  toDate: string;
  hoursPerDay: number;
}

export interface NonWorkingReason {
  type: 'WEEKEND' | 'HOLIDAY';
  code: string | null;
  Name_1_English: string;
  Name_2_Arabic: string | null;
  holidayTypeCode: string | null;
}

export interface ResolvedDay {
  date: string;
  weekday: WeekdayName;
  isWorkingDay: boolean;
  /** Why the day is not a working day; empty on working days. */
  reasons: NonWorkingReason[];
  /** The modifier covering the date, whether or not the day is worked. */
  modifier: ModifierSpan | null;
  /** Hours of work expected on the date: 0 off work, else the modifier's or the standard hours. */
  hours: number;
}

export interface CalendarInputs {
  weekendDays: readonly WeekdayName[];
  holidays: readonly HolidaySpan[];
  modifiers: readonly ModifierSpan[];
  standardDailyHours: number;
}

const WEEKEND: Omit<NonWorkingReason, 'type'> = {
  code: null,
  Name_1_English: 'Weekend',
  Name_2_Arabic: 'عطلة نهاية الأسبوع',
  holidayTypeCode: null,
};

/**
 * When modifiers overlap, the one starting latest wins: a narrower period set inside a broader one is the
 * more specific rule. Ties go to the lower code, so the answer never depends on row order.
 */
export function modifierOn(date: string, modifiers: readonly ModifierSpan[]): ModifierSpan | null {
  let chosen: ModifierSpan | null = null;
  for (const modifier of modifiers) {
    if (modifier.fromDate > date || modifier.toDate < date) continue;
    if (
      !chosen ||
      modifier.fromDate > chosen.fromDate ||
      (modifier.fromDate === chosen.fromDate && modifier.code < chosen.code)
    ) {
      chosen = modifier;
    }
  }
  return chosen;
}

/** Each date from `from` to `to` (inclusive) with whether it is worked, why not, and its hours. */
export function resolveDays(from: string, to: string, inputs: CalendarInputs): ResolvedDay[] {
  const weekend = new Set(inputs.weekendDays);
  const days: ResolvedDay[] = [];
  const count = daysBetween(from, to);
  for (let offset = 0; offset < count; offset++) {
    const date = addDays(from, offset);
    const weekday = WEEKDAY_NAMES[weekdayOf(date)]!;
    const reasons: NonWorkingReason[] = [];
    if (weekend.has(weekday)) reasons.push({ type: 'WEEKEND', ...WEEKEND });
    for (const holiday of inputs.holidays) {
      if (holiday.date > date || holiday.endDate < date) continue;
      reasons.push({
        type: 'HOLIDAY',
        code: holiday.code,
        Name_1_English: holiday.nameEn,
        Name_2_Arabic: holiday.nameAr,
        holidayTypeCode: holiday.holidayTypeCode,
      });
    }
    const modifier = modifierOn(date, inputs.modifiers);
    const isWorkingDay = reasons.length === 0;
    const hours = isWorkingDay ? (modifier?.hoursPerDay ?? inputs.standardDailyHours) : 0;
    days.push({ date, weekday, isWorkingDay, reasons, modifier, hours });
  }
  return days;
}
