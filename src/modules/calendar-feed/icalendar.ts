/**
 * Writing iCalendar (RFC 5545): content lines folded at 75 octets, CRLF line ends, text values escaped.
 * Pure functions, no database.
 */

const CRLF = '\r\n';
const MAX_OCTETS = 75;

/** TEXT values escape backslash, semicolon, comma and line breaks (RFC 5545 §3.3.11). */
export const escapeText = (value: string) =>
  value
    .replaceAll('\\', '\\\\')
    .replaceAll(';', '\\;')
    .replaceAll(',', '\\,')
    .replaceAll(/\r\n|\r|\n/g, '\\n');

/**
 * Folds a content line into pieces of at most 75 octets, each continuation starting with a space
 * (RFC 5545 §3.1); a multi-octet UTF-8 character (Arabic names) is never split.
 */
export function foldLine(line: string): string {
  if (Buffer.byteLength(line) <= MAX_OCTETS) return line;
  const pieces: string[] = [];
  let piece = '';
  let octets = 0;
  // The first line holds 75 octets, each continuation 74 after its leading space.
  let limit = MAX_OCTETS;
  for (const char of line) {
    const size = Buffer.byteLength(char);
    if (octets + size > limit) {
      pieces.push(piece);
      piece = '';
      octets = 0;
      limit = MAX_OCTETS - 1;
    }
    piece += char;
    octets += size;
  }
  pieces.push(piece);
  return pieces.join(`${CRLF} `);
}

/** `name:value` lines (values already escaped where they are text) joined into a calendar object. */
export const serialise = (lines: readonly string[]) => lines.map(foldLine).join(CRLF) + CRLF;

/** `YYYYMMDDTHHMMSS` local time of a business date and an `HH:mm` time. */
export const localDateTime = (date: string, time: string) =>
  `${date.replaceAll('-', '')}T${time.replace(':', '')}00`;

/** `YYYYMMDDTHHMMSSZ` of an instant. */
export const utcDateTime = (instant: Date) =>
  `${instant.toISOString().slice(0, 19).replaceAll('-', '').replaceAll(':', '')}Z`;
