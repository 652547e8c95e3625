/** The variance and utilization figures as the charts draw them, apart from React so that they are tested. */

export interface Heads {
  required: number;
  planned: number;
  actual: number;
}

/** The variance's lines (date × terminal × shift) summed per date, in date order. */
export function headsByDate(lines: readonly ({ date: string } & Heads)[]): ({ date: string } & Heads)[] {
  const days = new Map<string, Heads>();
  for (const line of lines) {
    const day = days.get(line.date) ?? { required: 0, planned: 0, actual: 0 };
    day.required += line.required;
    day.planned += line.planned;
    day.actual += line.actual;
    days.set(line.date, day);
  }
  return [...days.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([date, heads]) => ({ date, ...heads }));
}

/** Utilization (actual ÷ planned hours) as a percentage; null where nothing was planned. */
export const utilizationPercent = (utilization: number | null) =>
  utilization === null ? null : Math.round(utilization * 1000) / 10;
