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
