/** Helpers `npm run bench` and `npm run bench:load` share. */

/** `YYYY-MM-DD` of today (UTC) plus `months`. */
export function monthsAhead(months: number): string {
  const date = new Date();
  date.setUTCMonth(date.getUTCMonth() + months);
  return date.toISOString().slice(0, 10);
}

/** The nearest-rank percentile `p` (0–100) of sorted values. */
export function percentile(sorted: readonly number[], p: number): number {
  const index = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[index] ?? Number.NaN;
}
