import { addDays } from '../../lib/dates';

/** The days the live roster opens on when nothing stands in the coming two weeks. */
export const COMING_DAYS = 14;
/** The longest range the live roster shows, in days (inclusive). */
export const MAX_DAYS = 62;

/**
 * The last day the live roster opens on from `from`: the latest end of the plans and published versions
 * starting within the coming two weeks, so that none is cut, and at least those two weeks; never past
 * the page's longest range.
 */
export function openingEnd(from: string, periods: readonly { from: string; to: string }[]): string {
  const coming = addDays(from, COMING_DAYS - 1);
  const cap = addDays(from, MAX_DAYS - 1);
  const end = periods
    .filter((period) => period.from <= coming && period.to >= from)
    .reduce((latest, period) => (period.to > latest ? period.to : latest), coming);
  return end < cap ? end : cap;
}
