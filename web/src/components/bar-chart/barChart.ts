/** The arithmetic of `BarChart`, apart from React so that it is tested alone. */

/** A round upper bound for an axis: 1, 2, 2.5 or 5 times a power of ten, at least the largest value. */
export function niceMax(largest: number): number {
  if (!(largest > 0)) return 1;
  const power = 10 ** Math.floor(Math.log10(largest));
  for (const step of [1, 2, 2.5, 5, 10]) if (step * power >= largest) return step * power;
  return 10 * power;
}

/** A value's bar as a share of the axis, in percent, 0–100 (negative values draw no bar). */
export const barPercent = (value: number, max: number) =>
  max > 0 ? Math.min(100, Math.max(0, (value / max) * 100)) : 0;

/** Where a bar starts: at the inline start of the reading direction (the right edge in Arabic). */
export const barStart = (percent: number, rtl: boolean) => (rtl ? 100 - percent : 0);
