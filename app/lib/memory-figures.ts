/** How a memory's figures read on the admin's Memory screen. */

/** Hits as a share of all asks: "92%", or "none asked" before the first. */
export function hitRatioText(hits: number, misses: number): string {
  const asks = hits + misses;
  if (asks === 0) return "none asked";
  const percent = (hits / asks) * 100;
  // One decimal under 10% and over 99%, where a whole number would say 0% or 100% of something else.
  return `${percent < 10 || (percent > 99 && percent < 100) ? percent.toFixed(1) : Math.round(percent)}%`;
}

/** An entry's time: "10 s", "1 min", or each entry's own when the memory sets none. */
export function entryTimeText(ttlMs: number | undefined): string {
  if (ttlMs === undefined) return "each entry's own, or until forgotten";
  return ttlMs >= 60_000 && ttlMs % 60_000 === 0 ? `${ttlMs / 60_000} min` : `${ttlMs / 1000} s`;
}

/** How long a process has been up: "3 h 5 min", "12 min", "40 s". */
export function uptimeText(seconds: number): string {
  const whole = Math.floor(seconds);
  if (whole < 60) return `${whole} s`;
  const minutes = Math.floor(whole / 60);
  return minutes < 60 ? `${minutes} min` : `${Math.floor(minutes / 60)} h ${minutes % 60} min`;
}
