/**
 * The rule of a record's times (DESIGN §12): a `Time_Out` needs a `Time_In`, and a `Time_Out` earlier
 * than the `Time_In` would cross midnight, which a record cannot (the import rejects such a row): a night
 * is two segments, `22:00–24:00` on its date and `00:00–06:00` on the next. Times are `HH:mm` (`24:00`
 * only as a `Time_Out`), so text order is time order.
 */
export function timesProblem(
  timeIn: string | null,
  timeOut: string | null,
): { code: 'TIME_OUT_WITHOUT_TIME_IN' | 'TIME_OUT_CROSSES_MIDNIGHT'; message: string } | null {
  if (timeOut === null) return null;
  if (timeIn === null) return { code: 'TIME_OUT_WITHOUT_TIME_IN', message: 'A Time_Out needs a Time_In' };
  if (timeOut < timeIn) {
    return {
      code: 'TIME_OUT_CROSSES_MIDNIGHT',
      message: `Time_Out ${timeOut} is earlier than Time_In ${timeIn}: a record cannot cross midnight`,
    };
  }
  return null;
}
