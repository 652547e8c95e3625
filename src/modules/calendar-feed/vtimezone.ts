import { zoneOffsetMinutes } from '../../core/time/dates.ts';
import { escapeText } from './icalendar.ts';

/**
 * The `VTIMEZONE` of an IANA zone over some years, built from the zone's real offsets as the runtime's
 * Intl (ICU's time zone data) knows them: no download, and a zone that changes its rules is right as
 * soon as Node's data is. Each offset change within the years is one STANDARD or DAYLIGHT part with its
 * own onset (no RRULE), preceded by the offset in force at the start.
 */

const MINUTE = 60_000;
const DAY = 86_400_000;

const nameFormatters = new Map<string, Intl.DateTimeFormat>();

/** Minutes the zone is ahead of UTC at an instant. */
export const offsetMinutes = (timeZone: string, instantMs: number) => zoneOffsetMinutes(instantMs, timeZone);

function zoneName(timeZone: string, instantMs: number): string {
  let formatter = nameFormatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', { timeZone, timeZoneName: 'short' });
    nameFormatters.set(timeZone, formatter);
  }
  return formatter.formatToParts(instantMs).find((part) => part.type === 'timeZoneName')?.value ?? timeZone;
}

export interface OffsetChange {
  /** The first instant (ms, whole minute) of the new offset. */
  at: number;
  from: number;
  to: number;
}

/** The zone's offset changes between two instants, found day by day and then to the minute. */
export function offsetChanges(timeZone: string, fromMs: number, toMs: number): OffsetChange[] {
  const changes: OffsetChange[] = [];
  let previous = offsetMinutes(timeZone, fromMs);
  for (let day = fromMs; day < toMs; day += DAY) {
    const next = offsetMinutes(timeZone, day + DAY);
    if (next === previous) continue;
    let low = day;
    let high = day + DAY;
    while (high - low > MINUTE) {
      const middle = low + Math.floor((high - low) / 2 / MINUTE) * MINUTE;
      if (offsetMinutes(timeZone, middle) === previous) low = middle;
      else high = middle;
    }
    changes.push({ at: high, from: previous, to: next });
    previous = next;
  }
  return changes;
}

const formatOffset = (minutes: number) => {
  const sign = minutes < 0 ? '-' : '+';
  const abs = Math.abs(minutes);
  return `${sign}${String(Math.floor(abs / 60)).padStart(2, '0')}${String(abs % 60).padStart(2, '0')}`;
};

/** Local wall time `YYYYMMDDTHHMMSS` of an instant at an offset. */
const wallTime = (instantMs: number, offset: number) =>
  new Date(instantMs + offset * MINUTE).toISOString().slice(0, 19).replaceAll('-', '').replaceAll(':', '');

const cache = new Map<string, string[]>();

/** The content lines of the zone's `VTIMEZONE` covering the calendar years `fromYear` to `toYear`. */
export function vtimezone(timeZone: string, fromYear: number, toYear: number): string[] {
  const key = `${timeZone}|${fromYear}|${toYear}`;
  const cached = cache.get(key);
  if (cached) return cached;
  const start = Date.UTC(fromYear, 0, 1) - DAY;
  const end = Date.UTC(toYear + 1, 0, 1) + DAY;
  const changes = offsetChanges(timeZone, start, end);
  const initial = offsetMinutes(timeZone, start);
  const offsets = [initial, ...changes.map((change) => change.to)];
  // Of a zone's offsets over the years, the lowest is its standard time; the higher ones are summer times.
  const standard = Math.min(...offsets);
  const part = (onset: string, from: number, to: number, at: number) => {
    const kind = to > standard ? 'DAYLIGHT' : 'STANDARD';
    return [
      `BEGIN:${kind}`,
      `DTSTART:${onset}`,
      `TZOFFSETFROM:${formatOffset(from)}`,
      `TZOFFSETTO:${formatOffset(to)}`,
      `TZNAME:${escapeText(zoneName(timeZone, at))}`,
      `END:${kind}`,
    ];
  };
  const lines = [
    'BEGIN:VTIMEZONE',
    `TZID:${escapeText(timeZone)}`,
    ...part('19700101T000000', initial, initial, start),
    ...changes.flatMap((change) => part(wallTime(change.at, change.from), change.from, change.to, change.at)),
    'END:VTIMEZONE',
  ];
  cache.set(key, lines);
  return lines;
}
