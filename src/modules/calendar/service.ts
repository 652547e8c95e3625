import type { Db } from '../../core/db/database.ts';
import { validationFailed } from '../../core/http/errors.ts';
import type { ServiceDeps } from '../../core/module-context.ts';
import { businessDate, daysBetween, isRealDate } from '../../core/time/dates.ts';
import { activeHolidayTypes, holidaysOverlapping } from '../lookups/holidays.ts';
import { readSettings } from '../settings/service.ts';
import * as repo from './repository.ts';
import { type ModifierSpan, resolveDays, STANDARD_DAILY_HOURS } from './resolve.ts';
import {
  type CalendarConfiguration,
  type Holidays,
  MAX_RANGE_DAYS,
  type RangeQuery,
  type WorkingDays,
  type WorkingHours,
} from './schemas.ts';

/** A bad range is a malformed query, so 400 like any other query the schema cannot express. */
export function checkRange({ from, to }: RangeQuery): void {
  for (const [name, value] of [
    ['from', from],
    ['to', to],
  ] as const) {
    if (!isRealDate(value)) {
      throw validationFailed(`${name} is not a date`, [
        { path: `querystring/${name}`, message: 'not a real date' },
      ]);
    }
  }
  if (from > to) {
    throw validationFailed('from must not be after to', [
      { path: 'querystring/to', message: `${to} is before ${from}` },
    ]);
  }
  if (daysBetween(from, to) > MAX_RANGE_DAYS) {
    throw validationFailed(`A range covers at most ${MAX_RANGE_DAYS} days`, [
      { path: 'querystring/to', message: `more than ${MAX_RANGE_DAYS} days after from` },
    ]);
  }
}

const modifierView = (modifier: ModifierSpan) => ({
  code: modifier.code,
  Name_1_English: modifier.nameEn,
  Name_2_Arabic: modifier.nameAr,
  hoursPerDay: modifier.hoursPerDay,
  fromDate: modifier.fromDate,
  toDate: modifier.toDate,
});

async function resolve(db: Db, buId: string, range: RangeQuery) {
  checkRange(range);
  const { settings } = await readSettings(db, buId);
  const [holidays, modifiers] = await Promise.all([
    holidaysOverlapping(db, buId, range.from, range.to),
    repo.activeModifiers(db, buId, range),
  ]);
  const days = resolveDays(range.from, range.to, {
    weekendDays: settings.weekendDays,
    holidays,
    modifiers,
    standardDailyHours: STANDARD_DAILY_HOURS,
  });
  return { settings, days };
}

export async function workingDays(
  { db }: ServiceDeps,
  buId: string,
  range: RangeQuery,
): Promise<WorkingDays> {
  const { settings, days } = await resolve(db, buId, range);
  const working = days.filter((day) => day.isWorkingDay).length;
  return {
    from: range.from,
    to: range.to,
    weekendDays: settings.weekendDays,
    workingDayCount: working,
    nonWorkingDayCount: days.length - working,
    days: days.map(({ date, weekday, isWorkingDay, reasons }) => ({ date, weekday, isWorkingDay, reasons })),
  };
}

export async function workingHours(
  { db }: ServiceDeps,
  buId: string,
  range: RangeQuery,
): Promise<WorkingHours> {
  const { days } = await resolve(db, buId, range);
  return {
    from: range.from,
    to: range.to,
    standardDailyHours: STANDARD_DAILY_HOURS,
    totalHours: days.reduce((sum, day) => sum + day.hours, 0),
    days: days.map((day) => ({
      date: day.date,
      weekday: day.weekday,
      isWorkingDay: day.isWorkingDay,
      hours: day.hours,
      modifier: day.modifier ? modifierView(day.modifier) : null,
    })),
  };
}

export async function holidaysBetween(
  { db }: ServiceDeps,
  buId: string,
  range: RangeQuery,
): Promise<Holidays> {
  checkRange(range);
  const rows = await holidaysOverlapping(db, buId, range.from, range.to);
  return {
    from: range.from,
    to: range.to,
    items: rows.map((row) => ({
      id: row.id,
      code: row.code,
      Name_1_English: row.nameEn,
      Name_2_Arabic: row.nameAr,
      description: row.description,
      date: row.date,
      endDate: row.endDate,
      days: daysBetween(row.date, row.endDate),
      holidayTypeCode: row.holidayTypeCode,
    })),
  };
}

/** The inputs calendar resolution works from, as they stand for the caller's unit. */
export async function configuration(
  { db }: ServiceDeps,
  buId: string,
  now: Date,
): Promise<CalendarConfiguration> {
  const current = await readSettings(db, buId);
  const [types, modifiers] = await Promise.all([
    activeHolidayTypes(db, buId),
    repo.activeModifiers(db, buId),
  ]);
  return {
    businessUnit: current.businessUnit,
    timezone: current.settings.timezone,
    today: businessDate(now, current.settings.timezone),
    weekStart: current.settings.weekStart,
    weekendDays: current.settings.weekendDays,
    standardDailyHours: STANDARD_DAILY_HOURS,
    holidayTypes: types.map((type) => ({
      code: type.code,
      Name_1_English: type.nameEn,
      Name_2_Arabic: type.nameAr,
    })),
    workingHourModifiers: modifiers.map((modifier) => ({
      ...modifierView(modifier),
      description: modifier.description,
    })),
  };
}
