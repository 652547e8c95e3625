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
  const ms = Date.parse(`${date}T00:00:00Z`);
  if (Number.isNaN(ms) || new Date(ms).toISOString().slice(0, 10) !== date) return Number.NaN;
  return ms / MS_PER_DAY;
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
