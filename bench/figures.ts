/** Figures every benchmark reports: medians, and memory in MB. */

export const median = (values: readonly number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

export const mb = (bytes: number) => Math.round(bytes / 1024 / 1024);

/**
 * Samples the resident set every 50 ms until the answer is called, which gives the peak seen. Work that
 * holds the event loop (a PDF rendered in one go) is not sampled while it runs: the reports benchmark reads
 * the kernel's high-water mark instead.
 */
export function sampledPeakRss(): () => number {
  let peak = process.memoryUsage().rss;
  const timer = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage().rss);
  }, 50);
  return () => {
    clearInterval(timer);
    return peak;
  };
}
