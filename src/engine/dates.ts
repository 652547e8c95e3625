/** Business dates as UTC day numbers and clock times as minutes: integer arithmetic, no time zones. */

const DATE_PATTERN = /^\d{4}-\d{2}-\d{2}$/;
const CLOCK_PATTERN = /^([01]\d|2[0-3]):([0-5]\d)$/;
const MS_PER_DAY = 86_400_000;

export const WEEKDAYS = [
  'monday',
  'tuesday',
  'wednesday',
  'thursday',
  'friday',
  'saturday',
  'sunday',
] as const;

/** Day number since 1970-01-01, or NaN when the text is not a real `YYYY-MM-DD` date. */
export function dayNumber(date: string): number {
  if (typeof date !== 'string' || !DATE_PATTERN.test(date)) return Number.NaN;
  // Integer arithmetic rather than Date.parse: instances hold hundreds of thousands of dates.
  const year = Number(date.slice(0, 4));
  const month = Number(date.slice(5, 7));
  const day = Number(date.slice(8, 10));
  if (month < 1 || month > 12 || day < 1 || day > daysInMonth(year, month)) return Number.NaN;
  return daysFromCivil(year, month, day);
}

function daysInMonth(year: number, month: number): number {
  if (month === 2) return year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0) ? 29 : 28;
  return month === 4 || month === 6 || month === 9 || month === 11 ? 30 : 31;
}

/** Days since 1970-01-01 of a proleptic Gregorian date (H. Hinnant's algorithm). */
function daysFromCivil(year: number, month: number, day: number): number {
  const y = month <= 2 ? year - 1 : year;
  const era = Math.floor(y / 400);
  const yearOfEra = y - era * 400;
  const dayOfYear = Math.floor((153 * (month + (month > 2 ? -3 : 9)) + 2) / 5) + day - 1;
  const dayOfEra = yearOfEra * 365 + Math.floor(yearOfEra / 4) - Math.floor(yearOfEra / 100) + dayOfYear;
  return era * 146_097 + dayOfEra - 719_468;
}

export function dateOf(day: number): string {
  return new Date(day * MS_PER_DAY).toISOString().slice(0, 10);
}

/** Minutes after midnight, or NaN when the text is not `HH:mm`. */
export function clockMinutes(time: string): number {
  const match = typeof time === 'string' ? CLOCK_PATTERN.exec(time) : null;
  return match ? Number(match[1]) * 60 + Number(match[2]) : Number.NaN;
}

/** 0 for Monday … 6 for Sunday (1970-01-01 was a Thursday). */
export function weekdayOf(day: number): number {
  return (((day + 3) % 7) + 7) % 7;
}

/** Minutes since the epoch of a `YYYY-MM-DDTHH:mm` timestamp, or NaN. */
export function timestampMinutes(text: string): number {
  if (typeof text !== 'string' || text.length !== 16 || text[10] !== 'T') return Number.NaN;
  return dayNumber(text.slice(0, 10)) * 1440 + clockMinutes(text.slice(11));
}
