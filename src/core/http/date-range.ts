import { daysBetween } from '../time/dates.ts';
import { businessRule } from './errors.ts';

/**
 * Refuses a reversed range (422 `INVALID_DATE_RANGE`, pointing at `/to`) and, given a limit, a longer one
 * (422 `RANGE_TOO_LONG`, "<what> covers at most N days").
 */
export function assertDateRange(from: string, to: string, limit?: { days: number; what: string }): void {
  if (from > to) {
    throw businessRule('INVALID_DATE_RANGE', '"from" must not be after "to"', {
      errors: [{ path: '/to', message: 'before from' }],
    });
  }
  if (limit && daysBetween(from, to) > limit.days) {
    throw businessRule('RANGE_TOO_LONG', `${limit.what} covers at most ${limit.days} days`);
  }
}
