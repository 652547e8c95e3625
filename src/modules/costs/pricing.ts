import { addDays, daysBetween, weekdayOf } from '../../core/time/dates.ts';
import { type Exact, exact, minus, plus, positivePart, round, times, ZERO } from './rational.ts';

/*
 * The price of work, exactly: every figure is a fraction of integers (BigInt) until it is shown, and each
 * figure shown is rounded once, half to even (see docs/decisions.md, "Labour cost").
 */

export type PremiumKind = 'NIGHT' | 'WEEKEND' | 'HOLIDAY' | 'OVERTIME';

export interface Premium {
  basis: 'PERCENT' | 'FIXED';
  percentBasisPoints: number | null;
  amountMinor: number | null;
  windowStart: string | null;
  windowEnd: string | null;
}

/** A stretch of work of one employee on a business date, in minutes from that date's midnight. */
export interface Work {
  employeeId: string;
  date: string;
  startMinute: number;
  /** After `startMinute`; past 1440 when the work ends the next day. */
  endMinute: number;
  /** Paid hours of the stretch, spread evenly over it (a shift's paid hours exclude its breaks). */
  paidHours: Exact;
}

export interface PricingRules {
  /** Minor units per hour of the employee's grade on the date; null when the grade has no rate then. */
  rateOf(employeeId: string, date: string): bigint | null;
  premiums: Partial<Record<PremiumKind, Premium>>;
  /** Weekday numbers (0 Sunday) of the unit's weekend. */
  weekendDays: ReadonlySet<number>;
  holidays: ReadonlySet<string>;
  maxWeeklyHours: Exact;
  /** Weekday number the unit's week starts on. */
  weekStart: number;
  /** Only work dated in these dates is counted; work outside them still fills its week's hours. */
  countFrom: string;
  countTo: string;
  /** Paid hours worked before `countFrom` in its week, by employee, when the work itself is not given. */
  openingHours?: ReadonlyMap<string, Exact>;
}

export interface CostTotals {
  hours: Exact;
  unratedHours: Exact;
  /** Whose counted hours had no rate: named in the answer, so the missing rate can be added. */
  unratedEmployees: Set<string>;
  base: Exact;
  night: Exact;
  weekend: Exact;
  holiday: Exact;
  overtime: Exact;
}

const DAY = 1440;
const FULL = 10_000n;

export const minutesOf = (time: string) => {
  const [hours, minutes] = time.split(':').map(Number);
  return hours! * 60 + minutes!;
};

/** A shift's stretch: it ends the next day when its end is at or before its start. */
export function shiftWork(
  employeeId: string,
  date: string,
  start: string,
  end: string,
  paidHours: Exact,
): Work {
  const startMinute = minutesOf(start);
  let endMinute = minutesOf(end);
  if (endMinute <= startMinute) endMinute += DAY;
  return { employeeId, date, startMinute, endMinute, paidHours };
}

export const emptyTotals = (): CostTotals => ({
  hours: ZERO,
  unratedHours: ZERO,
  unratedEmployees: new Set(),
  base: ZERO,
  night: ZERO,
  weekend: ZERO,
  holiday: ZERO,
  overtime: ZERO,
});

/** What a premium adds to `hours` paid at `rate`. */
function premiumOn(premium: Premium | undefined, rate: bigint, hours: Exact): Exact {
  if (!premium) return ZERO;
  if (premium.basis === 'PERCENT')
    return times(hours, exact(rate * BigInt(premium.percentBasisPoints ?? 0), FULL));
  return times(hours, exact(BigInt(premium.amountMinor ?? 0)));
}

/** What overtime adds over the base rate for `hours`: the rate's percentage above 100 %, or its own rate's difference. */
function overtimeOn(premium: Premium | undefined, rate: bigint, hours: Exact): Exact {
  if (!premium) return ZERO;
  if (premium.basis === 'PERCENT') {
    return times(hours, exact(rate * (BigInt(premium.percentBasisPoints ?? 0) - FULL), FULL));
  }
  return times(hours, exact(BigInt(premium.amountMinor ?? 0) - rate));
}

