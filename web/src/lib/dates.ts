/** Calendar arithmetic on business dates (`YYYY-MM-DD`), in UTC so no time zone moves a day. */
const ONE_DAY = 86_400_000;

export const toDay = (date: Date) => date.toISOString().slice(0, 10);
export const parseDay = (day: string) => new Date(`${day}T00:00:00Z`);
export const addDays = (day: string, days: number) =>
  toDay(new Date(parseDay(day).getTime() + days * ONE_DAY));
export const weekday = (day: string) => parseDay(day).getUTCDay();
export const daysBetween = (from: string, to: string) =>
  Math.round((parseDay(to).getTime() - parseDay(from).getTime()) / ONE_DAY);

/** `YYYY-MM` of a business date. */
export const monthOf = (day: string) => day.slice(0, 7);
export const firstOfMonth = (month: string) => `${month}-01`;
export function lastOfMonth(month: string): string {
  const [year, m] = month.split('-').map(Number) as [number, number];
  return toDay(new Date(Date.UTC(year, m, 0)));
}
export function addMonths(month: string, months: number): string {
  const [year, m] = month.split('-').map(Number) as [number, number];
  return toDay(new Date(Date.UTC(year, m - 1 + months, 1))).slice(0, 7);
}

/** Today's business date in a time zone. */
export function today(timeZone: string, now = new Date()): string {
  return new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(now);
}

export const WEEKDAYS = [
  'Sunday',
  'Monday',
  'Tuesday',
  'Wednesday',
  'Thursday',
  'Friday',
  'Saturday',
] as const;

/** Whether two inclusive date ranges share a day. */
export const overlaps = (a: { from: string; to: string }, b: { from: string; to: string }) =>
  a.from <= b.to && b.from <= a.to;

/** Arabic-Indic digits (and their Persian forms) as Latin ones. */
const latinDigits = (text: string) =>
  text.replace(/[\u0660-\u0669\u06f0-\u06f9]/g, (digit) => String((digit.charCodeAt(0) - 0x0660) % 0x90));

/**
 * A business date as a person types it: day/month/year, as both languages write it (`2/12/2026`, with
 * `/`, `.` or `-` between, in Latin or Arabic-Indic digits), or `YYYY-MM-DD` as pasted; null when it is
 * not a calendar day.
 */
export function dayFromText(text: string): string | null {
  const written = latinDigits(text.trim());
  const iso = /^(\d{4})-(\d{1,2})-(\d{1,2})$/.exec(written);
  const dayFirst = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})$/.exec(written);
  const [year, month, day] = iso
    ? [iso[1], iso[2], iso[3]].map(Number)
    : dayFirst
      ? [dayFirst[3], dayFirst[2], dayFirst[1]].map(Number)
      : [];
  if (year === undefined || month === undefined || day === undefined) return null;
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day
    ? toDay(date)
    : null;
}

/** A business date as date fields show it, day first: `02/12/2026`. */
export const dayAsTyped = (day: string) => `${day.slice(8, 10)}/${day.slice(5, 7)}/${day.slice(0, 4)}`;

/** A month (`YYYY-MM`) as month fields show it: `12/2026`. */
export const monthAsTyped = (month: string) => `${month.slice(5, 7)}/${month.slice(0, 4)}`;
