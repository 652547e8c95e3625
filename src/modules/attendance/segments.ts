/**
 * Attendance records are segments of presence (DESIGN §12): several a date, keyed by employee, date and
 * `Time_In`. Two segments of one person and date may not overlap. A record without `Time_In` is a status
 * for the whole day (ABSENT, ON_LEAVE…): it overlaps every other record of its date. A segment without
 * `Time_Out` is its clock-in alone. Times are `HH:mm` (`24:00` ends a segment at midnight), so text order
 * is time order.
 */
export interface Segment {
  Time_In: string | null;
  Time_Out: string | null;
}

export function segmentsOverlap(a: Segment, b: Segment): boolean {
  if (a.Time_In === null || b.Time_In === null || a.Time_In === b.Time_In) return true;
  const aEnd = a.Time_Out ?? a.Time_In;
  const bEnd = b.Time_Out ?? b.Time_In;
  return a.Time_In < bEnd && b.Time_In < aEnd;
}

/** A segment as people read it: `22:40–24:00`, `06:00–…` (no clock-out yet), `no times`. */
export const segmentLabel = (segment: Segment): string =>
  segment.Time_In === null ? 'no times' : `${segment.Time_In}–${segment.Time_Out ?? '…'}`;

/** The same rule in SQL, for records `a` and `b` of one employee and date (the commit's check). */
export const OVERLAP_SQL = (a: string, b: string) =>
  `(${a}.time_in is null or ${b}.time_in is null or ${a}.time_in = ${b}.time_in
    or (${a}.time_in < coalesce(${b}.time_out, ${b}.time_in) and ${b}.time_in < coalesce(${a}.time_out, ${a}.time_in)))`;

/**
 * The unit's attendance lock: whatever writes segments (an import's commit, an edit, a revert) holds it
 * for its transaction, so that the overlap check and the write are not interleaved with another writer's.
 * Taken before any row lock.
 */
export const attendanceLock = (buId: string) => `attendance-segments:${buId}`;
