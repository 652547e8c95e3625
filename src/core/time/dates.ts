/** Business dates are `YYYY-MM-DD` in the business unit's time zone (DESIGN §4). */
export const DEFAULT_TIMEZONE = 'Asia/Riyadh';

// Building a formatter costs far more than using one, and every request asks for today's date.
const dateFormatters = new Map<string, Intl.DateTimeFormat>();

export function businessDate(instant: Date, timeZone: string): string {
  let formatter = dateFormatters.get(timeZone);
  if (!formatter) {
    // en-CA formats as YYYY-MM-DD.
    formatter = new Intl.DateTimeFormat('en-CA', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
    });
    dateFormatters.set(timeZone, formatter);
  }
  return formatter.format(instant);
}

export function isValidTimeZone(timeZone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone });
    return true;
  } catch {
    return false;
  }
}

const DAY_MS = 86_400_000;

export function parseDate(date: string): number {
  return Date.UTC(Number(date.slice(0, 4)), Number(date.slice(5, 7)) - 1, Number(date.slice(8, 10)));
}

export const formatDate = (utcMs: number) => new Date(utcMs).toISOString().slice(0, 10);

export const addDays = (date: string, days: number) => formatDate(parseDate(date) + days * DAY_MS);

/** Inclusive count of days from `from` to `to`. */
export const daysBetween = (from: string, to: string) =>
  Math.round((parseDate(to) - parseDate(from)) / DAY_MS) + 1;

/** Day of week with 0 = Sunday, as `Date.getUTCDay`. */
export const weekdayOf = (date: string) => new Date(parseDate(date)).getUTCDay();

export const WEEKDAY_NAMES = [
  'Sunday',
  'Monday',
  'Tuesday',
  'Wednesday',
  'Thursday',
  'Friday',
  'Saturday',
] as const;
export type WeekdayName = (typeof WEEKDAY_NAMES)[number];

/** A real calendar date (rejects 2026-02-30, which the pattern alone would accept). */
export function isRealDate(date: string): boolean {
  return /^\d{4}-\d{2}-\d{2}$/.test(date) && formatDate(parseDate(date)) === date;
}

const offsetFormatters = new Map<string, Intl.DateTimeFormat>();
/**
 * Offsets found, by zone and then by the instant's minute (what the answer depends on): `formatToParts`
 * costs about 5 µs, and a month's own roster asks it twice for each of a shift's ends.
 */
const offsetsFound = new Map<string, Map<number, number>>();
const OFFSETS_KEPT = 100_000;

/** Minutes the zone is ahead of UTC at an instant (e.g. 180 for Asia/Riyadh). */
export function zoneOffsetMinutes(utcMs: number, timeZone: string): number {
  const minute = Math.floor(utcMs / 60_000);
  let found = offsetsFound.get(timeZone);
  const known = found?.get(minute);
  if (known !== undefined) return known;
  if (!found || found.size >= OFFSETS_KEPT) {
    found = new Map();
    offsetsFound.set(timeZone, found);
  }
  const offset = formattedOffsetMinutes(minute, timeZone);
  found.set(minute, offset);
  return offset;
}

function formattedOffsetMinutes(minute: number, timeZone: string): number {
  const utcMs = minute * 60_000;
  let formatter = offsetFormatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
    });
    offsetFormatters.set(timeZone, formatter);
  }
  const part = Object.fromEntries(formatter.formatToParts(utcMs).map((p) => [p.type, Number(p.value)]));
  const wall = Date.UTC(part.year!, part.month! - 1, part.day!, part.hour!, part.minute!);
  return Math.round((wall - utcMs) / 60_000);
}

/**
 * The UTC instant (ISO 8601) of a wall-clock time on a business date in a time zone. A wall time that a
 * daylight-saving change skips or repeats resolves to the later instant.
 */
export function utcInstant(date: string, time: string, timeZone: string): string {
  const wall = parseDate(date) + (Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5))) * 60_000;
  const first = wall - zoneOffsetMinutes(wall, timeZone) * 60_000;
  const second = wall - zoneOffsetMinutes(first, timeZone) * 60_000;
  return new Date(Math.max(first, second)).toISOString();
}
