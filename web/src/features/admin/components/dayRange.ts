import { addDays } from '../../../lib/dates';

/** The offset of a time zone from UTC at an instant, in minutes (Asia/Riyadh: 180). */
function offsetMinutes(timeZone: string, instant: Date): number {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  }).formatToParts(instant);
  const get = (type: string) => Number(parts.find((part) => part.type === type)?.value);
  const local = Date.UTC(
    get('year'),
    get('month') - 1,
    get('day'),
    get('hour'),
    get('minute'),
    get('second'),
  );
  return Math.round((local - instant.getTime()) / 60_000);
}

/** The instant a calendar day of the unit starts (midnight in its time zone). */
export function startOfDay(day: string, timeZone: string): string {
  const midnightUtc = new Date(`${day}T00:00:00Z`);
  // Twice: the offset at the guess may differ from the offset at the answer across a clock change.
  let instant = new Date(midnightUtc.getTime() - offsetMinutes(timeZone, midnightUtc) * 60_000);
  instant = new Date(midnightUtc.getTime() - offsetMinutes(timeZone, instant) * 60_000);
  return instant.toISOString();
}

/**
 * A range of the unit's days as the audit query takes it: `from` inclusive at the first day's start,
 * `to` exclusive at the start of the day after the last. Either end may be open.
 */
export function dayRangeInstants(
  from: string | null,
  to: string | null,
  timeZone: string,
): { from?: string; to?: string } {
  return {
    ...(from ? { from: startOfDay(from, timeZone) } : {}),
    ...(to ? { to: startOfDay(addDays(to, 1), timeZone) } : {}),
  };
}
