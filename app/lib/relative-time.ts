// Formatters are costly to build: one each, made once (a feed page formats dozens of dates).
const SHORT_DATE = new Intl.DateTimeFormat("en-IN", { day: "numeric", month: "short", year: "numeric", timeZone: "Asia/Kolkata" });
const SHORT_DATE_TIME = new Intl.DateTimeFormat("en-IN", {
  day: "numeric",
  month: "short",
  hour: "numeric",
  minute: "2-digit",
  timeZone: "Asia/Kolkata",
});
const LONG_DATE = new Intl.DateTimeFormat("en-IN", { day: "numeric", month: "long", year: "numeric" });

/** '22 November 2026' (a page's last update). */
export function formatLongDate(date: Date | string): string {
  return LONG_DATE.format(typeof date === "string" ? new Date(date) : date);
}

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/**
 * 'Just now', 'Nm ago' under an hour, 'Nh ago' under a day, 'Nd ago' under a week, then a date; a
 * time still to come (a scheduled post) is its day and time in India: '26 Nov, 9:00 am'.
 */
export function formatRelativeTime(date: Date | string, now: Date = new Date()): string {
  const then = typeof date === "string" ? new Date(date) : date;
  const elapsed = now.getTime() - then.getTime();
  // One spelling whichever ICU formats it (the server's or the browser's): plain spaces, 'am'.
  if (elapsed <= -MINUTE)
    return SHORT_DATE_TIME.format(then)
      .replace(/\s+/g, " ")
      .replace(/\b(AM|PM)\b/, (half) => half.toLowerCase());
  if (elapsed < MINUTE) return "Just now";
  if (elapsed < HOUR) return `${Math.floor(elapsed / MINUTE)}m ago`;
  if (elapsed < DAY) return `${Math.floor(elapsed / HOUR)}h ago`;
  if (elapsed < 7 * DAY) return `${Math.floor(elapsed / DAY)}d ago`;
  return SHORT_DATE.format(then);
}
