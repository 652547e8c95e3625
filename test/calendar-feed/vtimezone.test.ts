import ICAL from 'ical.js';
import { describe, expect, it } from 'vitest';
import { escapeText, foldLine, serialise } from '../../src/modules/calendar-feed/icalendar.ts';
import { vtimezone } from '../../src/modules/calendar-feed/vtimezone.ts';

/** A calendar with the zone's VTIMEZONE and one event per local start, read back by ical.js as instants. */
function instantsOf(timeZone: string, starts: string[]): string[] {
  const body = serialise([
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//test//EN',
    ...vtimezone(timeZone, 2026, 2027),
    ...starts.flatMap((start, i) => [
      'BEGIN:VEVENT',
      `UID:${i}@test`,
      'DTSTAMP:20260101T000000Z',
      `DTSTART;TZID=${timeZone}:${start}`,
      'END:VEVENT',
    ]),
    'END:VCALENDAR',
  ]);
  const calendar = new ICAL.Component(ICAL.parse(body));
  ICAL.TimezoneService.register(new ICAL.Timezone(calendar.getFirstSubcomponent('vtimezone')!));
  return calendar
    .getAllSubcomponents('vevent')
    .map((event) => new ICAL.Event(event).startDate.toJSDate().toISOString());
}

describe('the VTIMEZONE built from the zone’s real offsets', () => {
  it('gives a zone without summer time one STANDARD part', () => {
    const lines = vtimezone('Asia/Riyadh', 2026, 2027);
    expect(lines.filter((line) => line.startsWith('BEGIN:'))).toEqual(['BEGIN:VTIMEZONE', 'BEGIN:STANDARD']);
    expect(lines).toContain('TZOFFSETTO:+0300');
    expect(instantsOf('Asia/Riyadh', ['20260307T220000'])).toEqual(['2026-03-07T19:00:00.000Z']);
  });

  it('places times on both sides of New York’s clock changes', () => {
    const lines = vtimezone('America/New_York', 2026, 2027);
    expect(lines.filter((line) => line === 'BEGIN:DAYLIGHT')).toHaveLength(2);
    expect(lines).toContain('DTSTART:20260308T020000');
    expect(lines).toContain('DTSTART:20261101T020000');
    expect(
      instantsOf('America/New_York', [
        '20260307T060000',
        '20260309T060000',
        '20261031T220000',
        '20261102T060000',
        '20270701T140000',
      ]),
    ).toEqual([
      '2026-03-07T11:00:00.000Z',
      '2026-03-09T10:00:00.000Z',
      '2026-11-01T02:00:00.000Z',
      '2026-11-02T11:00:00.000Z',
      '2027-07-01T18:00:00.000Z',
    ]);
  });

  it('handles a southern zone whose summer spans the new year', () => {
    expect(instantsOf('Australia/Sydney', ['20260115T090000', '20260715T090000'])).toEqual([
      '2026-01-14T22:00:00.000Z',
      '2026-07-14T23:00:00.000Z',
    ]);
  });
});

describe('iCalendar content lines', () => {
  it('escapes text and folds at 75 octets without splitting a character', () => {
    expect(escapeText('a,b;c\\d\ne')).toBe('a\\,b\\;c\\\\d\\ne');
    const line = `SUMMARY:${'وردية صباحية '.repeat(10)}`;
    const folded = foldLine(line);
    const pieces = folded.split('\r\n');
    expect(pieces.length).toBeGreaterThan(1);
    for (const piece of pieces) expect(Buffer.byteLength(piece)).toBeLessThanOrEqual(75);
    expect(pieces.map((piece, i) => (i ? piece.slice(1) : piece)).join('')).toBe(line);
  });
});