/** The stretch cut at midnights and at the night window's bounds: [from, to) minute pairs. */
function pieces(work: Work, night: Premium | undefined): [number, number][] {
  const cuts = new Set([work.startMinute, work.endMinute]);
  for (let day = 0; day * DAY < work.endMinute; day++) {
    cuts.add(day * DAY);
    if (night?.windowStart && night.windowEnd) {
      cuts.add(day * DAY + minutesOf(night.windowStart));
      cuts.add(day * DAY + minutesOf(night.windowEnd));
    }
  }
  const sorted = [...cuts].filter((m) => m >= work.startMinute && m <= work.endMinute).sort((a, b) => a - b);
  return sorted.slice(1).map((to, index) => [sorted[index]!, to]);
}

function inNight(minute: number, night: Premium | undefined): boolean {
  if (!night?.windowStart || !night.windowEnd) return false;
  const start = minutesOf(night.windowStart);
  const end = minutesOf(night.windowEnd);
  const m = minute % DAY;
  return end <= start ? m >= start || m < end : m >= start && m < end;
}

const weekOf = (date: string, weekStart: number) => addDays(date, -((weekdayOf(date) - weekStart + 7) % 7));

/**
 * Prices work: base pay at the grade's rate, premiums for night hours (inside the night window), for hours
 * on a holiday or else on a weekend day (a holiday's premium replaces the weekend's), and overtime for the
 * paid hours of an employee's week beyond `maxWeeklyHours`, the week's last hours first. Premiums add to
 * each other; overtime adds to them too.
 */
export function price(work: readonly Work[], rules: PricingRules): CostTotals {
  const totals = emptyTotals();
  const ordered = [...work].sort(
    (a, b) =>
      a.employeeId.localeCompare(b.employeeId) ||
      a.date.localeCompare(b.date) ||
      a.startMinute - b.startMinute,
  );
  const weekHours = new Map<string, Exact>();
  const firstWeek = weekOf(rules.countFrom, rules.weekStart);
  const { NIGHT: night, WEEKEND: weekend, HOLIDAY: holiday, OVERTIME: overtime } = rules.premiums;
  for (const stretch of ordered) {
    const counted = rules.countFrom <= stretch.date && stretch.date <= rules.countTo;
    const week = weekOf(stretch.date, rules.weekStart);
    const key = `${stretch.employeeId}|${week}`;
    const opening = week === firstWeek ? rules.openingHours?.get(stretch.employeeId) : undefined;
    const rate = rules.rateOf(stretch.employeeId, stretch.date);
    const span = BigInt(stretch.endMinute - stretch.startMinute);
    for (const [from, to] of pieces(stretch, night)) {
      const hours = times(stretch.paidHours, exact(BigInt(to - from), span));
      const before = weekHours.get(key) ?? opening ?? ZERO;
      const after = plus(before, hours);
      weekHours.set(key, after);
      if (!counted) continue;
      totals.hours = plus(totals.hours, hours);
      if (rate === null) {
        totals.unratedHours = plus(totals.unratedHours, hours);
        totals.unratedEmployees.add(stretch.employeeId);
        continue;
      }
      const over = minus0(after, rules.maxWeeklyHours, before);
      totals.base = plus(totals.base, times(hours, exact(rate)));
      totals.overtime = plus(totals.overtime, overtimeOn(overtime, rate, over));
      if (inNight(from, night)) totals.night = plus(totals.night, premiumOn(night, rate, hours));
      const calendarDate = addDays(stretch.date, Math.floor(from / DAY));
      if (rules.holidays.has(calendarDate))
        totals.holiday = plus(totals.holiday, premiumOn(holiday, rate, hours));
      else if (rules.weekendDays.has(weekdayOf(calendarDate))) {
        totals.weekend = plus(totals.weekend, premiumOn(weekend, rate, hours));
      }
    }
  }
  return totals;
}

/** The hours of a piece beyond the weekly limit: max(0, after − limit) − max(0, before − limit). */
const minus0 = (after: Exact, limit: Exact, before: Exact) =>
  minus(positivePart(minus(after, limit)), positivePart(minus(before, limit)));

export const totalOf = (totals: CostTotals) =>
  [totals.base, totals.night, totals.weekend, totals.holiday, totals.overtime].reduce(
    (sum, amount) => sum + round(amount),
    0n,
  );

/** The dates of [from, to], inclusive. */
export const datesOf = (from: string, to: string) =>
  Array.from({ length: daysBetween(from, to) }, (_, index) => addDays(from, index));
